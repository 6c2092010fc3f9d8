import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  recoveryCodeCount,
  secondFactorMessages,
  secondFactorPeriodSeconds,
  ZAuthResponse,
  ZConfirmEnrolmentAnswer,
  ZSecondFactorChallengeAnswer,
  ZSecondFactorEnrolment,
  ZSecondFactorSignInAnswer,
  ZSecondFactorStatus,
} from '@meritmatch/contracts';
import { Secret } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../domain/second-factor';
import { type AuthHarness, authHarness } from '../testing/harness';

/** A code of the step `steps` periods from now: the step after one just spent is still accepted (one step of drift). */
const codeAt = (secret: string, steps = 0) =>
  currentCode(secret, Date.now() + steps * secondFactorPeriodSeconds * 1000);

/**
 * An admin's second factor, where it is required (as on compose):
 * the first sign-in enrols, every later one asks for a code, a code is taken once, a recovery code
 * once, and wrong codes are limited per account. Codes are computed from the secret the
 * enrolment shows, with otpauth's own generator.
 */
describe('a second factor for admins (required)', () => {
  let auth: AuthHarness;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    auth = await authHarness({
      ADMIN_SECOND_FACTOR: 'required',
      SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT: '3',
    });
  });

  const password = async () => {
    const answer = await auth.signIn(auth.admin.email, auth.admin.password);
    expect(answer.status, answer.text).toBe(200);
    return ZSecondFactorChallengeAnswer.parse(answer.body).secondFactor;
  };
  /** The browser sends every write with an Idempotency-Key (web-session's api). */
  const step = (challenge: string, code: string, key = randomUUID()) =>
    auth.call(`/api/auth/login/second-factor`, {
      body: { challenge, code },
      headers: { 'idempotency-key': key },
    });
  const me = (token: string) => auth.call(`/api/auth/me`, { token });

  it('leads an admin without a factor to enrolment before any session', async () => {
    const first = await password();
    expect(first.enrolmentNeeded).toBe(true);
    expect(first).not.toHaveProperty('token');

    const enrolment = await auth.call(`/api/auth/login/second-factor/enrolment`, {
      body: { challenge: first.challenge },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(enrolment.status, enrolment.text).toBe(200);
    expect(enrolment.headers.get('cache-control')).toBe('no-store');
    const shown = ZSecondFactorEnrolment.parse(enrolment.body);
    expect(shown.otpauthUri).toMatch(/^otpauth:\/\/totp\/MeritMatch:/);
    expect(shown.otpauthUri).toContain(`secret=${shown.secret}`);
    secret = shown.secret;

    const wrong = await step(first.challenge, codeAt(secret, 10));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: secondFactorMessages.wrongCode,
      details: [{ path: 'code' }],
    });

    const done = await step(first.challenge, codeAt(secret));
    expect(done.status, done.text).toBe(200);
    const answer = ZSecondFactorSignInAnswer.parse(done.body);
    expect(answer.user).toMatchObject({ email: auth.admin.email, userType: 'admin' });
    expect(answer.recoveryCodes).toHaveLength(recoveryCodeCount);
    recoveryCodes = answer.recoveryCodes ?? [];
    expect((await me(answer.token)).status).toBe(200);

    const status = await auth.call(`/api/auth/second-factor`, { token: answer.token });
    expect(ZSecondFactorStatus.parse(status.body)).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: recoveryCodeCount,
      policy: 'required',
    });
  });

  it('asks for a code after the password, and takes each code once', async () => {
    const challenge = await password();
    expect(challenge.enrolmentNeeded).toBe(false);
    // a challenge cannot start another enrolment once the admin has a factor
    const enrolAgain = await auth.call(`/api/auth/login/second-factor/enrolment`, {
      body: { challenge: challenge.challenge },
    });
    expect(enrolAgain.status).toBe(400);

    // the confirming code's step is spent: the next step's code (one step of drift is accepted)
    const code = codeAt(secret, 1);
    const sentWith = randomUUID();
    const signedIn = await step(challenge.challenge, code, sentWith);
    expect(signedIn.status, signedIn.text).toBe(200);
    const session = ZAuthResponse.parse(signedIn.body);
    expect((await me(session.token)).status).toBe(200);

    // the same code again, through a new challenge: refused (replay)
    const replayed = await step((await password()).challenge, code);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ message: secondFactorMessages.wrongCode });
    // nor does the very same request again, with its Idempotency-Key, pass as a retry
    const resent = await step(challenge.challenge, code, sentWith);
    expect(resent.status).toBe(400);
  });

  it('takes a recovery code once', async () => {
    const recovery = recoveryCodes[0]!;
    const first = await step((await password()).challenge, recovery.toUpperCase());
    expect(first.status, first.text).toBe(200);
    expect((await me(ZAuthResponse.parse(first.body).token)).status).toBe(200);
    const again = await step((await password()).challenge, recovery);
    expect(again.status).toBe(400);
    const status = await auth.call(`/api/auth/second-factor`, { token: first.body.token });
    expect(status.body).toMatchObject({ recoveryCodesLeft: recoveryCodeCount - 1 });
  });

  it('refuses a challenge that is not ours, and leaves other users alone', async () => {
    const forged = await step('eyJ1IjoieCJ9.not-a-mac', codeAt(secret));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ details: [{ path: 'challenge' }] });
    const seeker = await auth.register('job_seeker');
    const login = await auth.signIn(seeker.email, seeker.password);
    expect(login.status).toBe(200);
    expect(ZAuthResponse.parse(login.body).user.userType).toBe('job_seeker');
    // a job seeker has no second factor to manage
    expect((await auth.call(`/api/auth/second-factor`, { token: seeker.token })).status).toBe(403);
  });

  it('lets a signed-in admin set up a new authenticator, confirmed by its first code', async () => {
    const recovery = recoveryCodes[1]!;
    const { token } = ZAuthResponse.parse((await step((await password()).challenge, recovery)).body);
    const started = await auth.call(`/api/auth/second-factor/enrolment`, { method: 'POST', token });
    expect(started.status, started.text).toBe(200);
    const next = ZSecondFactorEnrolment.parse(started.body).secret;
    expect(next).not.toBe(secret);
    const wrong = await auth.call(`/api/auth/second-factor/enrolment/confirm`, {
      token,
      body: { code: codeAt(secret, 1) },
    });
    expect(wrong.status).toBe(400);
    const confirmed = await auth.call(`/api/auth/second-factor/enrolment/confirm`, {
      token,
      body: { code: codeAt(next) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    recoveryCodes = ZConfirmEnrolmentAnswer.parse(confirmed.body).recoveryCodes;
    secret = next;
    // the old recovery codes went with the old factor
    expect((await step((await password()).challenge, recovery)).status).toBe(400);
  });

  it('limits wrong codes per account: past the limit even the right code waits', async () => {
    // wrong codes until refused: 3 an account (SECOND_FACTOR_MAX_FAILURES_PER_ACCOUNT=3 here), fewer
    // when earlier tests' wrong codes fall in the same window, one more when a busy store's hit was
    // counted in memory; without the limit every one would be a 400
    const outcomes: number[] = [];
    while (outcomes.length < 6 && outcomes.at(-1) !== 429)
      outcomes.push((await step((await password()).challenge, '000000')).status);
    expect(outcomes.at(-1), String(outcomes)).toBe(429);
    expect(
      outcomes.slice(0, -1).every((status) => status === 400),
      String(outcomes),
    ).toBe(true);
    expect(outcomes.length, String(outcomes)).toBeLessThanOrEqual(5);
    expect((await step((await password()).challenge, '000000')).status).toBe(429);
    const right = await step((await password()).challenge, codeAt(secret, 1));
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message: secondFactorMessages.tooMany });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/**
 * The embedded default (`npm start`): the demo admin is enrolled at start with a secret from the
 * environment, in the default `optional` mode; `admin-code` prints the code to type.
 */
describe('the demo admin enrolled at start (optional)', () => {
  let auth: AuthHarness;
  const secret = new Secret({ size: 20 }).base32;

  beforeAll(async () => {
    auth = await authHarness({ ADMIN_SECOND_FACTOR_SECRET: secret });
  });

  it('asks the enrolled admin for the code that admin-code prints', async () => {
    const login = await auth.signIn(auth.admin.email, auth.admin.password);
    expect(login.status, login.text).toBe(200);
    const { secondFactor } = ZSecondFactorChallengeAnswer.parse(login.body);
    expect(secondFactor.enrolmentNeeded).toBe(false);

    const ranFrom = Date.now();
    const printed = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-code.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, ADMIN_SECOND_FACTOR_SECRET: secret },
      encoding: 'utf8',
    });
    expect(printed.status, printed.stderr).toBe(0);
    const code = printed.stdout.match(/^(\d{6}) \(works for \d+ more seconds\)/)?.[1];
    // the code of a step the command ran in (it may have started a step before this one), or the next
    const ranSteps = Math.ceil((Date.now() - ranFrom) / (secondFactorPeriodSeconds * 1000));
    const possible = Array.from({ length: ranSteps + 1 }, (_, back) => codeAt(secret, -back));
    expect([...possible, codeAt(secret, 1)]).toContain(code);

    const done = await auth.call(`/api/auth/login/second-factor`, {
      body: { challenge: secondFactor.challenge, code },
    });
    expect(done.status, done.text).toBe(200);
    expect(ZSecondFactorSignInAnswer.parse(done.body).recoveryCodes).toBeUndefined();
  });

  it('takes one code once even when it is sent twice at the same moment', async () => {
    const challenges = [];
    for (let i = 0; i < 2; i++)
      challenges.push(
        ZSecondFactorChallengeAnswer.parse((await auth.signIn(auth.admin.email, auth.admin.password)).body)
          .secondFactor.challenge,
      );
    // a step later than any code taken above
    const code = codeAt(secret, 1);
    const answers = await Promise.all(
      challenges.map((challenge) =>
        auth.call(`/api/auth/login/second-factor`, { body: { challenge, code } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('leaves a job seeker signing in with the password alone', async () => {
    const seeker = await auth.register('job_seeker');
    const login = await auth.signIn(seeker.email, seeker.password);
    expect(ZAuthResponse.parse(login.body).user.userType).toBe('job_seeker');
  });
});
