import { type JobPreferences, noPreferences, preferencesTexts } from '@meritmatch/contracts';
import { answer, failure, gate, screen, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { noProfileYet, openArea, profile, profileIs } from '../../test/fixtures';

const saved: JobPreferences = {
  workModes: ['hybrid', 'remote'],
  countries: ['DE', 'AT'],
  noticeWeeks: 8,
  minimumSalary: { amount: 65000, currency: 'EUR' },
};
const preferencesAre = (preferences: JobPreferences) =>
  answer('get', '/job-seeker/preferences', { preferences });
const open = () => openArea('/job-seeker/preferences');
const savedAs = (preferences: JobPreferences) => ({ message: preferencesTexts.saved, preferences });
const chosenCountries = () =>
  within(screen.getByRole('list', { name: 'Chosen countries' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('×', ''));

describe('Job preferences: private, a filter only', () => {
  it('says they are private and shows them as saved: work modes, countries by name, notice, salary', async () => {
    profileIs(profile);
    preferencesAre(saved);
    open();
    const form = await screen.findByRole('form', { name: 'Job preferences' });
    expect(screen.getByText(preferencesTexts.privacy)).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'On-site' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Hybrid' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    expect(chosenCountries()).toEqual(['Germany', 'Austria']);
    expect(within(form).getByLabelText(/Notice period/)).toHaveValue(8);
    expect(within(form).getByLabelText('Amount per year')).toHaveValue('65000');
    expect(within(form).getByLabelText('Currency')).toHaveValue('EUR');
    // in the Profile Builder menu, with no completion dot
    const menu = screen.getByRole('navigation', { name: 'Profile Builder' });
    expect(within(menu).getByRole('link', { name: 'Job preferences' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('changes them with the keyboard and saves the whole of them', async () => {
    profileIs(profile);
    preferencesAre(saved);
    const next: JobPreferences = {
      workModes: ['on-site', 'hybrid'],
      countries: ['AT', 'ES'],
      noticeWeeks: 4,
      minimumSalary: { amount: 70000, currency: 'CHF' },
    };
    const writes = answer('put', '/job-seeker/preferences', savedAs(next));
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Job preferences' });
    within(form).getByRole('checkbox', { name: 'On-site' }).focus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    expect(within(form).getByRole('checkbox', { name: 'Remote' })).toHaveFocus();
    await user.keyboard(' ');
    // a country by its name, added with Enter (which does not save the form)
    const country = within(form).getByLabelText(preferencesTexts.countries);
    await user.type(country, 'spain{Enter}');
    expect(writes).toHaveLength(0);
    expect(chosenCountries()).toEqual(['Germany', 'Austria', 'Spain']);
    expect(screen.getByText('Spain added')).toBeInTheDocument();
    expect(country).toHaveValue('');
    within(form).getByRole('button', { name: 'Remove Germany' }).focus();
    await user.keyboard('{Enter}');
    expect(chosenCountries()).toEqual(['Austria', 'Spain']);
    expect(country).toHaveFocus();
    const notice = within(form).getByLabelText(/Notice period/);
    await user.clear(notice);
    await user.type(notice, '4');
    const amount = within(form).getByLabelText('Amount per year');
    await user.clear(amount);
    await user.type(amount, '70,000');
    await user.selectOptions(within(form).getByLabelText('Currency'), 'CHF');
    await user.click(within(form).getByRole('button', { name: preferencesTexts.save }));

    expect(await screen.findByText(preferencesTexts.saved)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual(next);
  });

  it('saves none at all: nothing ticked, no country, empty notice and salary', async () => {
    profileIs(profile);
    preferencesAre(saved);
    const writes = answer('put', '/job-seeker/preferences', savedAs(noPreferences));
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Job preferences' });
    await user.click(within(form).getByRole('checkbox', { name: 'Hybrid' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Remote' }));
    await user.click(within(form).getByRole('button', { name: 'Remove Germany' }));
    await user.click(within(form).getByRole('button', { name: 'Remove Austria' }));
    expect(within(form).getByText('Anywhere: no country chosen.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Notice period/));
    await user.clear(within(form).getByLabelText('Amount per year'));
    await user.click(within(form).getByRole('button', { name: preferencesTexts.save }));
    expect(await screen.findByText(preferencesTexts.saved)).toBeInTheDocument();
    expect(writes[0]?.body).toEqual(noPreferences);
  });

  it('checks them with the contract before sending, and says what is wrong where', async () => {
    profileIs(profile);
    preferencesAre(noPreferences);
    const writes = answer('put', '/job-seeker/preferences', savedAs(noPreferences));
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Job preferences' });
    const country = within(form).getByLabelText(preferencesTexts.countries);
    await user.type(country, 'Atlantis');
    await user.click(within(form).getByRole('button', { name: 'Add country' }));
    expect(await within(form).findByText('Choose a country from the list')).toBeInTheDocument();
    expect(country).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText(/Notice period/), '30');
    await user.type(within(form).getByLabelText('Amount per year'), '5000.50');
    await user.click(within(form).getByRole('button', { name: preferencesTexts.save }));
    expect(await within(form).findByText('Notice period can be at most 26 weeks')).toBeInTheDocument();
    expect(within(form).getByText('Minimum salary must be a whole number')).toBeInTheDocument();
    expect(within(form).getByLabelText('Amount per year')).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toHaveLength(0);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    profileIs(profile);
    preferencesAre(noPreferences);
    answer('put', '/job-seeker/preferences', failure('Unknown currency', 'VALIDATION_FAILED'), {
      status: 400,
    });
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Job preferences' });
    await user.type(within(form).getByLabelText('Amount per year'), '50000');
    await user.click(within(form).getByRole('button', { name: preferencesTexts.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown currency');
    expect(within(form).getByLabelText('Amount per year')).toHaveValue('50000');
  });

  it('shows that they are loading, says so when they cannot be loaded, and loads them again on request', async () => {
    profileIs(profile);
    const slow = gate();
    answer('get', '/job-seeker/preferences', failure('down', 'SERVICE_UNAVAILABLE'), {
      status: 503,
      wait: slow.closed,
    });
    const { user } = open();
    expect(await screen.findAllByText(preferencesTexts.loading)).not.toHaveLength(0);
    slow.open();
    expect(await screen.findByText(preferencesTexts.loadFailed)).toBeInTheDocument();
    preferencesAre(saved);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Job preferences' })).toBeInTheDocument();
    await waitFor(() => expect(chosenCountries()).toEqual(['Germany', 'Austria']));
  });

  it('asks for a profile first', async () => {
    noProfileYet();
    open();
    expect(await screen.findByText('Create your profile first')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Job preferences' })).not.toBeInTheDocument();
  });
});
