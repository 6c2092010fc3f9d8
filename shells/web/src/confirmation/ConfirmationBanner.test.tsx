import { emailConfirmationMessages, type UserType } from '@meritmatch/contracts';
import type { Session } from '@meritmatch/web-session';
import { answer, failure, gate, renderRoutes, screen, sessionOf, waitFor } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const withAddress = (userType: UserType, emailConfirmed: boolean) =>
  answeredSession(userType, { emailConfirmed });
const home = { job_seeker: '/job-seeker', employer: '/employer', admin: '/admin' } as const;
const resendButton = () => screen.findByRole('button', { name: emailConfirmationMessages.resend });
const stored = () => JSON.parse(localStorage.getItem('user') ?? 'null') as Session['user'] | null;

describe('the banner of an unconfirmed address', () => {
  it.each(['job_seeker', 'employer'] as const)(
    'shows for a %s whose address is not confirmed, between the navigation and the area',
    async (userType) => {
      renderRoutes(appRoutes, { path: home[userType], session: withAddress(userType, false) });
      const text = await screen.findByText(emailConfirmationMessages.banner);
      const area = await screen.findByTestId('remote-app');
      expect(await resendButton()).toBeEnabled();
      expect(screen.getByRole('navigation', { name: 'Main' }).compareDocumentPosition(text)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      expect(text.compareDocumentPosition(area)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    },
  );

  it('shows on the other signed-in screens too', async () => {
    renderRoutes(appRoutes, { path: '/account', session: withAddress('employer', false) });
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(await screen.findByText(emailConfirmationMessages.banner)).toBeInTheDocument();
  });

  it.each([
    ['a job seeker whose address is confirmed', withAddress('job_seeker', true)],
    ['a session stored before addresses were confirmed (not known yet)', sessionOf('job_seeker')],
    ['an admin, even unconfirmed', withAddress('admin', false)],
  ])('does not show for %s', async (_, session) => {
    renderRoutes(appRoutes, { path: home[session.user.userType], session });
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(screen.queryByText(emailConfirmationMessages.banner)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: emailConfirmationMessages.resend })).not.toBeInTheDocument();
  });

  it('sends the link again, busy while it runs, and says so politely', async () => {
    const sending = gate();
    const calls = answer(
      'post',
      '/auth/confirm-email/resend',
      { message: emailConfirmationMessages.sent },
      { status: 202, wait: sending.closed },
    );
    const { user } = renderRoutes(appRoutes, {
      path: '/job-seeker',
      session: withAddress('job_seeker', false),
    });
    await user.click(await resendButton());
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    sending.open();
    expect(
      (await screen.findByText(emailConfirmationMessages.sent)).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({});
    expect(await resendButton()).toBeEnabled();
    expect(screen.getByText(emailConfirmationMessages.banner)).toBeInTheDocument();
  });

  it('says when too many links were sent, as an error', async () => {
    answer('post', '/auth/confirm-email/resend', failure(emailConfirmationMessages.tooMany, 'RATE_LIMITED'), {
      status: 429,
    });
    const { user } = renderRoutes(appRoutes, { path: '/employer', session: withAddress('employer', false) });
    await user.click(await resendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(emailConfirmationMessages.tooMany);
    expect(stored()?.emailConfirmed).toBe(false);
  });

  it('keeps an address found confirmed already: the banner goes, its message stays until dismissed', async () => {
    answer(
      'post',
      '/auth/confirm-email/resend',
      failure(emailConfirmationMessages.alreadyConfirmed, 'CONFLICT'),
      { status: 409 },
    );
    const { user } = renderRoutes(appRoutes, {
      path: '/job-seeker',
      session: withAddress('job_seeker', false),
    });
    await user.click(await resendButton());
    expect(
      (await screen.findByText(emailConfirmationMessages.alreadyConfirmed)).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(screen.queryByText(emailConfirmationMessages.banner)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: emailConfirmationMessages.resend })).not.toBeInTheDocument();
    expect(stored()?.emailConfirmed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() =>
      expect(screen.queryByText(emailConfirmationMessages.alreadyConfirmed)).not.toBeInTheDocument(),
    );
  });
});
