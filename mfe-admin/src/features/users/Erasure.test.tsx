import { type AdminUser, type ErasureView, erasureMessages } from '@meritmatch/contracts';
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
import { employerUser, seekerUser } from '../../test/fixtures';

const adminUser: AdminUser = {
  ...employerUser,
  id: '4e3d2c1b-0a9f-4e8d-8c7b-6a5f4e3d2c1b',
  email: 'root@meritmatch.example',
  user_type: 'admin',
  profile: null,
};

const open = (path = '/admin/users') =>
  renderArea(App, { mount: '/admin', path, session: sessionOf('admin') });
const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

const unfinished: ErasureView = {
  userId: seekerUser.id,
  userType: 'job_seeker',
  by: 'self',
  requestedAt: '2026-11-29T18:00:00.000Z',
  finishedAt: null,
  lastSentAt: '2026-11-29T19:00:00.000Z',
  parts: [
    { part: 'profile', doneAt: '2026-11-29T18:00:02.000Z' },
    { part: 'matching', doneAt: null },
    { part: 'notifications', doneAt: '2026-11-29T18:00:03.000Z' },
    { part: 'admin', doneAt: '2026-11-29T18:00:02.000Z' },
    { part: 'auth', doneAt: null },
  ],
};
const finished: ErasureView = {
  userId: employerUser.id,
  userType: 'employer',
  by: 'admin',
  requestedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: '2026-11-28T10:00:09.000Z',
  lastSentAt: '2026-11-28T10:00:00.000Z',
  parts: [
    { part: 'profile', doneAt: '2026-11-28T10:00:03.000Z' },
    { part: 'auth', doneAt: '2026-11-28T10:00:09.000Z' },
  ],
};

describe('User Management: Erase for good', () => {
  it('says that Delete is a suspension, and offers Erase for good to everyone but an admin', async () => {
    answer('get', '/admin/users', { users: [employerUser, seekerUser, adminUser] });
    open();
    await screen.findByText('hr@acme.example');
    expect(screen.getByText(erasureMessages.notErasure)).toBeInTheDocument();
    const erase = screen.getByRole('button', { name: 'Erase for good clara@example.com' });
    expect(erase).toHaveAccessibleDescription(erasureMessages.notErasure);
    expect(screen.getByRole('button', { name: 'Delete clara@example.com' })).toHaveAccessibleDescription(
      erasureMessages.notErasure,
    );
    expect(screen.getByRole('button', { name: 'Erase for good hr@acme.example' })).toBeInTheDocument();
    expect(
      within(row('root@meritmatch.example')).queryByRole('button', { name: /Erase for good/ }),
    ).toBeNull();
  });

  it('asks first, saying it cannot be undone, and sends nothing when cancelled', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    const calls = answer('post', `/admin/users/${seekerUser.id}/erasure`, {});
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Erase for good clara@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase for good' });
    expect(dialog).toHaveTextContent('clara@example.com');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  it('starts the erasure, busy while it runs, and shows the message', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    const accepted = gate();
    const calls = answer(
      'post',
      `/admin/users/${seekerUser.id}/erasure`,
      { message: erasureMessages.adminStarted, erasure: unfinished },
      { status: 202, wait: accepted.closed },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Erase for good clara@example.com' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase for good' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Erase for good clara@example.com' })).toBeDisabled(),
    );
    answer('get', '/admin/users', { users: [{ ...seekerUser, status: 'deleted' }] });
    accepted.open();
    expect((await screen.findByText(erasureMessages.adminStarted)).parentElement).toHaveClass(
      'form-message--success',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBeUndefined();
  });

  it.each([
    [erasureMessages.inProgress, 'CONFLICT', 409],
    [erasureMessages.adminProtected, 'FORBIDDEN', 403],
  ] as const)('shows a refusal as an error: %s', async (message, code, status) => {
    answer('get', '/admin/users', { users: [seekerUser] });
    answer('post', `/admin/users/${seekerUser.id}/erasure`, failure(message, code), { status });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Erase for good clara@example.com' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase for good' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('User Management: Leaving', () => {
  it('is a tab beside Users, kept in the address', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    answer('get', '/admin/erasures', { erasures: [] });
    const { user } = open();
    const tabs = screen.getByRole('tablist', { name: 'User Management views' });
    expect(within(tabs).getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'Leaving' }));
    expect(await screen.findByText('No erasures')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?view=leaving');
    expect(within(tabs).getByRole('tab', { name: 'Leaving' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Leaving' })).toBeInTheDocument();
    // the arrows move between the tabs
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('clara@example.com')).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Users' })).toHaveFocus();
  });

  it('shows a spinner, then each erasure with the state of every part', async () => {
    const loading = gate();
    answer('get', '/admin/erasures', { erasures: [unfinished, finished] }, { wait: loading.closed });
    open('/admin/users?view=leaving');
    expect(await screen.findAllByText('Loading erasures…')).not.toHaveLength(0);
    loading.open();
    const table = await screen.findByRole('table', { name: 'Erasures' });
    const rows = within(table).getAllByTestId('erasure-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('rowheader')).toHaveTextContent(seekerUser.id);
    expect(first.getByText('Job Seeker')).toBeInTheDocument();
    expect(first.getByText('The person')).toBeInTheDocument();
    expect(first.getByText('Unfinished')).toBeInTheDocument();
    const parts = first.getAllByTestId('erasure-part');
    expect(parts.map((part) => [part.dataset.part, part.dataset.done])).toEqual([
      ['profile', 'true'],
      ['matching', 'false'],
      ['notifications', 'true'],
      ['admin', 'true'],
      ['auth', 'false'],
    ]);
    expect(parts[1]).toHaveTextContent('Matching waiting');
    expect(parts[0]).toHaveTextContent(/Profile done/);
    expect(within(parts[0] as HTMLElement).getByRole('time')).toHaveAttribute(
      'datetime',
      '2026-11-29T18:00:02.000Z',
    );
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Employer')).toBeInTheDocument();
    expect(second.getByText('An admin')).toBeInTheDocument();
    expect(second.getByText('Finished')).toBeInTheDocument();
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    answer('get', '/admin/erasures', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    const { user } = open('/admin/users?view=leaving');
    expect(await screen.findByText('The erasures could not be loaded.')).toBeInTheDocument();
    answer('get', '/admin/erasures', { erasures: [finished] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Finished')).toBeInTheDocument();
  });
});
