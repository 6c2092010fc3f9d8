import {
  confirmUserAction,
  noUsersText,
  userStatusMessages,
  verificationMessages,
} from '@meritmatch/contracts';
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

const open = () => renderArea(App, { mount: '/admin', path: '/admin/users', session: sessionOf('admin') });
const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

describe('User Management', () => {
  it('shows a spinner, then the users with their profiles', async () => {
    const loading = gate();
    answer('get', '/admin/users', { users: [employerUser, seekerUser] }, { wait: loading.closed });
    open();
    expect(await screen.findAllByText('Loading users…')).not.toHaveLength(0);
    loading.open();
    expect(await screen.findByText('hr@acme.example')).toBeInTheDocument();
    expect(within(row('hr@acme.example')).getByText('Acme Robotics')).toBeInTheDocument();
    expect(within(row('hr@acme.example')).getByText('Not verified')).toBeInTheDocument();
    expect(within(row('clara@example.com')).getByText('Clara Schmidt')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 users')).toBeInTheDocument();
  });

  it("shows in words whether each user's address is confirmed", async () => {
    answer('get', '/admin/users', { users: [employerUser, seekerUser] });
    open();
    await screen.findByText('hr@acme.example');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(row('hr@acme.example')).getByText('Not confirmed')).toBeInTheDocument();
    expect(within(row('hr@acme.example')).queryByText('E-mail confirmed')).not.toBeInTheDocument();
    expect(within(row('clara@example.com')).getByText('E-mail confirmed')).toBeInTheDocument();
    expect(within(row('clara@example.com')).queryByText('Not confirmed')).not.toBeInTheDocument();
  });

  it('asks for all users without deleted ones first, and again when the filters change', async () => {
    const calls = answer('get', '/admin/users', { users: [seekerUser] });
    const { user } = open();
    await screen.findByText('clara@example.com');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ userType: 'all', includeDeleted: 'false' });
    await user.selectOptions(screen.getByLabelText('User type'), 'job_seeker');
    await user.click(screen.getByLabelText('Include deleted users'));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.query)).toEqual({
        userType: 'job_seeker',
        includeDeleted: 'true',
      }),
    );
  });

  it('filters the loaded list by e-mail, company or name, and says when nothing matches', async () => {
    answer('get', '/admin/users', { users: [employerUser, seekerUser] });
    const { user } = open();
    await screen.findByText('clara@example.com');
    await user.type(screen.getByLabelText('Search users'), 'ACME');
    await waitFor(() => expect(screen.queryByText('clara@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('hr@acme.example')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText(noUsersText)).toBeInTheDocument();
    expect(screen.getByText('No loaded user matches the search.')).toBeInTheDocument();
  });

  it('says so when there are no users at all', async () => {
    answer('get', '/admin/users', { users: [] });
    open();
    expect(await screen.findByText(noUsersText)).toBeInTheDocument();
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    answer('get', '/admin/users', failure('down', 'SERVICE_UNAVAILABLE'), { status: 503 });
    const { user } = open();
    expect(await screen.findByText('The users could not be loaded.')).toBeInTheDocument();
    answer('get', '/admin/users', { users: [seekerUser] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('clara@example.com')).toBeInTheDocument();
  });

  it('verifies an employer after a confirmation and shows the answer at once', async () => {
    answer('get', '/admin/users', { users: [employerUser] });
    const verified = { ...employerUser, profile: { ...employerUser.profile!, verified: true } };
    const writes = answer('put', `/admin/verify-employer/${employerUser.id}`, {
      message: verificationMessages.verified,
      user: verified,
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Verify Employer hr@acme.example' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to verify this employer?');
    // the list read right after the write already agrees: the admin service asks the owner
    answer('get', '/admin/users', { users: [verified] });
    await user.click(within(dialog).getByRole('button', { name: 'Verify Employer' }));
    expect((await screen.findByText(verificationMessages.verified)).parentElement).toHaveClass(
      'form-message--success',
    );
    expect(writes[0]?.body).toEqual({ verified: true });
    expect(within(row('hr@acme.example')).getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke Verification hr@acme.example' })).toBeInTheDocument();
  });

  it("shows the server's refusal to verify an employer whose address is not confirmed", async () => {
    answer('get', '/admin/users', { users: [employerUser] });
    const refusal = 'This employer has not confirmed their e-mail address yet, so they cannot be verified.';
    answer('put', `/admin/verify-employer/${employerUser.id}`, failure(refusal, 'CONFLICT'), { status: 409 });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Verify Employer hr@acme.example' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Verify Employer' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(row('hr@acme.example')).getByText('Not verified')).toBeInTheDocument();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    const writes = answer('put', `/admin/users/${seekerUser.id}/status`, {});
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Suspend clara@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(confirmUserAction('suspend'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes).toHaveLength(0);
  });

  it('suspends a user, busy while it runs, and shows the server message', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    const saving = gate();
    const suspended = { ...seekerUser, status: 'suspended' as const };
    answer(
      'put',
      `/admin/users/${seekerUser.id}/status`,
      { message: userStatusMessages.suspended, user: suspended },
      { wait: saving.closed },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Suspend clara@example.com' }));
    answer('get', '/admin/users', { users: [suspended] });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Suspend clara@example.com' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    saving.open();
    expect(await screen.findByText(userStatusMessages.suspended)).toBeInTheDocument();
    expect(within(row('clara@example.com')).getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate clara@example.com' })).toBeEnabled();
  });

  it('shows a refusal as an error', async () => {
    answer('get', '/admin/users', { users: [seekerUser] });
    answer(
      'put',
      `/admin/users/${seekerUser.id}/status`,
      failure('Admin accounts cannot be suspended', 'FORBIDDEN'),
      {
        status: 403,
      },
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete clara@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin accounts cannot be suspended');
  });
});
