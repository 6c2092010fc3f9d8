import { secondFactorMessages } from '@meritmatch/contracts';
import { answer, failure, renderRoutes, screen, sessionOf, within } from '@meritmatch/web-testkit';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../app/router';
import { answeredSession } from '../test/sessions';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

/*
 * The API is a stand-in here: the codes typed are only what the browser sends on. The codes of
 * a real secret are computed and checked through the gateway in
 * services/auth/src/http/second-factor.int.test.ts.
 */
const typed = { code: '246810', recovery: 'abcd-efgh-jkmn-pqrs' };
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/MeritMatch:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `code-${i}-aaaa-bbbb`);
const challenge = (enrolmentNeeded: boolean) => ({
  secondFactor: { challenge: 'challenge-token', expiresInSeconds: 600, enrolmentNeeded },
});

const signInWithPassword = async (user: ReturnType<typeof renderRoutes>['user'], email: string) => {
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('/login with a second factor', () => {
  it('asks an admin for the code after the password, and only then keeps the session', async () => {
    const session = answeredSession('admin');
    answer('post', '/auth/login', challenge(false));
    const second = answer('post', '/auth/login/second-factor', session);
    const { user } = renderRoutes(appRoutes, { path: '/login' });
    await signInWithPassword(user, session.user.email);

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText(secondFactorMessages.prompt)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(secondFactorMessages.codeRequired)).toBeInTheDocument();
    expect(second).toHaveLength(0);

    await user.type(screen.getByLabelText(/Code/), typed.code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    expect(second[0]?.body).toEqual({ challenge: 'challenge-token', code: typed.code });
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it("shows the server's refusal of a code, and takes a recovery code next", async () => {
    const session = answeredSession('admin');
    answer('post', '/auth/login', challenge(false));
    answer(
      'post',
      '/auth/login/second-factor',
      failure(secondFactorMessages.wrongCode, 'VALIDATION_FAILED'),
      {
        status: 400,
      },
    );
    const { user } = renderRoutes(appRoutes, { path: '/login' });
    await signInWithPassword(user, session.user.email);
    await user.type(await screen.findByLabelText(/Code/), typed.code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(secondFactorMessages.wrongCode);
    expect(localStorage.getItem('token')).toBeNull();

    const second = answer('post', '/auth/login/second-factor', session);
    await user.clear(screen.getByLabelText(/Code/));
    await user.type(screen.getByLabelText(/Code/), typed.recovery);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(second[0]?.body).toEqual({ challenge: 'challenge-token', code: typed.recovery });
  });

  it('enrols an admin who must have a factor: QR code and key, a code, then the recovery codes once', async () => {
    const session = answeredSession('admin');
    answer('post', '/auth/login', challenge(true));
    const asked = answer('post', '/auth/login/second-factor/enrolment', enrolment);
    answer('post', '/auth/login/second-factor', { ...session, recoveryCodes });
    const { user } = renderRoutes(appRoutes, { path: '/login' });
    await signInWithPassword(user, session.user.email);

    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', enrolment.qrCode);
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent(enrolment.secret);
    expect(asked[0]?.body).toEqual({ challenge: 'challenge-token' });

    await user.type(screen.getByLabelText(/Code/), typed.code);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    // the area opens once the admin says the codes are kept
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: /continue/ }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(session.token);
  });

  it('signs in job seekers and employers as before (no second step)', async () => {
    const session = answeredSession('employer');
    answer('post', '/auth/login', session);
    const { user } = renderRoutes(appRoutes, { path: '/login' });
    await signInWithPassword(user, session.user.email);
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/employer');
  });
});

describe('/account: the second factor card', () => {
  const sessions = () => answer('get', '/auth/sessions', { sessions: [] });

  it('sets up an authenticator for an admin: QR code, a code, recovery codes', async () => {
    sessions();
    answer('get', '/auth/second-factor', {
      enrolled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
      policy: 'optional',
    });
    answer('post', '/auth/second-factor/enrolment', enrolment);
    const confirmed = answer('post', '/auth/second-factor/enrolment/confirm', {
      message: secondFactorMessages.enrolled,
      recoveryCodes,
    });
    const { user } = renderRoutes(appRoutes, { path: '/account', session: sessionOf('admin') });
    const card = within(
      (await screen.findByRole('heading', { name: 'Second factor' })).closest('section') as HTMLElement,
    );
    expect(await card.findByText(new RegExp(secondFactorMessages.notEnrolled))).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Set up a second factor' }));
    expect(await card.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', enrolment.qrCode);
    expect(card.getByTestId('second-factor-secret')).toHaveTextContent(enrolment.secret);

    answer('get', '/auth/second-factor', {
      enrolled: true,
      enrolledAt: '2026-11-29T10:00:00.000Z',
      recoveryCodesLeft: 10,
      policy: 'optional',
    });
    await user.type(card.getByLabelText(/Code/), typed.code);
    await user.click(card.getByRole('button', { name: 'Confirm' }));
    const codes = await card.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(confirmed[0]?.body).toEqual({ code: typed.code });
    expect(await card.findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
  });

  it('is not shown to job seekers and employers', async () => {
    sessions();
    renderRoutes(appRoutes, { path: '/account', session: sessionOf('job_seeker') });
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Second factor' })).not.toBeInTheDocument();
  });
});
