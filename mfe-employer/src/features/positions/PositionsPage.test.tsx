import { type Position, positionMessages } from '@meritmatch/contracts';
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
import { closedPosition, position, positionsAre, verifiedProfile } from '../../test/fixtures';

type User = ReturnType<typeof open>['user'];

/** The page with the vocabulary answering nothing, unless a test answers it after. */
const open = () => {
  answer('get', '/employer/skill-suggestions', { suggestions: [] });
  return renderArea(App, { mount: '/employer', path: '/employer/positions', session: sessionOf('employer') });
};

/** Types by pasting: key by key is slow on a busy machine, and asks the vocabulary at every key. */
const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

const created: Position = {
  ...position,
  id: '9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f',
  title: 'Platform Engineer',
  description: 'Keep our fleet running.',
  work_mode: 'remote',
  location: null,
  country: null,
  salary: { min: 70000, max: 90000, currency: 'EUR' },
  must_have: ['Kubernetes', 'Go'],
  nice_to_have: [],
  experience: 'all',
  education: 'all',
  start_within_weeks: null,
};

/** Fills the dialog with a remote position open to anyone. */
async function fillRemotePosition(user: User, dialog: HTMLElement) {
  await fill(user, field(dialog, /^Title/), 'Platform Engineer');
  await fill(user, field(dialog, /^Description/), 'Keep our fleet running.');
  await user.selectOptions(field(dialog, /^Work mode/), 'Remote');
  await fill(user, field(dialog, /^Minimum/), '70,000');
  await fill(user, field(dialog, /^Maximum/), '90000');
  await fill(user, field(dialog, /^Must-have skills/), 'Kubernetes, Go');
}

