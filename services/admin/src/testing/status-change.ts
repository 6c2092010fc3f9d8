import type { MatchRequestStatusChanged } from '@meritmatch/contracts';

/**
 * A `match.request.status-changed` event for tests: an admin's approval that left notes (matching
 * keeps them), with `data` overridden.
 */
export const statusChange = (
  data: Partial<MatchRequestStatusChanged['data']> = {},
): MatchRequestStatusChanged => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 'match.request.status-changed',
  version: 2,
  occurredAt: '2026-01-01T10:00:00.000Z',
  source: 'matching',
  aggregateId: '22222222-2222-4222-8222-222222222222',
  data: {
    requestId: '22222222-2222-4222-8222-222222222222',
    employerId: '33333333-3333-4333-8333-333333333333',
    candidateId: '44444444-4444-4444-8444-444444444444',
    candidateCode: 'EM123456',
    from: 'pending',
    to: 'approved',
    withNotes: true,
    actor: { userId: '55555555-5555-4555-8555-555555555555', role: 'admin' },
    changedAt: '2026-01-01T10:00:00.000Z',
    ...data,
  },
});
