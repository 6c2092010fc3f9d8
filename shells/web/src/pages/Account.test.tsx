import { answer, failure, renderRoutes, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const changed =
  'Your password was changed successfully. Every other device signed in to your account was signed out.';
const signedOut = 'Every other device signed in to your account was signed out successfully.';

describe('/account', () => {
  it('sends a signed-out visitor to /login', async () => {
    renderRoutes(appRoutes, { path: '/account' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['job_seeker', 'employer', 'admin'] as const)(
    'opens for a %s from the navigation',
    async (userType) => {
      const { user } = renderRoutes(appRoutes, { path: '/', session: sessionOf(userType) });
      await user.click((await screen.findAllByRole('link', { name: 'Account' }))[0] as HTMLElement);
      expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    },
  );

  it('changes the password with the current one, and keeps this browser signed in with the new token', async () => {
    const session = answeredSession('employer');
    const calls = answer('post', '/auth/change-password', {
      message: changed,
      user: session.user,
      token: 'new-token',
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Current password/), 'old-Secret-1');
    await user.type(screen.getByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-58');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(changed)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ currentPassword: 'old-Secret-1', newPassword: 'lantern-Quarry-58' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });

  it('says when the current password is wrong, and stays signed in', async () => {
    const session = answeredSession('job_seeker');
    answer(
      'post',
      '/auth/change-password',
      failure('Your current password is not correct', 'VALIDATION_FAILED'),
      {
        status: 400,
      },
    );
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    await user.type(await screen.findByLabelText(/Current password/), 'wrong');
    await user.type(screen.getByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-58');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct');
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it('signs out everywhere else after asking, and keeps this browser signed in', async () => {
    const session = answeredSession('admin');
    const calls = answer('post', '/auth/sign-out-others', {
      message: signedOut,
      user: session.user,
      token: 'newer',
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
  });
});