describe('Positions', () => {
  it('sits in the menu between Saved Searches and Match Requests, and lists each position with its terms', async () => {
    verifiedProfile();
    const loading = gate();
    answer('get', '/employer/positions', { positions: [position, closedPosition] }, { wait: loading.closed });
    const { user } = open();
    const menu = await screen.findByRole('navigation', { name: 'Employer menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Company Profile', 'Search Candidates', 'Saved Searches', 'Positions', 'Match Requests']);
    expect(within(menu).getByRole('link', { name: 'Positions' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByText('Loading your positions…')).not.toHaveLength(0);
    loading.open();
    const [open_, closed] = await screen.findAllByTestId('position');
    expect(open_).toHaveTextContent('Backend Engineer');
    expect(open_).toHaveTextContent('Open');
    expect(within(open_!).getByRole('list', { name: 'Terms of Backend Engineer' })).toHaveTextContent(
      'HybridLocation: Hamburg, Germany€60,000–€80,000 a year2 must-have skills',
    );
    expect(closed).toHaveTextContent('Closed');
    expect(closed).toHaveTextContent('RemoteLocation: Anywhere£50,000 a year1 must-have skill');
    expect(within(closed!).queryByRole('link', { name: /Search candidates/ })).not.toBeInTheDocument();
    expect(within(closed!).getByRole('button', { name: 'Reopen Data Analyst' })).toBeInTheDocument();

    answer('get', '/employer/search', {
      candidates: [],
      pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount: 0 },
    });
    await user.click(within(open_!).getByRole('link', { name: 'Search candidates for Backend Engineer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`position=${position.id}`));
  });

  it('says when there are none yet, and offers to create one', async () => {
    verifiedProfile();
    positionsAre([]);
    open();
    expect(await screen.findByText('No positions yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Create a position to search from it and to name it in your match requests.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New position' })).toHaveLength(2);
  });

  it('shows an error with Try again when they cannot be loaded, and the refusal of an unverified account', async () => {
    verifiedProfile();
    answer('get', '/employer/positions', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    const { unmount } = open();
    expect(await screen.findByText('Your positions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    unmount();

    answer('get', '/employer/positions', failure('Not verified', 'FORBIDDEN'), { status: 403 });
    open();
    expect(
      await screen.findByText('Your account needs to be verified before you can manage positions.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New position' })).not.toBeInTheDocument();
  });

  it('checks a new position with the contract before sending it', async () => {
    verifiedProfile();
    positionsAre([]);
    const writes = answer('post', '/employer/positions', {}, { status: 201 });
    const { user } = open();
    await user.click((await screen.findAllByRole('button', { name: 'New position' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New position' });
    await waitFor(() => expect(field(dialog, /^Title/)).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Create position' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum salary must be a number')).toBeInTheDocument();
    expect(within(dialog).getByText('Name at least one must-have skill')).toBeInTheDocument();

    // on-site work is somewhere: the rest valid, the country is still missing
    await fillRemotePosition(user, dialog);
    await user.selectOptions(field(dialog, /^Work mode/), 'On-site');
    await fill(user, field(dialog, /^Location/), 'Hamburg');
    await user.click(within(dialog).getByRole('button', { name: 'Create position' }));
    expect(
      await within(dialog).findByText('On-site and hybrid positions need a country'),
    ).toBeInTheDocument();
    expect(field(dialog, /^Country/)).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toHaveLength(0);
  });

  it("creates a position, showing the server's refusals at their fields first", async () => {
    verifiedProfile();
    positionsAre([position]);
    const refused = answer(
      'post',
      '/employer/positions',
      {
        message: 'Title is taken',
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'title', message: 'You already have a position with this title' },
          { path: 'mustHave.1', message: 'Unknown skill' },
        ],
      },
      { status: 400 },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New position' }));
    const dialog = await screen.findByRole('dialog', { name: 'New position' });
    await fillRemotePosition(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create position' }));

    expect(
      await within(dialog).findByText('You already have a position with this title'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown skill')).toBeInTheDocument();
    expect(field(dialog, /^Must-have skills/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field(dialog, /^Title/)).toHaveFocus());
    expect(refused[0]?.body).toEqual({
      title: 'Platform Engineer',
      description: 'Keep our fleet running.',
      workMode: 'remote',
      country: null,
      salary: { min: 70000, max: 90000, currency: 'EUR' },
      mustHave: ['Kubernetes', 'Go'],
      niceToHave: [],
      experience: 'all',
      education: 'all',
      startWithinWeeks: null,
    });

    answer(
      'post',
      '/employer/positions',
      { message: positionMessages.created, position: created },
      { status: 201 },
    );
    await fill(user, field(dialog, /^Title/), 'Platform Engineer');
    await user.click(within(dialog).getByRole('button', { name: 'Create position' }));
    expect(await screen.findByText(positionMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [first, second] = screen.getAllByTestId('position');
    expect(first).toHaveTextContent('Platform Engineer');
    expect(second).toHaveTextContent('Backend Engineer');
  });

  it("offers the vocabulary's skills for the last skill typed, keeping the ones before it", async () => {
    verifiedProfile();
    positionsAre([]);
    const { user } = open();
    const asked = answer('get', '/employer/skill-suggestions', {
      suggestions: [{ id: 'esco:javascript', name: 'JavaScript', matched: 'JS' }],
    });
    await user.click((await screen.findAllByRole('button', { name: 'New position' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New position' });
    const mustHave = field(dialog, /^Must-have skills/);
    await fill(user, mustHave, 'Kotlin, js');
    const list = within(dialog).getByTestId('skill-vocabulary-mustHave');
    expect(mustHave).toHaveAttribute('list', list.id);
    await waitFor(() => expect(list.querySelector('option')).toHaveAttribute('value', 'Kotlin, JavaScript'));
    expect(list.querySelector('option')).toHaveTextContent('Kotlin, js → JavaScript');
    expect(asked.at(-1)?.query.get('q')).toBe('js');
  });

  it('edits a position from its own terms', async () => {
    verifiedProfile();
    positionsAre([position]);
    const renamed = { ...position, title: 'Senior Backend Engineer' };
    const writes = answer('put', `/employer/positions/${position.id}`, {
      message: positionMessages.updated,
      position: renamed,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Backend Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Backend Engineer' });
    expect(field(dialog, /^Country/)).toHaveValue('DE');
    expect(field(dialog, /^Must-have skills/)).toHaveValue('Kotlin, SQL');
    expect(field(dialog, /^Experience level/)).toHaveValue('mid');
    await fill(user, field(dialog, /^Title/), 'Senior Backend Engineer');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(positionMessages.updated)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      title: 'Senior Backend Engineer',
      description: position.description,
      workMode: 'hybrid',
      location: 'Hamburg',
      country: 'DE',
      salary: { min: 60000, max: 80000, currency: 'EUR' },
      mustHave: ['Kotlin', 'SQL'],
      niceToHave: ['Kubernetes'],
      experience: 'mid',
      education: 'bachelor',
      startWithinWeeks: 8,
    });
    expect(screen.getByTestId('position')).toHaveTextContent('Senior Backend Engineer');
  });

  it('closes a position after a confirmation, and reopens it', async () => {
    verifiedProfile();
    positionsAre([position]);
    const closing = answer('post', `/employer/positions/${position.id}/close`, {
      message: positionMessages.closed,
      position: { ...position, status: 'closed' },
    });
    const reopening = answer('post', `/employer/positions/${position.id}/reopen`, {
      message: positionMessages.reopened,
      position,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Close Backend Engineer' }));
    const confirmation = await screen.findByRole('alertdialog');
    expect(confirmation).toHaveTextContent('Close Backend Engineer? It no longer appears when you search');
    await user.click(within(confirmation).getByRole('button', { name: 'Close position' }));
    expect(await screen.findByText(positionMessages.closed)).toBeInTheDocument();
    // said as the success it is, though its words do not say "successfully"
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('position')).toHaveAttribute('data-status', 'closed');
    expect(closing).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reopen Backend Engineer' }));
    expect(await screen.findByText(positionMessages.reopened)).toBeInTheDocument();
    expect(screen.getByTestId('position')).toHaveAttribute('data-status', 'open');
    expect(reopening).toHaveLength(1);
  });

  it("shows the server's refusal to reopen", async () => {
    verifiedProfile();
    positionsAre([closedPosition]);
    answer(
      'post',
      `/employer/positions/${closedPosition.id}/reopen`,
      failure(positionMessages.tooMany, 'CONFLICT'),
      {
        status: 409,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Reopen Data Analyst' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(positionMessages.tooMany);
  });
});
