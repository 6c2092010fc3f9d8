import {
  type AdminSearchLogEntry,
  noSearchLogEntriesText,
  paginate,
  rankingVersion,
  searchLogPageSize,
} from '@meritmatch/contracts';
import { answer, failure, gate, renderArea, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it } from 'vitest';
import App from '../../exposes/App';
import { employerUser } from '../../test/fixtures';

const open = (path = '/admin/search-log') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });

const ranked: AdminSearchLogEntry = {
  id: 'a1b2c3d4-1111-4aaa-8bbb-000000000001',
  kind: 'search',
  at: '2026-11-21T10:15:00.000Z',
  employer_id: employerUser.id,
  employer_erased: false,
  company_name: 'Acme Robotics',
  filters: {
    skills: ['React', 'Node'],
    preferred: ['GraphQL'],
    location: 'Berlin',
    experience: 'senior',
    education: 'master',
    position: null,
    page: 2,
    limit: 12,
  },
  ranking_version: rankingVersion,
  results: [
    { candidate_id: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c', unique_code: 'EM123456', score: 91 },
    { candidate_id: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1d', unique_code: 'EM654321', score: 40 },
  ],
};

const opened: AdminSearchLogEntry = {
  ...ranked,
  id: 'a1b2c3d4-1111-4aaa-8bbb-000000000002',
  kind: 'opened',
  employer_erased: true,
  company_name: 'a deleted company',
  filters: null,
  ranking_version: null,
  results: [{ candidate_id: ranked.results[0]!.candidate_id, unique_code: 'EM123456', score: null }],
};

const unranked: AdminSearchLogEntry = {
  ...ranked,
  id: 'a1b2c3d4-1111-4aaa-8bbb-000000000003',
  company_name: null,
  filters: {
    ...ranked.filters!,
    skills: [],
    preferred: [],
    location: null,
    experience: 'all',
    education: 'all',
    position: null,
    page: 1,
  },
  ranking_version: null,
  results: [],
};

const page = (entries: AdminSearchLogEntry[], total = entries.length, current = 1) => ({
  entries,
  pagination: paginate(total, current, searchLogPageSize),
});

describe('the search log', () => {
  it('is in the menu and shows each entry: time, company, filters in words, ranking, the codes with their scores', async () => {
    answer('get', '/admin/users', { users: [employerUser] });
    const loading = gate();
    answer('get', '/admin/search-log', page([ranked, opened, unranked]), { wait: loading.closed });
    open();
    expect(await screen.findByRole('link', { name: 'Search log' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByText('Loading the search log…')).not.toHaveLength(0);
    loading.open();

    const [first, second, third] = await screen.findAllByTestId('search-log-entry');
    expect(first).toHaveTextContent(/21 Nov 2026, \d\d:\d\d/);
    expect(first).toHaveTextContent('Acme Robotics');
    expect(first).toHaveTextContent(
      "Skills: React, Node; Nice to have: GraphQL; Location: Berlin; Senior (6+ years); Master's; page 2 (12 a page)",
    );
    expect(first).toHaveTextContent(rankingVersion);
    const shown = within(first!).getByRole('list', { name: 'Candidates shown, in order (2)' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['EM123456 91', 'EM654321 40']);
    expect(second).toHaveTextContent('a deleted company');
    expect(second).toHaveTextContent('Opened a profile');
    expect(second).toHaveTextContent('Not ranked');
    expect(third).toHaveTextContent(`Unknown company ${employerUser.id}`);
    expect(third).toHaveTextContent('All candidates, no filter; page 1 (12 a page)');
    expect(third).toHaveTextContent('No candidate shown');
    expect(screen.getByText('3 entries logged')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAccessibleName('Searches and opened profiles, newest first');
  });

  it('filters by employer, candidate code and days, and keeps them and the page in the address', async () => {
    answer('get', '/admin/users', { users: [employerUser] });
    const calls = answer('get', '/admin/search-log', (call) =>
      page([ranked], 41, Number(call.query.get('page') ?? 1)),
    );
    const { user } = open();
    await screen.findAllByTestId('search-log-entry');
    expect(calls[0]?.query.get('page')).toBe('1');
    expect(calls[0]?.query.get('code')).toBeNull();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Employer' }),
      'Acme Robotics (hr@acme.example)',
    );
    await user.type(screen.getByRole('textbox', { name: 'Candidate code' }), 'em123456');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('41 entries match these filters');
    const filtered = calls.at(-1)!.query;
    expect(Object.fromEntries(filtered)).toMatchObject({
      employer: employerUser.id,
      code: 'EM123456',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '1',
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({ code: 'EM123456', page: '2' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('41 entries logged');
    expect(calls.at(-1)!.query.get('code')).toBeNull();
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect(screen.getByRole('textbox', { name: 'Candidate code' })).toHaveValue('');
  });

  it('reads the filters from the address, and says what is wrong with one before asking', async () => {
    answer('get', '/admin/users', { users: [] });
    const calls = answer('get', '/admin/search-log', page([opened]));
    const { user } = open(`/admin/search-log?employer=${employerUser.id}&page=2`);
    await screen.findAllByTestId('search-log-entry');
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({ employer: employerUser.id, page: '2' });
    // an employer not listed is still the one chosen
    expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveValue(employerUser.id);

    const asked = calls.length;
    await user.type(screen.getByRole('textbox', { name: 'Candidate code' }), 'Ada');
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('A candidate code looks like EM123456')).toBeInTheDocument();
    expect(screen.getByText('The first day must not be after the last day')).toBeInTheDocument();
    expect(calls).toHaveLength(asked);
  });

  it('says so when nothing was logged, or nothing matches', async () => {
    answer('get', '/admin/users', { users: [] });
    answer('get', '/admin/search-log', page([]));
    open();
    expect(await screen.findByText(noSearchLogEntriesText)).toBeInTheDocument();
    expect(
      screen.getByText('Entries appear here when an employer searches or opens a candidate profile.'),
    ).toBeInTheDocument();
  });

  it('shows an error when it cannot be loaded', async () => {
    answer('get', '/admin/users', { users: [] });
    answer('get', '/admin/search-log', failure('matching is down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    open();
    expect(await screen.findByText('The search log could not be loaded.')).toBeInTheDocument();
  });
});
