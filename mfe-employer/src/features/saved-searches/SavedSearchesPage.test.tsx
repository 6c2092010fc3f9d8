import { type SavedSearch, savedSearchMessages } from '@meritmatch/contracts';
import { formatDateTime } from '@meritmatch/web-kit';
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
  plainSavedSearch,
  positionsAre,
  savedSearch,
  savedSearchesAre,
  verifiedProfile,
} from '../../test/fixtures';
import { savedSearchTexts } from './SavedSearchesPage';

const open = () =>
  renderArea(App, { mount: '/employer', path: '/employer/saved-searches', session: sessionOf('employer') });

/** The server's answer to a change: the search as it is now. */
const changed = (search: SavedSearch) => ({ message: savedSearchMessages.updated, search });
const items = () => screen.getAllByTestId('saved-search');

describe('Saved Searches', () => {
  it('sits in the menu after Search Candidates, and lists each search with its filters in words', async () => {
    verifiedProfile();
    const loading = gate();
    answer(
      'get',
      '/employer/saved-searches',
      { searches: [savedSearch, plainSavedSearch] },
      { wait: loading.closed },
    );
    open();
    const menu = await screen.findByRole('navigation', { name: 'Employer menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Company Profile', 'Search Candidates', 'Saved Searches', 'Positions', 'Match Requests']);
    expect(within(menu).getByRole('link', { name: 'Saved Searches' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findAllByText('Loading your saved searches…')).not.toHaveLength(0);
    loading.open();

    const [fromPosition, plain] = await screen.findAllByTestId('saved-search');
    expect(within(fromPosition!).getByRole('heading', { name: 'Backend Engineer' })).toBeInTheDocument();
    expect(
      within(fromPosition!)
        .getAllByRole('listitem')
        .map((phrase) => phrase.textContent),
    ).toEqual([
      'Skills: Kotlin, SQL',
      'Nice to have: Kubernetes',
      'Location: Hamburg',
      'Mid level (3-5 years)',
      "Bachelor's",
      'From position: Backend Engineer',
    ]);
    expect(
      within(fromPosition!).getByRole('checkbox', { name: 'Daily e-mail: on for Backend Engineer' }),
    ).toBeChecked();
    expect(fromPosition).toHaveTextContent(`Last checked ${formatDateTime(savedSearch.last_digest_at!)}`);

    expect(within(plain!).getByRole('list', { name: 'Filters of Go developers' })).toHaveTextContent(
      'Skills: Go',
    );
    expect(plain).not.toHaveTextContent('From position');
    expect(
      within(plain!).getByRole('checkbox', { name: 'Daily e-mail: off for Go developers' }),
    ).not.toBeChecked();
    expect(plain).not.toHaveTextContent('Last checked');
  });

  it('says when there are none yet, and how to get one', async () => {
    verifiedProfile();
    savedSearchesAre([]);
    open();
    expect(await screen.findByText(savedSearchTexts.empty)).toBeInTheDocument();
    expect(screen.getByText(savedSearchTexts.emptyHint)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Search Candidates' }).length).toBeGreaterThan(1);
  });

  it('shows an error with Try again when they cannot be loaded, and the refusal of an unverified account', async () => {
    verifiedProfile();
    answer('get', '/employer/saved-searches', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    const { unmount, user } = open();
    expect(await screen.findByText(savedSearchTexts.loadFailed)).toBeInTheDocument();
    savedSearchesAre([plainSavedSearch]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('saved-search')).toHaveTextContent('Go developers');
    unmount();

    answer('get', '/employer/saved-searches', failure('Not verified', 'FORBIDDEN'), { status: 403 });
    open();
    expect(await screen.findByText(savedSearchTexts.notVerified)).toBeInTheDocument();
  });

  it('turns the daily e-mail on at once with its name, and puts it back when refused', async () => {
    verifiedProfile();
    savedSearchesAre([savedSearch, plainSavedSearch]);
    const saving = gate();
    const writes = answer(
      'put',
      `/employer/saved-searches/${plainSavedSearch.id}`,
      changed({ ...plainSavedSearch, digest: true }),
      { wait: saving.closed },
    );
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Daily e-mail: off for Go developers' }));
    // the switch moves before the server answers
    expect(await screen.findByRole('checkbox', { name: 'Daily e-mail: on for Go developers' })).toBeChecked();
    saving.open();
    expect(await screen.findByText(savedSearchMessages.updated)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({ name: 'Go developers', digest: true });
    expect(screen.getByRole('checkbox', { name: 'Daily e-mail: on for Go developers' })).toBeChecked();

    answer(
      'put',
      `/employer/saved-searches/${savedSearch.id}`,
      failure(savedSearchMessages.notFound, 'NOT_FOUND'),
      { status: 404 },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Daily e-mail: on for Backend Engineer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(savedSearchMessages.notFound);
    expect(screen.getByRole('checkbox', { name: 'Daily e-mail: on for Backend Engineer' })).toBeChecked();
  });

  it('renames a search in a dialog, keeping its daily e-mail', async () => {
    verifiedProfile();
    savedSearchesAre([savedSearch]);
    const writes = answer(
      'put',
      `/employer/saved-searches/${savedSearch.id}`,
      changed({ ...savedSearch, name: 'Hamburg backend' }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Rename Backend Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Backend Engineer' });
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveFocus());
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.type(name, 'Hamburg backend');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(savedSearchMessages.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes[0]?.body).toEqual({ name: 'Hamburg backend', digest: true });
    expect(screen.getByRole('heading', { name: 'Hamburg backend' })).toBeInTheDocument();
  });

  it('asks before deleting a search, and then takes it away', async () => {
    verifiedProfile();
    savedSearchesAre([savedSearch, plainSavedSearch]);
    const deletes = answer('delete', `/employer/saved-searches/${plainSavedSearch.id}`, {
      message: savedSearchMessages.deleted,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Go developers' }));
    let confirmation = await screen.findByRole('alertdialog');
    expect(confirmation).toHaveTextContent(savedSearchTexts.confirmDelete('Go developers'));
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toHaveLength(0);
    expect(items()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete Go developers' }));
    confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Delete search' }));
    expect(await screen.findByText(savedSearchMessages.deleted)).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('Backend Engineer');
  });

  it('runs a search on the search page with its filters and position in the address', async () => {
    verifiedProfile();
    savedSearchesAre([savedSearch]);
    positionsAre([]);
    const searches = answer('get', '/employer/search', {
      candidates: [],
      pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount: 0 },
    });
    const { user } = open();
    await user.click(await screen.findByRole('link', { name: 'Run Backend Engineer' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/employer/search?skills=Kotlin%2C+SQL&preferred=Kubernetes&location=Hamburg&experience=mid&education=bachelor&position=${savedSearch.filters.position_id}`,
      ),
    );
    await waitFor(() => expect(searches).toHaveLength(1));
    const query = searches[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      skills: 'Kotlin, SQL',
      preferred: 'Kubernetes',
      location: 'Hamburg',
      experience: 'mid',
      education: 'bachelor',
      position: savedSearch.filters.position_id,
    });
    expect(await screen.findByLabelText('Skills')).toHaveValue('Kotlin, SQL');
  });
});
