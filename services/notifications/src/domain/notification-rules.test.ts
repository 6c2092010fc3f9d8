import {
  type EmployerSnapshot,
  type MatchRequestEvent,
  type RequestEventStatus,
  type UserEvent,
  ZMatchRequestEvent,
  ZSearchDigestReady,
} from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import {
  notificationsForAccountNotice,
  notificationsForCompany,
  notificationsForMatchRequest,
  notificationsForSearchDigest,
  notificationsForUser,
} from './notification-rules';

const ids = {
  requestId: '00000000-0000-4000-8000-000000000001',
  employerId: '00000000-0000-4000-8000-000000000002',
  candidateId: '00000000-0000-4000-8000-000000000003',
};
const envelope = {
  id: '00000000-0000-4000-8000-0000000000aa',
  version: 1 as const,
  occurredAt: '2026-03-01T10:00:00.000Z',
  source: 'matching',
  aggregateId: ids.requestId,
};

const requestEnvelope = { ...envelope, version: 2 as const };

const created = (
  status: 'pending' | 'awaiting_candidate' = 'pending',
  { withMessage = true, withPosition = false } = {},
): MatchRequestEvent => ({
  ...envelope,
  version: 3,
  type: 'match.request.created',
  data: {
    ...ids,
    candidateCode: 'EM123456',
    withMessage,
    withPosition,
    status,
    createdAt: envelope.occurredAt,
  },
});

/** An event as an earlier version wrote it (its texts and the company's name in its data), read as today. */
const earlier = (event: MatchRequestEvent, texts: Record<string, unknown>) => {
  const { withNotes: _, withMessage: __, withPosition: ___, ...data } = event.data as Record<string, unknown>;
  return ZMatchRequestEvent.parse({ ...event, version: 1, data: { ...data, ...texts } });
};

const admin = { userId: '00000000-0000-4000-8000-000000000009', role: 'admin' } as const;
const changed = (
  from: RequestEventStatus,
  to: RequestEventStatus,
  withNotes = false,
  actor: { userId: string; role: 'admin' | 'employer' | 'job_seeker' } = admin,
): MatchRequestEvent => ({
  ...requestEnvelope,
  type: 'match.request.status-changed',
  data: { ...ids, candidateCode: 'EM123456', from, to, withNotes, actor, changedAt: envelope.occurredAt },
});

const kinds = (event: MatchRequestEvent) =>
  notificationsForMatchRequest(event).map((n) => [n.kind, n.recipient.type]);

describe('which e-mail a saved search digest asks for', () => {
  it('tells its employer, with the codes and matched skills only', () => {
    const event = ZSearchDigestReady.parse({
      ...envelope,
      type: 'search.digest-ready',
      version: 1,
      data: {
        searchId: ids.requestId,
        employerId: ids.employerId,
        candidates: [{ code: 'EM100101', matchedSkills: ['Go'] }],
        more: 0,
        createdAt: envelope.occurredAt,
      },
    });
    expect(notificationsForSearchDigest(event)).toEqual([
      {
        kind: 'search.digest',
        recipient: { type: 'user', userId: ids.employerId },
        facts: {
          employerId: ids.employerId,
          savedSearchId: ids.requestId,
          digestCandidates: [{ code: 'EM100101', matchedSkills: ['Go'] }],
          digestMore: 0,
        },
      },
    ]);
  });
});

