import { answer, failure, renderRoutes, screen, sessionOf, waitFor, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const changed =
  'Your password was changed successfully. Every other device signed in to your account was signed out.';
const signedOut = 'Every other device signed in to your account was signed out successfully.';

const session = (id: string, device: string, current = false) => ({
  id,
  device,
  signedInAt: '2026-11-20T09:15:00.000Z',
  lastUsedAt: '2026-11-28T17:40:00.000Z',
  current,
});
const here = session('11111111-1111-4111-8111-111111111111', 'Chrome on Linux', true);
const phone = session('22222222-2222-4222-8222-222222222222', 'Safari on iOS');
/** The card of this title (the page has two "Current password" fields: one per card). */
const card = async (title: string) =>
  within((await screen.findByRole('heading', { name: title })).closest('section') as HTMLElement);

/** GET /auth/sessions answers these, as many times as it is asked (and an admin's second factor is off). */
const listed = (...sessions: ReturnType<typeof session>[]) => {
  answer('get', '/auth/second-factor', {
    enrolled: false,
    enrolledAt: null,
    recoveryCodesLeft: 0,
    policy: 'optional',
  });
  return answer('get', '/auth/sessions', { sessions });
};

describe('/account', () => {
  it('sends a signed-out visitor to /login', async () => {
    renderRoutes(appRoutes, { path: '/account' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['job_seeker', 'employer', 'admin'] as const)(
    'opens for a %s from the navigation',
    async (userType) => {
      listed(here);
      const { user } = renderRoutes(appRoutes, { path: '/', session: sessionOf(userType) });
      await user.click((await screen.findAllByRole('link', { name: 'Account' }))[0] as HTMLElement);
      expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    },
  );

  it('changes the password with the current one, and keeps this browser signed in with the new token', async () => {
    const session = answeredSession('employer');
    listed(here);
    const calls = answer('post', '/auth/change-password', {
      message: changed,
      user: session.user,
      token: 'new-token',
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const password = await card('Change password');
    await user.type(password.getByLabelText(/Current password/), 'old-Secret-1');
    await user.type(screen.getByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-58');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(changed)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ currentPassword: 'old-Secret-1', newPassword: 'lantern-Quarry-58' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(password.getByLabelText(/Current password/)).toHaveValue('');
  });

  it('says when the current password is wrong, and stays signed in', async () => {
    const session = answeredSession('job_seeker');
    listed(here);
    answer(
      'post',
      '/auth/change-password',
      failure('Your current password is not correct', 'VALIDATION_FAILED'),
      {
        status: 400,
      },
    );
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    await user.type((await card('Change password')).getByLabelText(/Current password/), 'wrong');
    await user.type(screen.getByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-58');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct');
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it('signs out everywhere else after asking, and keeps this browser signed in', async () => {
    const session = answeredSession('admin');
    let others = [phone];
    // the admin's second factor card loads beside the list
    listed();
    answer('get', '/auth/sessions', () => ({ sessions: [here, ...others] }));
    const calls = answer('post', '/auth/sign-out-others', () => {
      others = [];
      return {
        message: signedOut,
        user: session.user,
        token: 'newer',
      };
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sign out everywhere else',
      }),
    );
    expect(await screen.findByText(signedOut)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('newer');
    // the list follows: only this browser is left
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('lists the sessions with this browser marked, and signs another one out', async () => {
    const session = answeredSession('job_seeker');
    let sessions = [here, phone];
    answer('get', '/auth/sessions', () => ({ sessions }));
    const ended = answer('delete', `/auth/sessions/${phone.id}`, () => {
      sessions = [here];
      return { message: 'That device was signed out.' };
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Chrome on Linux\s*This browser/),
      expect.stringContaining('Safari on iOS'),
    ]);
    // this browser has no "Sign out" of its own (Logout does that)
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText('That device was signed out.')).toBeInTheDocument();
    expect(ended).toHaveLength(1);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it('says when the sessions cannot be loaded, and tries again', async () => {
    const session = answeredSession('employer');
    let fail = true;
    answer('get', '/auth/sessions', () => (fail ? failure('Down', 'INTERNAL') : { sessions: [here] }), {
      status: 200,
    });
    renderRoutes(appRoutes, { path: '/account', session });
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
  });
});
