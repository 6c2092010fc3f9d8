import { answer, failure, renderRoutes, screen } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const requested =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 30 minutes. Please check your inbox.';
const done =
  'Your password was changed, and every device signed in to your account was signed out. Please sign in with your new password.';

describe('/forgot-password', () => {
  it('is linked from /login, sends the address and shows the one answer', async () => {
    const calls = answer('post', '/auth/forgot-password', { message: requested }, { status: 202 });
    const { user } = renderRoutes(appRoutes, { path: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Email/), 'clara@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toHaveFocus();
    expect(screen.getByText(requested).closest('[role="status"]')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'clara@example.com' });
    // asking again brings the form back
    await user.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(await screen.findByRole('button', { name: 'Send the link' })).toBeInTheDocument();
  });

  it("shows the server's refusal (too many requests)", async () => {
    answer(
      'post',
      '/auth/forgot-password',
      failure('Too many requests for a password reset. Please wait a while and try again.', 'RATE_LIMITED'),
      { status: 429 },
    );
    const { user } = renderRoutes(appRoutes, { path: '/forgot-password' });
    await user.type(await screen.findByLabelText(/Email/), 'clara@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests for a password reset.');
  });
});

describe('/reset-password', () => {
  it('sets the new password with the link token, then asks to sign in with it', async () => {
    const calls = answer('post', '/auth/reset-password', { message: done });
    const { user } = renderRoutes(appRoutes, { path: '/reset-password?token=abc.def' });
    await user.type(await screen.findByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-5');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/Confirm new password/), '8');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(done).closest('[role="status"]')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: 'abc.def', password: 'lantern-Quarry-58' });
  });

  it('says when the link no longer works, and where to ask for a new one', async () => {
    answer(
      'post',
      '/auth/reset-password',
      failure(
        'This link is not valid any more: it was used, or it has expired. Please ask for a new one.',
        'VALIDATION_FAILED',
      ),
      { status: 400 },
    );
    const { user } = renderRoutes(appRoutes, { path: '/reset-password?token=abc.def' });
    await user.type(await screen.findByLabelText(/^New password/), 'lantern-Quarry-58');
    await user.type(screen.getByLabelText(/Confirm new password/), 'lantern-Quarry-58');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more');
    await user.click(screen.getByRole('link', { name: 'Ask for a new one' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('says a link without its token is not complete', async () => {
    renderRoutes(appRoutes, { path: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not complete.');
  });
});
