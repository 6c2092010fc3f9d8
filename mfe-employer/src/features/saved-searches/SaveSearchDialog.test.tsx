import { type SavedSearch, savedSearchMessages } from '@meritmatch/contracts';
import { answer, failure, renderArea, screen, sessionOf, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { plainSavedSearch, position, positionsAre, savedSearch, verifiedProfile } from '../../test/fixtures';
import { digestLabel } from './SavedSearchForm';

/** The search page, finding nobody; the employer's positions load with it. */
const open = (path: string) => {
  answer('get', '/employer/search', {
    candidates: [],
    pagination: { currentPage: 1, totalPages: 1, hasNext: false, hasPrev: false, totalCount: 0 },
  });
  return renderArea(App, { mount: '/employer', path, session: sessionOf('employer') });
};
const saved = (search: SavedSearch, message: string = savedSearchMessages.savedWithDigest) =>
  answer('post', '/employer/saved-searches', { message, search }, { status: 201 });

describe('Save search, on the search page', () => {
  it("saves the form's filters and the position under the position's title, with the daily e-mail on", async () => {
    verifiedProfile();
    positionsAre([position]);
    const writes = saved(savedSearch);
    const { user } = open(`/employer/search?position=${position.id}`);
    // the position fills the form, then the search is saved with a level added but not yet searched
    await waitFor(() => expect(screen.getByLabelText('Skills')).toHaveValue('Kotlin, SQL'));
    await user.selectOptions(screen.getByLabelText('Experience'), 'mid');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Backend Engineer');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByRole('checkbox', { name: digestLabel })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(savedSearchMessages.savedWithDigest)).toBeInTheDocument();
    // said as the success it is, though its words do not say "successfully"
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes[0]?.body).toEqual({
      name: 'Backend Engineer',
      digest: true,
      filters: {
        skills: 'Kotlin, SQL',
        preferred: 'Kubernetes',
        location: 'Hamburg',
        experience: 'mid',
        education: 'all',
        position: position.id,
      },
    });
    expect(screen.getByRole('link', { name: 'Go to your saved searches' })).toHaveAttribute(
      'href',
      '/employer/saved-searches',
    );
  });

  it('is offered once the form has a filter, named after its skills, and can go without the e-mail', async () => {
    verifiedProfile();
    positionsAre([]);
    const writes = saved(plainSavedSearch, savedSearchMessages.saved);
    const { user } = open('/employer/search');
    const save = await screen.findByRole('button', { name: 'Save search' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Skills'), ' Go ');
    expect(save).toBeEnabled();
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Go');
    await user.click(within(dialog).getByRole('checkbox', { name: digestLabel }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(savedSearchMessages.saved)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({
      name: 'Go',
      digest: false,
      filters: { skills: 'Go', experience: 'all', education: 'all' },
    });
  });

  it('shows the limit in the dialog when the employer has saved too many', async () => {
    verifiedProfile();
    positionsAre([]);
    answer('post', '/employer/saved-searches', failure(savedSearchMessages.tooMany, 'CONFLICT'), {
      status: 409,
    });
    const { user } = open('/employer/search?location=Lisbon');
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Lisbon');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(savedSearchMessages.tooMany);
    expect(screen.getByRole('dialog', { name: 'Save search' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a name at the field", async () => {
    verifiedProfile();
    positionsAre([]);
    answer(
      'post',
      '/employer/saved-searches',
      {
        message: 'Invalid saved search',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'name', message: 'You already have a saved search with this name' }],
      },
      { status: 400 },
    );
    const { user } = open('/employer/search?skills=Go');
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You already have a saved search with this name'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });
});
