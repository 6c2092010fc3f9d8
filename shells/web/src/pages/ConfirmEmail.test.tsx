import { emailConfirmationMessages } from '@meritmatch/contracts';
import { answer, failure, gate, renderRoutes, screen, waitFor } from '@meritmatch/web-testkit';
import { StrictMode } from 'react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

/** The shell runs in StrictMode, which runs each effect twice on mount: the link works once. */
const strictRoutes = [
  {
    element: (
      <StrictMode>
        <Outlet />
      </StrictMode>
    ),
    children: appRoutes,
  },
];

describe('/confirm-email', () => {
  it('confirms with the link token once, then offers to sign in', async () => {
    const confirming = gate();
    const calls = answer(
      'post',
      '/auth/confirm-email',
      { message: emailConfirmationMessages.confirmed, emailConfirmed: true },
      { wait: confirming.closed },
    );
    const { user } = renderRoutes(strictRoutes, { path: '/confirm-email?token=abc.def' });
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getAllByText('Confirming your address…')).not.toHaveLength(0);
    confirming.open();
    expect(
      (await screen.findByText(emailConfirmationMessages.confirmed)).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc.def' });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says so when the link was used and the address is confirmed already', async () => {
    answer('post', '/auth/confirm-email', {
      message: emailConfirmationMessages.alreadyConfirmed,
      emailConfirmed: true,
    });
    renderRoutes(strictRoutes, { path: '/confirm-email?token=abc.def' });
    expect(await screen.findByText(emailConfirmationMessages.alreadyConfirmed)).toBeInTheDocument();
    expect(screen.queryByText(emailConfirmationMessages.confirmed)).not.toBeInTheDocument();
  });

  it('signed in, keeps the address confirmed here, so the banner goes, and leads to the dashboard', async () => {
    const session = answeredSession('job_seeker', { emailConfirmed: false });
    answer('post', '/auth/confirm-email', {
      message: emailConfirmationMessages.confirmed,
      emailConfirmed: true,
    });
    const me = answer('get', '/auth/me', { user: { ...session.user, emailConfirmed: true } });
    const { user } = renderRoutes(strictRoutes, { path: '/confirm-email?token=abc.def', session });
    expect(await screen.findByText(emailConfirmationMessages.confirmed)).toBeInTheDocument();
    expect(screen.queryByText(emailConfirmationMessages.banner)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? 'null')?.emailConfirmed).toBe(true),
    );
    expect(me).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('job-seeker area loaded');
    expect(screen.queryByText(emailConfirmationMessages.banner)).not.toBeInTheDocument();
  });

  it('says when the link no longer works, and where to sign in', async () => {
    answer(
      'post',
      '/auth/confirm-email',
      failure(emailConfirmationMessages.invalidLink, 'VALIDATION_FAILED'),
      {
        status: 400,
      },
    );
    const { user } = renderRoutes(appRoutes, { path: '/confirm-email?token=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent(emailConfirmationMessages.invalidLink);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers to try again when the server could not answer', async () => {
    answer('post', '/auth/confirm-email', 'not the error shape', { status: 500 });
    const { user } = renderRoutes(appRoutes, { path: '/confirm-email?token=abc.def' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your address could not be confirmed. Please try again.',
    );
    const calls = answer('post', '/auth/confirm-email', {
      message: emailConfirmationMessages.confirmed,
      emailConfirmed: true,
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(emailConfirmationMessages.confirmed)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says a link without its token does not work, and asks nothing', async () => {
    const calls = answer('post', '/auth/confirm-email', {});
    renderRoutes(appRoutes, { path: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(emailConfirmationMessages.invalidLink);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });
});
