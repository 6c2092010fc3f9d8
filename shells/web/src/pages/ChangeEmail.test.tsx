import { emailChangeMessages } from '@meritmatch/contracts';
import { answer, failure, renderRoutes, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const emailCard = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Change e-mail address' })).closest('section') as HTMLElement,
  );

describe('/account: change of e-mail address', () => {
  it('checks the form, sends the link with the current password, and says where it went', async () => {
    answer('get', '/auth/sessions', { sessions: [] });
    const calls = answer(
      'post',
      '/auth/email-change',
      { message: emailChangeMessages.sent },
      { status: 202 },
    );
    const session = sessionOf('job_seeker');
    const { user } = renderRoutes(appRoutes, { path: '/account', session });
    const card = await emailCard();
    expect(card.getByText(session.user.email)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Send the link' }));
    expect(await card.findByText('Current password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(card.getByLabelText(/New e-mail address/), 'new.me@example.com');
    await user.type(card.getByLabelText(/Current password/), 'old-Secret-1');
    await user.click(card.getByRole('button', { name: 'Send the link' }));
    expect(await card.findByRole('status')).toHaveTextContent(emailChangeMessages.sent);
    expect(calls[0]?.body).toEqual({ newEmail: 'new.me@example.com', currentPassword: 'old-Secret-1' });
    expect(card.getByLabelText(/New e-mail address/)).toHaveValue('');
  });

  it("shows the server's refusal (an address already used) and keeps what was typed", async () => {
    answer('get', '/auth/sessions', { sessions: [] });
    answer('post', '/auth/email-change', failure('An account with this email already exists', 'CONFLICT'), {
      status: 409,
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session: sessionOf('employer') });
    const card = await emailCard();
    await user.type(card.getByLabelText(/New e-mail address/), 'taken@example.com');
    await user.type(card.getByLabelText(/Current password/), 'old-Secret-1');
    await user.click(card.getByRole('button', { name: 'Send the link' }));
    expect(await card.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(card.getByLabelText(/New e-mail address/)).toHaveValue('taken@example.com');
  });
});
