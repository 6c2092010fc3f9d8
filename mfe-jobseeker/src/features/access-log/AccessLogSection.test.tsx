import { accessViewerLabel, noJobSeekerAccessText, paginate } from '@meritmatch/contracts';
import { answer, failure, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import { openArea, profile, profileIs } from '../../test/fixtures';

const entry = (n: number, purpose: 'match-request' | 'user-management') => ({
  id: `read-${n}:0`,
  read_at: '2026-11-21T10:15:00.000Z',
  viewer: accessViewerLabel,
  details: purpose === 'match-request' ? (['name', 'email', 'phone'] as const) : (['email'] as const),
  purpose,
  company_name: purpose === 'match-request' ? 'Acme Robotics' : null,
});

describe('who viewed your details', () => {
  it('shows the MeritMatch team, when, what and for which company', async () => {
    profileIs(profile);
    const calls = answer('get', '/job-seeker/access-log', {
      entries: [entry(1, 'match-request'), entry(2, 'user-management')],
      pagination: paginate(2, 1, 5),
    });
    openArea();
    const section = await screen.findByTestId('access-log');
    const [forRequest, forAccount] = await within(section).findAllByTestId('access-view');
    expect(forRequest).toHaveTextContent('MeritMatch team viewed your name, e-mail and phone');
    expect(forRequest).toHaveTextContent('Match request from Acme Robotics');
    expect(forRequest).toHaveTextContent(/21 Nov 2026, \d\d:\d\d/);
    expect(forAccount).toHaveTextContent('MeritMatch team viewed your e-mail');
    expect(forAccount).toHaveTextContent('Account administration');
    expect(calls[0]?.query.get('limit')).toBe('5');
  });

  it('says so when nobody has viewed them', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/access-log', { entries: [], pagination: paginate(0, 1, 5) });
    openArea();
    expect(await screen.findByText(noJobSeekerAccessText)).toBeInTheDocument();
  });

  it('shows an error in its own section when the list cannot be loaded', async () => {
    profileIs(profile);
    answer('get', '/job-seeker/access-log', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    openArea();
    expect(await screen.findByText('This list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('unique-code')).toHaveTextContent('EM482913');
  });
});