describe('which e-mails a match request event asks for', () => {
  it('tells the candidate about a new request, and whether it waits for them', () => {
    expect(kinds(created())).toEqual([['request.received', 'candidate']]);
    expect(kinds(created('pending'))).toEqual([['request.received', 'candidate']]);
    expect(kinds(created('awaiting_candidate'))).toEqual([['request.awaiting-candidate', 'candidate']]);
    // the message stays at matching: the sender asks for it
    expect(notificationsForMatchRequest(created())[0]?.facts).toMatchObject({ textsAtMatching: true });
    // and so does the position a request names, with no message
    const named = created('pending', { withMessage: false, withPosition: true });
    expect(notificationsForMatchRequest(named)[0]?.facts).toMatchObject({ textsAtMatching: true });
    const bare = created('pending', { withMessage: false });
    expect(notificationsForMatchRequest(bare)[0]?.facts).not.toHaveProperty('textsAtMatching');
  });

  it('on approval tells the employer (the contact note asked from matching) and introduces the candidate', () => {
    const approved = notificationsForMatchRequest(changed('pending', 'approved', true));
    expect(approved.map((n) => [n.kind, n.recipient])).toEqual([
      ['request.approved', { type: 'user', userId: ids.employerId }],
      ['request.introduced', { type: 'candidate', candidateId: ids.candidateId }],
    ]);
    expect(approved[0]?.facts).toEqual({
      ...ids,
      candidateCode: 'EM123456',
      textsAtMatching: true,
    });
    expect(approved[1]?.facts).not.toHaveProperty('textsAtMatching');
    // a decision without notes has nothing to ask for
    expect(notificationsForMatchRequest(changed('pending', 'approved'))[0]?.facts).not.toHaveProperty(
      'textsAtMatching',
    );
  });

  it('keeps the texts an earlier event carried itself, never the admin notes', () => {
    const [approved] = notificationsForMatchRequest(
      earlier(changed('pending', 'approved'), {
        adminNotes: 'internal: checked',
        contactNote: 'Call Monday.',
      }),
    );
    expect(approved?.facts).toMatchObject({ contactNote: 'Call Monday.' });
    expect(approved?.facts).not.toHaveProperty('textsAtMatching');
    expect(JSON.stringify(approved)).not.toContain('internal: checked');
    const [asked] = notificationsForMatchRequest(earlier(created(), { message: 'Hello' }));
    expect(asked?.facts).toMatchObject({ employerMessage: 'Hello' });
    expect(asked?.facts).not.toHaveProperty('textsAtMatching');
  });

  it("keeps the company's name an earlier event carried, so the sender need not ask for it", () => {
    const named = (event: MatchRequestEvent) => earlier(event, { companyName: 'Acme Robotics' });
    const facts = [
      ...notificationsForMatchRequest(named(created())),
      ...notificationsForMatchRequest(named(changed('pending', 'approved'))),
      ...notificationsForMatchRequest(named(changed('pending', 'rejected'))),
    ].map((n) => n.facts.companyName);
    expect(facts).toEqual(['Acme Robotics', 'Acme Robotics', 'Acme Robotics', 'Acme Robotics']);
    // events leave it to the sender
    expect(notificationsForMatchRequest(changed('pending', 'approved'))[0]?.facts).not.toHaveProperty(
      'companyName',
    );
  });

  it('introduces the candidate once: connected after approved asks for nothing more', () => {
    expect(kinds(changed('approved', 'connected'))).toEqual([]);
    // an earlier event of a move the lifecycle no longer has asks for nothing
    expect(kinds(earlier(changed('pending', 'connected'), {}))).toEqual([]);
  });

  it('tells the employer "not approved" when the candidate\'s erasure closes the request, and nobody when the employer\'s does', () => {
    const candidate = { userId: '00000000-0000-4000-8000-00000000000c', role: 'job_seeker' } as const;
    const employer = { userId: ids.employerId, role: 'employer' } as const;
    for (const from of ['pending', 'awaiting_candidate'] as const) {
      expect(kinds(changed(from, 'closed', false, candidate))).toEqual([['request.not-approved', 'user']]);
      expect(kinds(changed(from, 'closed', false, employer))).toEqual([]);
    }
  });

  it.each(['rejected', 'declined', 'withdrawn'] as const)(
    'tells the employer "not approved" when %s',
    (to) => {
      expect(kinds(changed(to === 'declined' ? 'awaiting_candidate' : 'pending', to))).toEqual([
        ['request.not-approved', 'user'],
      ]);
    },
  );

  it('asks for nothing on a revert, an unmatch or the candidate accepting', () => {
    expect(kinds(changed('approved', 'pending'))).toEqual([]);
    expect(kinds(changed('approved', 'unmatched'))).toEqual([]);
    expect(kinds(changed('awaiting_candidate', 'pending'))).toEqual([]);
  });
});

const statusChanged = (
  status: 'active' | 'suspended' | 'deleted',
  previousStatus: 'active' | 'suspended' | 'deleted',
  userType: 'job_seeker' | 'employer' | 'admin' | 'service' = 'job_seeker',
): UserEvent => ({
  ...envelope,
  source: 'auth',
  type: 'user.status-changed',
  data: {
    userId: ids.candidateId,
    userType,
    status,
    previousStatus,
    changedAt: envelope.occurredAt,
    emailConfirmed: true,
  },
});

describe('security messages', () => {
  it('are asked for on a suspension and on a restore', () => {
    expect(notificationsForUser(statusChanged('suspended', 'active')).map((n) => n.kind)).toEqual([
      'account.suspended',
    ]);
    expect(notificationsForUser(statusChanged('active', 'suspended')).map((n) => n.kind)).toEqual([
      'account.restored',
    ]);
    expect(notificationsForUser(statusChanged('active', 'deleted', 'employer')).map((n) => n.kind)).toEqual([
      'account.restored',
    ]);
  });

  it('are not asked for a deletion, nor for admins or services', () => {
    expect(notificationsForUser(statusChanged('deleted', 'active'))).toEqual([]);
    expect(notificationsForUser(statusChanged('suspended', 'active', 'service'))).toEqual([]);
    expect(notificationsForUser(statusChanged('suspended', 'active', 'admin'))).toEqual([]);
  });
});

