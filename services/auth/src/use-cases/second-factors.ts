import {
  type AuthResponse,
  type SecondFactorChallenge,
  type SecondFactorEnrolment,
  type SecondFactorPolicy,
  type SecondFactorStatus,
  secondFactorChallengeSeconds,
} from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  DomainError,
  decidedEveryTime,
  systemClock,
} from '@meritmatch/service-kit';
import QRCode from 'qrcode';
import { type Account, toUser } from '../domain/account';
import { type KeyEncryptionKeys, kekId } from '../domain/key-sealing';
import {
  hashOfRecoveryCode,
  isEnrolled,
  newRecoveryCodes,
  newSecret,
  openSecret,
  type SecondFactor,
  sealSecret,
  secretFromBase32,
  stepOfCode,
  totpOf,
  unusedRecoveryCode,
} from '../domain/second-factor';
import type { Challenge, Challenges } from '../domain/second-factor-challenge';
import type { AccountQueries } from './accounts';
import type { TokenService } from './tokens';

export type SecondFactorErrorReason =
  /** A code that does not fit, was used already, or a recovery code used already. */
  | 'second-factor.wrong-code'
  /** A challenge that expired, is not ours, or whose account changed since the password. */
  | 'second-factor.challenge-expired'
  /** A confirmation with no enrolment started. */
  | 'second-factor.no-enrolment';

export type SecondFactorsDeps = {
  /** Second factors keyed by user id (their own collection, never the account's document). */
  store: AggregateStore<SecondFactor>;
  queries: Pick<AccountQueries, 'accountOf' | 'list'>;
  tokens: TokenService;
  challenges: Challenges;
  keks: KeyEncryptionKeys;
  policy: SecondFactorPolicy;
  clock?: Clock;
};

const wrongCode = () => new DomainError('second-factor.wrong-code');
const expired = () => new DomainError('second-factor.challenge-expired');

/**
 * A change of a second factor runs without the request's idempotency key (decidedEveryTime): the
 * store would answer a retry with the same key with the state as it is, without deciding again,
 * which here would pass a code that was never checked (a replayed request).
 */
const everyTimeDecided = decidedEveryTime;

/** Whether an account may still finish a sign-in begun at `issuedAtMs`. */
const stillSignsIn = (account: Account | null, issuedAtMs: number): account is Account => {
  if (account?.status !== 'active' || account.userType !== 'admin') return false;
  const changed = [account.passwordChangedAt, account.sessionsEndedAt].some(
    (at) => at && at.getTime() > issuedAtMs,
  );
  return !changed;
};

/**
 * Admins' second factor: after a right password, an admin who has one (or must have one) gets a
 * challenge instead of a session; the session comes with a code from the authenticator app or a
 * recovery code. Every check and its record (the step, or the recovery code, spent) happen in one
 * change of the factor's document, so two requests with one code cannot both pass.
 */
