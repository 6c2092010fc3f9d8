import { adminDecisionStatuses, employerRequestStatuses, interestDecisions } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import {
  adminMovesFrom,
  candidateDecisionsFor,
  candidateMoveFor,
  erasedFor,
  leftNotes,
  type MatchRequest,
  newMatchRequest,
  notesOf,
  openStatuses,
  transition,
  withNotesOf,
} from './match-request';

const request = (status: MatchRequest['status']): MatchRequest => ({
  ...newMatchRequest({
    id: 'r1',
    employerId: 'e1',
    candidateId: 'c1',
    candidateCode: 'EM123456',
    message: undefined,
    askBeforeSharing: false,
    now: new Date('2026-01-01T00:00:00Z'),
  }),
  status,
});

describe('the match request state machine', () => {
  it.each(employerRequestStatuses.flatMap((from) => adminDecisionStatuses.map((to) => [from, to] as const)))(
    'an admin moving %s to %s is allowed only as SPEC.md section 4 says',
    (from, to) => {
      const decide = () => transition(request(from), { type: 'decide', status: to, adminNotes: 'n' });
      if (adminMovesFrom(from).includes(to)) expect(decide()).toMatchObject({ status: to, adminNotes: 'n' });
      else if (from === 'awaiting_candidate')
        expect(decide).toThrow(expect.objectContaining({ reason: 'request.awaiting-candidate' }));
      else
        expect(decide).toThrow(
          expect.objectContaining({ reason: 'request.illegal-transition', facts: { from, to } }),
        );
    },
  );

  it('keeps notes unless given, and clears them when given blank', () => {
    const approved = transition(
      { ...request('pending'), adminNotes: 'kept' },
      { type: 'decide', status: 'approved' },
    );
    expect(approved.adminNotes).toBe('kept');
    const cleared = transition(approved, {
      type: 'decide',
      status: 'connected',
      adminNotes: '',
      contactNote: 'Call Ana',
    });
    expect(cleared).toMatchObject({ adminNotes: null, contactNote: 'Call Ana' });
  });

  it("lets only the request's own employer unmatch, and only a matched request", () => {
    expect(transition(request('approved'), { type: 'unmatch', employerId: 'e1' }).status).toBe('unmatched');
    expect(() => transition(request('approved'), { type: 'unmatch', employerId: 'e2' })).toThrow(
      expect.objectContaining({ reason: 'request.not-found' }),
    );
    expect(() => transition(request('pending'), { type: 'unmatch', employerId: 'e1' })).toThrow(
      expect.objectContaining({ reason: 'request.not-matched' }),
    );
  });
});

describe("the candidate's consent", () => {
  it('starts a request waiting for the candidate when they asked to be asked first', () => {
    const fields = {
      id: 'r2',
      employerId: 'e1',
      candidateId: 'c1',
      candidateCode: 'EM123456',
      message: 'Hello',
      now: new Date('2026-01-01T00:00:00Z'),
    };
    expect(newMatchRequest({ ...fields, askBeforeSharing: true }).status).toBe('awaiting_candidate');
    expect(newMatchRequest({ ...fields, askBeforeSharing: false }).status).toBe('pending');
    expect(openStatuses.has('awaiting_candidate')).toBe(true);
    for (const closed of ['declined', 'withdrawn', 'closed'] as const)
      expect(openStatuses.has(closed)).toBe(false);
  });

  it.each(
    employerRequestStatuses.flatMap((from) => interestDecisions.map((decision) => [from, decision] as const)),
  )('the candidate deciding %s → %s is allowed only from the status the move starts at', (from, decision) => {
    const move = () => transition(request(from), { type: 'candidate', decision, candidateId: 'c1' });
    if (candidateMoveFor(decision).from === from) {
      expect(move().status).toBe(candidateMoveFor(decision).to);
      expect(candidateDecisionsFor(from)).toContain(decision);
    } else {
      expect(move).toThrow(
        expect.objectContaining({ reason: 'request.candidate-move', facts: { decision, status: from } }),
      );
      expect(candidateDecisionsFor(from)).not.toContain(decision);
    }
  });

  it("answers another candidate's request as if it did not exist", () => {
    expect(() =>
      transition(request('awaiting_candidate'), { type: 'candidate', decision: 'accept', candidateId: 'c2' }),
    ).toThrow(expect.objectContaining({ reason: 'request.not-found' }));
  });

  it('moves accept → pending, decline → declined, withdraw → withdrawn, and the admin decides only after an accept', () => {
    const accepted = transition(request('awaiting_candidate'), {
      type: 'candidate',
      decision: 'accept',
      candidateId: 'c1',
    });
    expect(accepted.status).toBe('pending');
    expect(transition(accepted, { type: 'decide', status: 'approved' }).status).toBe('approved');
    expect(
      transition(request('awaiting_candidate'), { type: 'candidate', decision: 'decline', candidateId: 'c1' })
        .status,
    ).toBe('declined');
    expect(transition(accepted, { type: 'candidate', decision: 'withdraw', candidateId: 'c1' }).status).toBe(
      'withdrawn',
    );
  });

  it('refuses to approve a request whose company the candidate has blocked since; rejecting it stays possible', () => {
    expect(() =>
      transition(request('pending'), { type: 'decide', status: 'approved', blockedByCandidate: true }),
    ).toThrow(expect.objectContaining({ reason: 'request.blocked-by-candidate' }));
    expect(
      transition(request('pending'), { type: 'decide', status: 'rejected', blockedByCandidate: true }).status,
    ).toBe('rejected');
  });
});