const company = (verified: boolean, version: number): EmployerSnapshot => ({
  employerId: ids.employerId,
  companyName: 'Acme Robotics',
  industry: 'Technology',
  companySize: '51-200',
  website: null,
  verified,
  version,
  updatedAt: envelope.occurredAt,
});

describe('verification', () => {
  it('is told when it changes, compared with the state seen before', () => {
    expect(
      notificationsForCompany({ verified: false, version: 1 }, company(true, 2)).map((n) => n.kind),
    ).toEqual(['employer.verified']);
    expect(
      notificationsForCompany({ verified: true, version: 2 }, company(false, 3)).map((n) => n.kind),
    ).toEqual(['employer.verification-revoked']);
    expect(notificationsForCompany({ verified: true, version: 2 }, company(true, 3))).toEqual([]);
  });

  it('is not told for a company seen for the first time', () => {
    expect(notificationsForCompany(null, company(true, 5))).toEqual([]);
  });
});

describe('confirmation links', () => {
  it('send the link to the account, with only its id kept, and nothing when the address is confirmed', () => {
    const linkId = '00000000-0000-4000-8000-0000000000cc';
    expect(
      notificationsForAccountNotice({
        ...envelope,
        source: 'auth',
        type: 'account.email-confirmation-requested',
        data: { linkId, userId: ids.candidateId, expiresAt: envelope.occurredAt },
      }),
    ).toEqual([
      {
        kind: 'account.email-confirmation',
        recipient: { type: 'user', userId: ids.candidateId },
        facts: { linkId },
      },
    ]);
    expect(
      notificationsForUser({
        ...envelope,
        source: 'auth',
        type: 'user.email-confirmed',
        data: {
          userId: ids.candidateId,
          userType: 'job_seeker',
          status: 'active',
          confirmedAt: envelope.occurredAt,
          emailConfirmed: true,
        },
      }),
    ).toEqual([]);
  });
});

describe('password reset messages', () => {
  it('send the link to the account, with only its id kept, and say when the password changed', () => {
    const linkId = '00000000-0000-4000-8000-0000000000bb';
    expect(
      notificationsForAccountNotice({
        ...envelope,
        source: 'auth',
        type: 'account.password-reset-requested',
        data: { linkId, userId: ids.employerId, expiresAt: envelope.occurredAt },
      }),
    ).toEqual([
      {
        kind: 'account.password-reset',
        recipient: { type: 'user', userId: ids.employerId },
        facts: { linkId },
      },
    ]);
    expect(
      notificationsForUser({
        ...envelope,
        source: 'auth',
        type: 'user.sessions-ended',
        data: {
          userId: ids.employerId,
          userType: 'admin',
          status: 'active',
          endedAt: envelope.occurredAt,
          reason: 'password-reset',
          emailConfirmed: true,
        },
      }),
    ).toEqual([
      { kind: 'account.password-changed', recipient: { type: 'user', userId: ids.employerId }, facts: {} },
    ]);
  });

  it('say nothing when the person signed out their other devices themselves', () => {
    expect(
      notificationsForUser({
        ...envelope,
        source: 'auth',
        type: 'user.sessions-ended',
        data: {
          userId: ids.employerId,
          userType: 'employer',
          status: 'active',
          endedAt: envelope.occurredAt,
          reason: 'signed-out-elsewhere',
          emailConfirmed: false,
        },
      }),
    ).toEqual([]);
  });

  it('remind a person of the retention limit a month before it, and only then', () => {
    const activity = (stage: 'reminded' | 'inactive' | 'active') =>
      notificationsForUser({
        ...envelope,
        source: 'auth',
        type: 'user.activity-changed',
        data: {
          userId: ids.employerId,
          userType: 'employer',
          status: 'active',
          stage,
          lastSignedInAt: envelope.occurredAt,
          eraseAfter: envelope.occurredAt,
          inactiveMonths: 12,
          emailConfirmed: true,
        },
      });
    expect(activity('reminded')).toEqual([
      {
        kind: 'account.retention-reminder',
        recipient: { type: 'user', userId: ids.employerId },
        facts: { inactiveMonths: 12 },
      },
    ]);
    expect(activity('inactive')).toEqual([]);
    expect(activity('active')).toEqual([]);
  });
});
