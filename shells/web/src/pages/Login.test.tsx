import { answer, failure, renderRoutes, screen } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

const open = () => renderRoutes(appRoutes, { path: '/login' });

describe('/login', () => {
  it('says what is missing and sends nothing', async () => {
    const calls = answer('post', '/auth/login', {});
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['job_seeker', '/job-seeker'],
    ['employer', '/employer'],
    ['admin', '/admin'],
  ] as const)('keeps the session of a %s and opens %s', async (userType, home) => {
    const session = answeredSession(userType);
    const calls = answer('post', '/auth/login', session);
    const { user } = open();
    await user.type(await screen.findByLabelText(/Email/), session.user.email);
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(home);
    expect(calls[0]?.body).toEqual({ email: session.user.email, password: 'correct horse' });
    expect(localStorage.getItem('token')).toBe(session.token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(session.user);
  });

  it("shows the server's message, else the fixed text, and typing clears it", async () => {
    answer('post', '/auth/login', failure('Invalid email or password', 'UNAUTHENTICATED'), { status: 400 });
    const { user } = open();
    await user.type(await screen.findByLabelText(/Email/), 'clara@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.type(screen.getByLabelText(/Password/), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer('post', '/auth/login', 'not the error shape', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('links to /register', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
