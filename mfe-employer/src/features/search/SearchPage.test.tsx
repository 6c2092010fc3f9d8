import { employerMessages } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { approvedRequest, candidate, verifiedProfile } from '../../test/fixtures';

const page = (candidates: unknown[], totalCount = candidates.length) => ({
  candidates,
  pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount },
});
const open = (path = '/employer/search') =>
  renderArea(App, { mount: '/employer', path, session: sessionOf('employer') });

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
        ranking: 'skills-1',
        matched: ['Kotlin', 'SQL'],
        missing: ['GraphQL'],
      },
    };
    const calls = answer('get', '/employer/search', page([ranked]));
    const { user } = open('/employer/search?skills=kotlin');
    const fit = await screen.findByTestId('candidate-fit');
    expect(fit).toHaveTextContent('Strong fit for EM123456, 85 of 100');
    expect(fit).toHaveTextContent('Matched: Kotlin, SQL');
    expect(fit).toHaveTextContent('Missing: GraphQL');
    // the detail explains the score in words
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
    await user.click(screen.getByRole('button', { name: 'View details of EM123456' }));
    const explained = await screen.findByRole('region', { name: 'Strong fit: 85 of 100' });
    expect(explained).toHaveTextContent('expert 100%, advanced 80%, intermediate 60%, beginner 40%');
    expect(explained).toHaveTextContent('Missing nice-to-have skills: GraphQL');
    expect(explained).toHaveTextContent('Gender, age and location never count.');
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
    const writes = answer(
      'post',
      '/employer/request-candidate',
      { message: 'ok', request: { ...approvedRequest, status: 'pending', status_label: 'Pending Review' } },
      { status: 201 },
    );
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
});
