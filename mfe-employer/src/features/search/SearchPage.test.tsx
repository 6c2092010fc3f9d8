import { employerMessages, type Position } from '@meritmatch/contracts';
import {
  answer,
  failure,
  gate,
  renderArea,
  screen,
  sessionOf,
  waitFor,
  within,
} from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import {
  approvedRequest,
  candidate,
  closedPosition,
  position,
  positionsAre,
  verifiedProfile,
} from '../../test/fixtures';

const page = (candidates: unknown[], totalCount = candidates.length) => ({
  candidates,
  pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount },
});
/** The search page; the employer's positions (none unless told) load with it. */
const open = (path = '/employer/search', positions: Position[] = []) => {
  positionsAre(positions);
  return renderArea(App, { mount: '/employer', path, session: sessionOf('employer') });
};
/** The server takes a match request. */
const requestAccepted = () =>
  answer(
    'post',
    '/employer/request-candidate',
    { message: 'ok', request: { ...approvedRequest, status: 'pending', status_label: 'Pending Review' } },
    { status: 201 },
  );
const withFactors = (factors: { skills: number; experience: string | null; education: string | null }) => ({
  ...candidate,
  fit: { score: 80, label: 'Strong fit', ranking: 'fit-2', matched: ['Kotlin'], missing: [], factors },
});
const detailOf = () =>
  answer('get', `/employer/candidate/${candidate.id}`, {
    candidate: {
      id: candidate.id,
      unique_code: 'EM123456',
      location: 'Hamburg, Germany',
      age_band: null,
      gender: null,
      skills: [{ name: 'Kotlin', proficiency_level: 'expert' }],
      experiences: [],
      education: [],
      certifications: [],
    },
  });

