import { searchAppearanceTexts } from '@meritmatch/contracts';
import { answer, failure, gate, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { appearanceWeeksOf, openArea, profile, profileIs } from '../../test/fixtures';

const open = () => openArea('/job-seeker/interest');

describe('Interest: your profile in searches', () => {
  it('shows, per week, how many searches showed me and how often my profile was opened, and no employer', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [] });
    const loading = gate();
    answer(
      'get',
      '/job-seeker/interest/appearances',
      { weeks: appearanceWeeksOf([4, 1], [0, 0], [2, 0], [0, 1]) },
      { wait: loading.closed },
    );
    open();
    const section = await screen.findByTestId('search-appearances');
    expect(screen.getByRole('heading', { name: 'Your profile in searches' })).toBeInTheDocument();
    expect(section).toHaveTextContent(searchAppearanceTexts.intro);
    expect(await within(section).findAllByText('Loading your weeks in searches…')).not.toHaveLength(0);
    loading.open();

    const table = await within(section).findByRole('table', {
      name: 'Searches that showed your profile, and times it was opened, per week, newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Shown in searches', 'Profile opened']);
    // weeks with neither are left out
    expect(
      within(table)
        .getAllByTestId('appearance-week')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['16 Nov 2026', '4', '1'],
      ['2 Nov 2026', '2', '0'],
      ['26 Oct 2026', '0', '1'],
    ]);
    expect(section).toHaveTextContent('In the last 26 weeks: shown in 6 searches, profile opened 2 times.');
  });

  it('says so when my profile has not appeared in a search yet', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [] });
    open();
    const section = await screen.findByTestId('search-appearances');
    expect(await within(section).findByText(searchAppearanceTexts.empty)).toBeInTheDocument();
    expect(within(section).getByText(searchAppearanceTexts.emptyHint)).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Try again when the weeks cannot be loaded, and keeps the requests', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/interest', { requests: [] });
    answer('get', '/job-seeker/interest/appearances', failure('down', 'SERVICE_UNAVAILABLE'), {
      status: 503,
    });
    open();
    const section = await screen.findByTestId('search-appearances');
    expect(
      await within(section).findByText('Your weeks in searches could not be loaded.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText('No requests yet.')).toBeInTheDocument();
  });
});