describe('a request once a party is erased', () => {
  const worded = (status: MatchRequest['status']) => ({
    ...request(status),
    message: 'Hello',
    adminNotes: 'Notes',
    contactNote: 'Call',
    notesByEvent: [{ eventId: 'ev1', adminNotes: 'Notes', contactNote: 'Call' }],
  });

  it('loses its words, keeps ids, status and code once shared, and is the same request when asked again', () => {
    const erased = erasedFor(worded('approved'), 'candidate');
    expect(erased).toEqual({
      ...worded('approved'),
      message: null,
      adminNotes: null,
      contactNote: null,
      notesByEvent: [],
      candidateErased: true,
    });
    expect(notesOf(erased, 'ev1')).toEqual({ adminNotes: null, contactNote: null });
    expect(erasedFor(erased, 'candidate')).toBe(erased);
    expect(erasedFor(erased, 'employer')).toMatchObject({ candidateErased: true, employerErased: true });
  });

  it.each(['pending', 'awaiting_candidate'] as const)(
    'closes a request still %s (nobody is left to introduce), once',
    (status) => {
      for (const party of ['candidate', 'employer'] as const) {
        const erased = erasedFor(worded(status), party);
        expect(erased).toMatchObject({ status: 'closed', message: null, notesByEvent: [] });
        expect(erasedFor(erased, party)).toBe(erased);
        expect(() => transition(erased, { type: 'decide', status: 'approved' })).toThrow(
          expect.objectContaining({ reason: 'request.illegal-transition' }),
        );
      }
    },
  );

  it.each(['approved', 'connected', 'rejected', 'declined', 'withdrawn', 'unmatched'] as const)(
    'keeps a request %s in its status',
    (status) => {
      expect(erasedFor(worded(status), 'employer').status).toBe(status);
    },
  );

  it('can no longer be approved if it was erased while open by an older writer', () => {
    const erased = { ...worded('pending'), employerErased: true };
    expect(() => transition(erased, { type: 'decide', status: 'approved' })).toThrow('request.party-erased');
    expect(transition(erased, { type: 'decide', status: 'rejected' }).status).toBe('rejected');
  });
});

describe("a decision's notes, kept for its event's readers", () => {
  const day = 24 * 60 * 60 * 1000;
  const now = new Date('2026-01-10T00:00:00Z');

  it('are kept under the event id, and a later decision does not change what an earlier event reads', () => {
    const approved = withNotesOf(
      transition(request('pending'), {
        type: 'decide',
        status: 'approved',
        adminNotes: 'A',
        contactNote: 'C',
      }),
      'ev1',
      now,
      30 * day,
    );
    const reverted = withNotesOf(
      transition(approved, { type: 'decide', status: 'pending', adminNotes: 'B', contactNote: '' }),
      'ev2',
      now,
      30 * day,
    );
    expect(notesOf(reverted, 'ev1')).toEqual({ adminNotes: 'A', contactNote: 'C' });
    expect(notesOf(reverted, 'ev2')).toEqual({ adminNotes: 'B', contactNote: null });
    // an event that was no decision, or one unknown, reads no notes
    expect(notesOf(reverted, 'other')).toEqual({ adminNotes: null, contactNote: null });
  });

  it('are said to be left only when a decision left some', () => {
    expect(leftNotes(transition(request('pending'), { type: 'decide', status: 'rejected' }))).toBe(false);
    expect(
      leftNotes(transition(request('pending'), { type: 'decide', status: 'rejected', adminNotes: 'x' })),
    ).toBe(true);
  });

  it("go once their event has left the topic's retention", () => {
    const first = withNotesOf({ ...request('pending'), adminNotes: 'old' }, 'ev1', now, 30 * day);
    const later = withNotesOf(
      { ...first, adminNotes: 'new' },
      'ev2',
      new Date(now.getTime() + 31 * day),
      30 * day,
    );
    expect(later.notesByEvent.map((entry) => entry.eventId)).toEqual(['ev2']);
    const sooner = withNotesOf(
      { ...first, adminNotes: 'new' },
      'ev2',
      new Date(now.getTime() + day),
      30 * day,
    );
    expect(sooner.notesByEvent.map((entry) => entry.eventId)).toEqual(['ev1', 'ev2']);
  });
});