describe('Search Candidates', () => {
  it('shows cards with five skills and +N more, and keeps the filters in the address', async () => {
    verifiedProfile();
    const calls = answer('get', '/employer/search', page([candidate]));
    const { user } = open();
    const card = await screen.findByTestId('candidate-card');
    expect(card).toHaveTextContent('EM123456');
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
    expect(card).toHaveTextContent('2 experience entries');
    await user.type(screen.getByLabelText('Skills'), 'Kotlin');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // the location is always on screen: wait for its text, not for the element
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/employer/search?skills=Kotlin'),
    );
    await waitFor(() => expect(calls.at(-1)?.query.get('skills')).toBe('Kotlin'));
  });

  it('ranks by nice-to-have skills too, and says on each card how the candidate fits and what it lacks', async () => {
    verifiedProfile();
    const ranked = {
      ...candidate,
      fit: {
        score: 85,
        label: 'Strong fit',
        ranking: 'fit-2',
        matched: ['Kotlin', 'SQL'],
        missing: ['GraphQL'],
        factors: { skills: 85, experience: null, education: null },
      },
    };
    const calls = answer('get', '/employer/search', page([ranked]));
    const { user } = open('/employer/search?skills=kotlin');
    const fit = await screen.findByTestId('candidate-fit');
    expect(fit).toHaveTextContent('Strong fit for EM123456, 85 of 100');
    expect(fit).toHaveTextContent('Matched: Kotlin, SQL');
    expect(fit).toHaveTextContent('Missing: GraphQL');
    // the detail explains the score in words
    detailOf();
    await user.click(screen.getByRole('button', { name: 'View details of EM123456' }));
    const explained = await screen.findByRole('region', { name: 'Strong fit: 85 of 100' });
    expect(explained).toHaveTextContent('expert 100%, advanced 80%, intermediate 60%, beginner 40%');
    expect(explained).toHaveTextContent('Missing nice-to-have skills: GraphQL');
    expect(explained).toHaveTextContent('Gender, age and location never count.');
    // a search without a position weighs no level
    expect(explained).not.toHaveTextContent('Experience:');
    expect(explained).not.toHaveTextContent('From the position');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Nice to have'), 'SQL, GraphQL');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('preferred')).toBe('SQL, GraphQL'));
    expect(calls.at(-1)?.query.get('skills')).toBe('kotlin');
    expect(screen.getByTestId('location')).toHaveTextContent('preferred=SQL%2C+GraphQL');
  });

  it('shows no fit on a card when the search names no skill', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    open();
    await screen.findByTestId('candidate-card');
    expect(screen.queryByTestId('candidate-fit')).not.toBeInTheDocument();
  });

  it('says when no candidate fits', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([]));
    open();
    expect(await screen.findByText(employerMessages.noCandidates)).toBeInTheDocument();
  });

  it('explains a refusal for an account that is not verified', async () => {
    verifiedProfile();
    answer('get', '/employer/search', failure('Not verified', 'FORBIDDEN'), { status: 403 });
    open();
    expect(await screen.findByText(employerMessages.notVerified)).toBeInTheDocument();
  });

  it('keeps the line under Position while the positions load, so that the cards below stay put', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    const positions = gate();
    const { container } = open();
    answer('get', '/employer/positions', { positions: [] }, { wait: positions.closed });
    const hint = () => within(container).getByLabelText('Position').getAttribute('aria-describedby');
    expect(await screen.findByText('Loading your positions…')).toBeInTheDocument();
    expect(hint()).toBeTruthy();
    positions.open();
    expect(await screen.findByText(/to search from it\.$/)).toBeInTheDocument();
    expect(screen.queryByText('Loading your positions…')).not.toBeInTheDocument();
  });

  it('says under Position when the positions could not be loaded, and searches all the same', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    open();
    answer('get', '/employer/positions', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    expect(await screen.findByText('Your positions could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByTestId('candidate-card')).toBeInTheDocument();
  });

  it('shows an error with Try again when search is down', async () => {
    verifiedProfile();
    answer('get', '/employer/search', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('Candidates could not be loaded.')).toBeInTheDocument();
    expect(
      screen.getByText('Search is not answering right now. Please try again in a moment.'),
    ).toBeInTheDocument();
  });

  it('sends a match request with a message and confirms it', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    const writes = requestAccepted();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Request match with EM123456' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Hiring a lead engineer');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText(employerMessages.requestSent)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ jobSeekerId: candidate.id, message: 'Hiring a lead engineer' });
  });

  it('shows the server message when a match request is refused', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    answer(
      'post',
      '/employer/request-candidate',
      failure('You already asked for this candidate', 'CONFLICT'),
      {
        status: 409,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Request match with EM123456' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already asked for this candidate',
    );
  });

  it("shows a candidate's detail: place, age band, gender, skills with levels and the history", async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    answer('get', `/employer/candidate/${candidate.id}`, {
      candidate: {
        id: candidate.id,
        unique_code: 'EM123456',
        location: 'Hamburg, Germany',
        age_band: '30–34',
        gender: null,
        skills: [{ name: 'Kotlin', proficiency_level: 'expert' }],
        experiences: [
          {
            position: 'Backend Developer',
            company_name: 'Nordhafen Logistics',
            start_date: '2019-03-01',
            end_date: null,
            description: 'Built the tracking API.',
          },
        ],
        education: [
          {
            degree: "Bachelor's Degree",
            field_of_study: 'Computer Science',
            institution: 'University of Hamburg',
            graduation_year: 2018,
            gpa: 3.7,
          },
        ],
        certifications: [],
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'View details of EM123456' }));
    const detail = await within(await screen.findByRole('dialog')).findByTestId('candidate-detail');
    expect(detail).toHaveTextContent('Location: Hamburg, Germany');
    expect(detail).toHaveTextContent('Age: 30–34');
    expect(detail).toHaveTextContent('Gender: Not shown');
    expect(detail).toHaveTextContent('KotlinExpert');
    expect(detail).toHaveTextContent(
      'Backend DeveloperNordhafen LogisticsMar 2019 – PresentBuilt the tracking API.',
    );
    expect(detail).toHaveTextContent(
      "Bachelor's Degree in Computer ScienceUniversity of HamburgGraduated 2018 · GPA 3.70/4.0",
    );
    expect(detail).toHaveTextContent('No certifications listed.');
  });

  it('reports a candidate detail that cannot load, in the dialog and on the page', async () => {
    verifiedProfile();
    answer('get', '/employer/search', page([candidate]));
    answer('get', `/employer/candidate/${candidate.id}`, failure('down', 'SERVICE_UNAVAILABLE'), {
      status: 503,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'View details of EM123456' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(employerMessages.detailFailedModal)).toBeInTheDocument();
    expect(await screen.findByText(employerMessages.detailFailedAlert)).toBeInTheDocument();
  });

  it('searches from a position: choosing one fills the filters, which stay editable, and the search sends it', async () => {
    verifiedProfile();
    const calls = answer('get', '/employer/search', page([candidate]));
    const { user } = open('/employer/search', [position, closedPosition]);
    const select = await screen.findByLabelText('Position');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No position', 'Backend Engineer']),
    );
    await user.selectOptions(select, 'Backend Engineer');
    expect(screen.getByLabelText('Skills')).toHaveValue('Kotlin, SQL');
    expect(screen.getByLabelText('Nice to have')).toHaveValue('Kubernetes');
    expect(screen.getByLabelText('Location')).toHaveValue('Hamburg');
    await user.type(screen.getByLabelText('Nice to have'), ', Go');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('position')).toBe(position.id));
    expect(calls.at(-1)?.query.get('skills')).toBe('Kotlin, SQL');
    expect(calls.at(-1)?.query.get('preferred')).toBe('Kubernetes, Go');
    expect(calls.at(-1)?.query.get('location')).toBe('Hamburg');
    expect(screen.getByTestId('location')).toHaveTextContent(`position=${position.id}`);
  });

  it('fills the filters from ?position=<id> before it searches, and preselects the position', async () => {
    verifiedProfile();
    const remote = { ...position, work_mode: 'remote' as const, location: 'Berlin' };
    const calls = answer('get', '/employer/search', page([candidate]));
    open(`/employer/search?position=${position.id}`, [remote]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('skills=Kotlin%2C+SQL'));
    await screen.findByTestId('candidate-card');
    // the first search already carries the position's skills; a remote position names no location
    expect(calls[0]?.query.get('skills')).toBe('Kotlin, SQL');
    expect(calls[0]?.query.get('preferred')).toBe('Kubernetes');
    expect(calls[0]?.query.get('position')).toBe(position.id);
    expect(calls[0]?.query.has('location')).toBe(false);
    expect(screen.getByLabelText('Position')).toHaveValue(position.id);
  });

  it("sends a match request that names the search's position, or another one", async () => {
    verifiedProfile();
    const other = {
      ...position,
      id: '6f5e4d3c-2b1a-4c9d-8e7f-6a5b4c3d2e1f',
      title: 'Site Reliability Engineer',
    };
    answer('get', '/employer/search', page([candidate]));
    const writes = requestAccepted();
    const { user } = open(`/employer/search?skills=Kotlin&position=${position.id}`, [
      position,
      other,
      closedPosition,
    ]);
    await user.click(await screen.findByRole('button', { name: 'Request match with EM123456' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Position (optional)');
    expect(select).toHaveValue(position.id);
    expect(within(select).queryByRole('option', { name: 'Data Analyst' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText(employerMessages.requestSent)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ jobSeekerId: candidate.id, positionId: position.id });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Request match with EM123456' }));
    const again = await screen.findByRole('dialog');
    await user.selectOptions(
      within(again).getByLabelText('Position (optional)'),
      'Site Reliability Engineer',
    );
    await user.click(within(again).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.body).toEqual({ jobSeekerId: candidate.id, positionId: other.id });
  });

  it("explains how experience and education meet a position's levels, and leaves out what was not asked", async () => {
    verifiedProfile();
    answer(
      'get',
      '/employer/search',
      page([withFactors({ skills: 80, experience: 'near', education: 'meets' })]),
    );
    detailOf();
    const { user } = open(`/employer/search?skills=Kotlin&position=${position.id}`, [position]);
    await user.click(await screen.findByRole('button', { name: 'View details of EM123456' }));
    const explained = await screen.findByRole('region', { name: 'Strong fit: 80 of 100' });
    expect(explained).toHaveTextContent(
      'From the position, the score is made of skills 70%, experience 15% and education 15%.',
    );
    expect(explained).toHaveTextContent('Skills: 80 of 100');
    expect(explained).toHaveTextContent('Experience: one level off (counts half)');
    expect(explained).toHaveTextContent("Education: meets the position's level (counts in full)");
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives a factor the position does not ask for to the others', async () => {
    verifiedProfile();
    answer(
      'get',
      '/employer/search',
      page([withFactors({ skills: 90, experience: 'far', education: null })]),
    );
    detailOf();
    const { user } = open(`/employer/search?skills=Kotlin&position=${position.id}`, [position]);
    await user.click(await screen.findByRole('button', { name: 'View details of EM123456' }));
    const explained = await screen.findByRole('region', { name: 'Strong fit: 80 of 100' });
    expect(explained).toHaveTextContent('the score is made of skills 82% and experience 18%.');
    expect(explained).toHaveTextContent('Experience: further off (counts nothing)');
    expect(explained).not.toHaveTextContent('Education:');
  });
});
