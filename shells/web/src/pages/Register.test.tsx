import { emailConfirmationMessages, passwordsDoNotMatch, passwordTooShort } from '@meritmatch/contracts';
import { answer, failure, renderRoutes, screen, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const open = () => renderRoutes(appRoutes, { path: '/register' });

describe('/register', () => {
  it('offers the two account types, job seeker first and chosen, and never admin', async () => {
    open();
    const types = within(await screen.findByRole('group', { name: 'Account type' }));
    expect(types.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'job_seeker',
      'employer',
    ]);
    expect(types.getByRole('radio', { name: /Job Seeker/ })).toBeChecked();
    expect(types.getByText('Looking for opportunities')).toBeInTheDocument();
    expect(types.getByText('Hiring talent')).toBeInTheDocument();
  });

  it('refuses a short password and a confirmation that differs, and sends nothing', async () => {
    const calls = answer('post', '/auth/register', {});
    const { user } = open();
    await user.type(await screen.findByLabelText(/Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), '12345');
    await user.type(screen.getByLabelText(/Confirm password/), '123456');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('registers an employer, keeps the session and opens /employer', async () => {
    const session = answeredSession('employer', { email: 'hr@acme.example', emailConfirmed: false });
    const calls = answer('post', '/auth/register', session, { status: 201 });
    const { user } = open();
    await user.click(await screen.findByRole('radio', { name: /Employer/ }));
    await user.type(screen.getByLabelText(/Email/), 'hr@acme.example');
    await user.type(screen.getByLabelText(/^Password/), 'secret-enough');
    await user.type(screen.getByLabelText(/Confirm password/), 'secret-enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('employer area loaded');
    expect(calls[0]?.body).toEqual({
      email: 'hr@acme.example',
      password: 'secret-enough',
      userType: 'employer',
    });
    expect(localStorage.getItem('token')).toBe(session.token);
    // a new address is not confirmed yet: the banner says so at once
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(session.user);
    expect(await screen.findByText(emailConfirmationMessages.banner)).toBeInTheDocument();
  });

  it("shows the server's message, else the fixed text", async () => {
    answer('post', '/auth/register', failure('This e-mail is already registered', 'CONFLICT'), {
      status: 409,
    });
    const { user } = open();
    await user.type(await screen.findByLabelText(/Email/), 'taken@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-enough');
    await user.type(screen.getByLabelText(/Confirm password/), 'secret-enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail is already registered');
    answer('post', '/auth/register', 'not the error shape', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('shows the Terms of Service and the Privacy Policy, and links to /login', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Terms of Service' }));
    expect(await screen.findByRole('dialog', { name: 'Terms of Service' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toHaveTextContent(
      'never shown to employers',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