export function createSecondFactors({
  store,
  queries,
  tokens,
  challenges,
  keks,
  policy,
  clock = systemClock,
}: SecondFactorsDeps) {
  const now = () => clock().getTime();

  const session = async (account: Account): Promise<AuthResponse> => {
    const user = toUser(account);
    return {
      user: {
        id: user.userId,
        email: user.email,
        userType: user.userType,
        emailConfirmed: user.emailConfirmed,
      },
      token: await tokens.issue({ userId: account.userId, userType: account.userType }),
    };
  };

  /** Applies `decide` to the admin's factor, creating its document on first use. */
  const change = (userId: string, decide: (current: SecondFactor) => SecondFactor) =>
    everyTimeDecided(() => changeOrCreate(userId, decide));

  async function changeOrCreate(userId: string, decide: (current: SecondFactor) => SecondFactor) {
    const decision = (current: SecondFactor) => ({ next: decide(current), events: [] });
    const changed = await store.change(userId, decision);
    if (changed) return changed.state;
    const at = clock();
    const blank: SecondFactor = {
      userId,
      secret: null,
      enrolledAt: null,
      pending: null,
      recoveryCodes: [],
      lastStep: 0,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    // another request may have made it meanwhile: then it is changed below like any other
    const made = new Error('second factor exists');
    const created = await store
      .create(decide(blank), [], () => made)
      .catch((error: unknown) => {
        if (error !== made) throw error;
        return null;
      });
    if (created) return created.state;
    const retried = await store.change(userId, decision);
    if (!retried) throw new Error(`the second factor of ${userId} could not be stored`);
    return retried.state;
  }

  async function enrolmentOf(factor: SecondFactor, label: string): Promise<SecondFactorEnrolment> {
    if (!factor.pending) throw new DomainError('second-factor.no-enrolment');
    const totp = totpOf(openSecret(factor.pending.secret, factor.userId, keks), label);
    const otpauthUri = totp.toString();
    return {
      secret: totp.secret.base32,
      otpauthUri,
      qrCode: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    };
  }

  /** A new pending secret (an enrolment begun before is replaced); the confirmed factor stays until confirmed. */
  async function startEnrolment(userId: string, label: string) {
    const secret = sealSecret(newSecret(), userId, keks);
    const factor = await change(userId, (current) => ({
      ...current,
      pending: { secret, startedAt: clock() },
    }));
    return enrolmentOf(factor, label);
  }

  /** Confirms the pending secret with a code from it: it becomes the factor, with ten new recovery codes. */
  async function confirmEnrolment(userId: string, code: string): Promise<string[]> {
    const recoveryCodes = newRecoveryCodes();
    await change(userId, (current) => {
      if (!current.pending) throw new DomainError('second-factor.no-enrolment');
      const step = stepOfCode(openSecret(current.pending.secret, userId, keks), code, now());
      if (step === null) throw wrongCode();
      return {
        ...current,
        secret: current.pending.secret,
        enrolledAt: clock(),
        pending: null,
        recoveryCodes: recoveryCodes.map((recovery) => ({
          hash: hashOfRecoveryCode(recovery),
          usedAt: null,
        })),
        // the confirming code is spent too
        lastStep: step,
      };
    });
    return recoveryCodes;
  }

  /** Takes a code of the enrolled factor once: a TOTP code of a later step than the last, or an unused recovery code. */
  async function spend(userId: string, code: string) {
    await change(userId, (current) => {
      if (!isEnrolled(current)) throw expired();
      const step = stepOfCode(openSecret(current.secret, userId, keks), code, now());
      if (step !== null) {
        if (step <= current.lastStep) throw wrongCode();
        return { ...current, lastStep: step };
      }
      const index = unusedRecoveryCode(current.recoveryCodes, code);
      if (index < 0) throw wrongCode();
      const recoveryCodes = current.recoveryCodes.map((recovery, at) =>
        at === index ? { ...recovery, usedAt: clock() } : recovery,
      );
      return { ...current, recoveryCodes };
    });
  }

  async function challengedAccount(token: string): Promise<{ challenge: Challenge; account: Account }> {
    const challenge = challenges.read(token, now());
    if (!challenge) throw expired();
    const account = await queries.accountOf(challenge.userId);
    if (!stillSignsIn(account, challenge.issuedAtMs)) throw expired();
    return { challenge, account };
  }

  return {
    policy,

    /**
     * After a right password: the challenge for an admin who has a second factor or must have one,
     * null for everyone else (their session stands).
     */
    async challengeFor(user: { id: string; userType: string }): Promise<SecondFactorChallenge | null> {
      if (user.userType !== 'admin') return null;
      const enrolled = isEnrolled(await store.load(user.id));
      if (!enrolled && policy !== 'required') return null;
      const issuedAtMs = now();
      return {
        challenge: challenges.issue({
          userId: user.id,
          issuedAtMs,
          expiresAtMs: issuedAtMs + secondFactorChallengeSeconds * 1000,
          enrol: !enrolled,
        }),
        expiresInSeconds: secondFactorChallengeSeconds,
        enrolmentNeeded: !enrolled,
      };
    },

    /** The user id a challenge names while it works (for the limits, before the code is checked). */
    async challengedUser(token: string) {
      return (await challengedAccount(token)).account.userId;
    },

    /** The enrolment step of a challenge that needs one: a new secret to scan. */
    async enrolForChallenge(token: string): Promise<SecondFactorEnrolment> {
      const { challenge, account } = await challengedAccount(token);
      if (!challenge.enrol || isEnrolled(await store.load(account.userId))) throw expired();
      return startEnrolment(account.userId, account.email);
    },

    /**
     * The second step: a code for an enrolled admin, or the first code of the new secret for an
     * admin who had to enrol (the answer then holds the recovery codes, shown once).
     */
    async signIn(token: string, code: string): Promise<AuthResponse & { recoveryCodes?: string[] }> {
      const { challenge, account } = await challengedAccount(token);
      const factor = await store.load(account.userId);
      if (isEnrolled(factor)) {
        await spend(account.userId, code);
        return session(account);
      }
      if (!challenge.enrol) throw expired();
      const recoveryCodes = await confirmEnrolment(account.userId, code);
      return { ...(await session(account)), recoveryCodes };
    },

    async status(userId: string): Promise<SecondFactorStatus> {
      const factor = await store.load(userId);
      return {
        enrolled: isEnrolled(factor),
        enrolledAt: isEnrolled(factor) && factor.enrolledAt ? factor.enrolledAt.toISOString() : null,
        recoveryCodesLeft: isEnrolled(factor)
          ? factor.recoveryCodes.filter((code) => !code.usedAt).length
          : 0,
        policy,
      };
    },

    /** Account settings: a new authenticator for a signed-in admin (the one enrolled stays until this is confirmed). */
    async startEnrolment(userId: string) {
      const account = await queries.accountOf(userId);
      if (!account) throw expired();
      return startEnrolment(userId, account.email);
    },

    confirmEnrolment,

    /**
     * The operator's admin enrolled with a given secret (the embedded default's demo admin, whose
     * codes `npm run admin-code` prints); an admin already enrolled is left alone.
     */
    async ensureEnrolled(email: string, base32Secret: string): Promise<'enrolled' | 'exists' | 'no-admin'> {
      const admin = (await queries.list()).find(
        (user) => user.userType === 'admin' && user.email === email.trim().toLowerCase(),
      );
      if (!admin) return 'no-admin';
      if (isEnrolled(await store.load(admin.userId))) return 'exists';
      const secret = sealSecret(secretFromBase32(base32Secret), admin.userId, keks);
      await change(admin.userId, (current) => ({
        ...current,
        secret,
        enrolledAt: clock(),
        pending: null,
        recoveryCodes: [],
      }));
      return 'enrolled';
    },

    /** Seals again under the current KEK the secrets sealed with the previous one (a KEK rotation); answers how many. */
    async sealAll(userIds: string[]): Promise<number> {
      const current = kekId(keks.current);
      let sealed = 0;
      for (const userId of userIds) {
        const factor = await store.load(userId);
        if (!factor) continue;
        const stale = [factor.secret, factor.pending?.secret].some((s) => s && s.kek !== current);
        if (!stale) continue;
        await change(userId, (now) => ({
          ...now,
          secret: now.secret ? sealSecret(openSecret(now.secret, userId, keks), userId, keks) : null,
          pending: now.pending
            ? {
                ...now.pending,
                secret: sealSecret(openSecret(now.pending.secret, userId, keks), userId, keks),
              }
            : null,
        }));
        sealed += 1;
      }
      return sealed;
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;
