import { employerRequestStatuses, matchStatuses } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { adminMoves, type MatchRequest, newMatchRequest, transition } from './match-request';

const request = (status: MatchRequest['status']): MatchRequest => ({
  ...newMatchRequest({
    id: 'r1',
    employerId: 'e1',
    candidateId: 'c1',
    candidateCode: 'EM123456',
    message: undefined,
    now: new Date('2026-01-01T00:00:00Z'),
  }),
  status,
});

describe('the match request state machine', () => {
  it.each(employerRequestStatuses.flatMap((from) => matchStatuses.map((to) => [from, to] as const)))(
    'an admin moving %s to %s is allowed only as SPEC.md section 4 says',
    (from, to) => {
      const decide = () => transition(request(from), { type: 'decide', status: to, adminNotes: 'n' });
      if (adminMoves[from].includes(to)) expect(decide()).toMatchObject({ status: to, adminNotes: 'n' });
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
