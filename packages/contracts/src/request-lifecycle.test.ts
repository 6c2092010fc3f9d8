import { describe, expect, it } from 'vitest';
import { contactLogActions } from './admin';
import { ZMatchRequestEvent, ZMatchRequestStatusChanged } from './events/match-requests';
import { interestDecisions } from './interest';
import { adminDecisionStatuses, employerRequestStatuses } from './matching';
import {
  employerStatusLabel,
  interestStatusLabel,
  moveOf,
  movesFrom,
  openRequestStatuses,
  requestMoves,
  requestStarts,
  revealsIdentity,
} from './request-lifecycle';

const ids = {
  requestId: '6f1c1a4e-2b1d-4c1e-9a57-1d2b3c4d5e6f',
  employerId: '7f1c1a4e-2b1d-4c1e-9a57-1d2b3c4d5e6f',
  candidateId: '8f1c1a4e-2b1d-4c1e-9a57-1d2b3c4d5e6f',
  candidateCode: 'MM-ABC123',
};
const envelope = {
  id: '9f1c1a4e-2b1d-4c1e-9a57-1d2b3c4d5e6f',
  occurredAt: '2026-11-30T10:00:00.000Z',
  source: 'matching',
  aggregateId: ids.requestId,
};
const actor = { userId: ids.employerId, role: 'admin' as const };

describe('the match request lifecycle', () => {
  it('reveals the candidate only once introduced: approved and connected', () => {
    expect(employerRequestStatuses.filter(revealsIdentity)).toEqual(['approved', 'connected']);
  });

  it('keeps the statuses open that block a second request, and closes the rest', () => {
    expect([...openRequestStatuses].sort()).toEqual([
      'approved',
      'awaiting_candidate',
      'connected',
      'pending',
    ]);
  });

  it("shows the employer the spec's labels, and the candidate's own steps as the admin's", () => {
    expect(employerStatusLabel('awaiting_candidate')).toBe('Pending Review');
    expect(employerStatusLabel('approved')).toBe('Matched');
    for (const status of ['rejected', 'declined', 'withdrawn', 'closed'] as const)
      expect(employerStatusLabel(status)).toBe('Not Approved');
    expect(interestStatusLabel('closed')).toBe('Closed');
  });

  it('gives every move one contact log action, and the admin only the spec’s statuses', () => {
    for (const move of requestMoves) {
      expect(contactLogActions).toContain(move.contactLog);
      if (move.by === 'admin') expect(adminDecisionStatuses).toContain(move.to);
    }
    const pairs = requestMoves.map((move) => `${move.from}>${move.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('gives each candidate decision exactly one move', () => {
    for (const decision of interestDecisions)
      expect(requestMoves.filter((move) => 'decision' in move && move.decision === decision)).toHaveLength(1);
  });

  it('lets an erasure close only what was not shared yet', () => {
    const closable = employerRequestStatuses.filter((status) => movesFrom(status, 'erasure').length > 0);
    expect(closable.sort()).toEqual(['awaiting_candidate', 'pending']);
    expect(closable.some(revealsIdentity)).toBe(false);
  });

  it('reaches every status from where a request starts', () => {
    const reached = new Set<string>(Object.keys(requestStarts));
    for (let changed = true; changed; ) {
      changed = false;
      for (const move of requestMoves)
        if (reached.has(move.from) && !reached.has(move.to)) changed = reached.add(move.to) !== undefined;
    }
    expect([...reached].sort()).toEqual([...employerRequestStatuses].sort());
  });
});

describe('match.request.status-changed version 2', () => {
  const changed = (from: string, to: string) => ({
    ...envelope,
    type: 'match.request.status-changed',
    version: 2,
    data: { ...ids, from, to, withNotes: false, actor, changedAt: envelope.occurredAt },
  });

  it('refuses a status change the lifecycle does not name', () => {
    expect(ZMatchRequestStatusChanged.safeParse(changed('pending', 'approved')).success).toBe(true);
    expect(moveOf('rejected', 'approved')).toBeUndefined();
    expect(ZMatchRequestStatusChanged.safeParse(changed('rejected', 'approved')).success).toBe(false);
    expect(ZMatchRequestEvent.safeParse(changed('connected', 'pending')).success).toBe(false);
  });

  it('refuses the texts and the name that version 1 carried', () => {
    const withText = changed('pending', 'approved');
    const event = { ...withText, data: { ...withText.data, adminNotes: 'called Ada' } };
    expect(ZMatchRequestEvent.safeParse(event).success).toBe(false);
  });

  it('reads a version 1 event as version 2, with the texts it carried set apart', () => {
    const old = {
      ...envelope,
      type: 'match.request.status-changed',
      version: 1,
      data: {
        ...ids,
        from: 'pending',
        to: 'approved',
        adminNotes: 'checked',
        contactNote: null,
        companyName: 'Acme',
        actor,
        changedAt: envelope.occurredAt,
      },
    };
    const read = ZMatchRequestEvent.parse(old);
    expect(read.version).toBe(2);
    expect(read.data).toEqual({
      ...ids,
      from: 'pending',
      to: 'approved',
      withNotes: false,
      actor,
      changedAt: envelope.occurredAt,
    });
    expect(read.carried).toEqual({ adminNotes: 'checked', contactNote: null, companyName: 'Acme' });
  });

  it('reads a version 1 event that carried nothing without texts, keeping what it said of them', () => {
    const old = {
      ...envelope,
      type: 'match.request.created',
      version: 1,
      data: { ...ids, withMessage: true, createdAt: envelope.occurredAt },
    };
    const read = ZMatchRequestEvent.parse(old);
    expect(read).toMatchObject({
      version: 3,
      data: { withMessage: true, withPosition: false, status: 'pending' },
    });
    expect(read.carried).toBeUndefined();
  });

  it('reads a version 2 new request as naming no position', () => {
    const v2 = {
      ...envelope,
      type: 'match.request.created',
      version: 2,
      data: { ...ids, withMessage: false, status: 'pending', createdAt: envelope.occurredAt },
    };
    expect(ZMatchRequestEvent.parse(v2)).toMatchObject({ version: 3, data: { withPosition: false } });
  });

  it('refuses a version 3 new request that does not say whether it names a position', () => {
    const v3 = {
      ...envelope,
      type: 'match.request.created',
      version: 3,
      data: { ...ids, withMessage: false, status: 'pending', createdAt: envelope.occurredAt },
    };
    expect(ZMatchRequestEvent.safeParse(v3).success).toBe(false);
  });
});
