import { accountSettingsMessages, erasureMessages } from '@meritmatch/contracts';
import { answer, failure, gate, renderRoutes, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const openAccount = (userType: 'job_seeker' | 'employer' | 'admin' = 'job_seeker') => {
  answer('get', '/auth/sessions', { sessions: [] });
  answer('get', '/auth/second-factor', {
    enrolled: false,
    enrolledAt: null,
    recoveryCodesLeft: 0,
    policy: 'optional',
  });
  const session = answeredSession(userType);
  return { session, ...renderRoutes(appRoutes, { path: '/account', session }) };
};

const dangerZone = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Delete my account' })).closest('section') as HTMLElement,
  );

describe('/account: Delete my account', () => {
  it('explains what happens, links to the download first, and is the last card', async () => {
    openAccount('employer');
    const zone = await dangerZone();
    expect(zone.getByText(/disabled at once/)).toBeInTheDocument();
    expect(zone.getByText(/within minutes/i)).toBeInTheDocument();
    expect(zone.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/account/data');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.at(-1)).toBe('Delete my account');
  });

  it('is not offered to an admin', async () => {
    openAccount('admin');
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('opens a labelled dialog on the password field, and Escape or Cancel closes it without asking', async () => {
    const calls = answer(
      'post',
      '/auth/account/erase',
      { message: erasureMessages.started },
      { status: 202 },
    );
    const { user } = openAccount();
    await user.click((await dangerZone()).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    expect(within(dialog).getByLabelText(/Password/)).toHaveFocus();
    expect(dialog).toHaveTextContent('this cannot be undone');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click((await dangerZone()).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the password, and shows a wrong one under the field, still signed in', async () => {
    const calls = answer(
      'post',
      '/auth/account/erase',
      {
        ...failure(accountSettingsMessages.wrongCurrentPassword, 'VALIDATION_FAILED'),
        details: [{ path: 'password', message: accountSettingsMessages.wrongCurrentPassword }],
      },
      { status: 400 },
    );
    const { user, session } = openAccount();
    await user.click((await dangerZone()).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(dialog.getByLabelText(/Password/), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(accountSettingsMessages.wrongCurrentPassword)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]?.body).toEqual({ password: 'wrong' });
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it("shows the server's refusal in the dialog (an admin account)", async () => {
    answer('post', '/auth/account/erase', failure(erasureMessages.adminProtected, 'FORBIDDEN'), {
      status: 403,
    });
    const { user } = openAccount();
    await user.click((await dangerZone()).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Password/), 'old-Secret-1');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(erasureMessages.adminProtected);
  });

  it('shows that it is working, then signs this browser out (the logout call refused changes nothing) and says what happened', async () => {
    const accepted = gate();
    const calls = answer(
      'post',
      '/auth/account/erase',
      { message: erasureMessages.started },
      { status: 202, wait: accepted.closed },
    );
    // the token is refused from now on: the logout call fails, and that changes nothing
    answer('post', '/auth/logout', failure('Unauthenticated', 'UNAUTHENTICATED'), { status: 401 });
    const { user } = openAccount('employer');
    await user.click((await dangerZone()).getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Password/), 'old-Secret-1');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('button', { name: 'Deleting…' })).toBeDisabled();
    accepted.open();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(erasureMessages.started).parentElement).toHaveClass('form-message--success');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(calls[0]?.body).toEqual({ password: 'old-Secret-1' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
