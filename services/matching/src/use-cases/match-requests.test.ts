import { ZMatchRequestStatusChanged } from '@meritmatch/contracts';
import type { AggregateStore, Decide, Identity, PendingEvent } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import { CandidateIndex } from '../domain/candidate-index';
import { EmployerDirectory } from '../domain/employer-directory';
import { type MatchRequest, newMatchRequest } from '../domain/match-request';
import { createMatchRequests, type MatchRequestQueries } from './match-requests';

const employerId = '00000000-0000-4000-8000-000000000002';
const admin: Identity = {
  userId: '00000000-0000-4000-8000-000000000009',
  role: 'admin',
  tokenId: 'session-1',
  expiresAt: new Date('2026-03-01T11:00:00Z'),
};

const pending = (): MatchRequest =>
  newMatchRequest({
    id: '00000000-0000-4000-8000-000000000001',
    employerId,
    candidateId: '00000000-0000-4000-8000-000000000003',
    candidateCode: 'EM123456',
    message: undefined,
    askBeforeSharing: false,
    now: new Date('2026-03-01T10:00:00Z'),
  });

/** A store holding one request in memory: it runs the decision and keeps the events it asked for. */
function storeOf(request: MatchRequest) {
  const written: PendingEvent[] = [];
  const store = {
    async change(_id: string, decide: Decide<MatchRequest>) {
      const decision = decide(request);
      const stamped = { ...decision.next, version: request.version + 1, updatedAt: new Date() };
      written.push(...(typeof decision.events === 'function' ? decision.events(stamped) : decision.events));
      return { state: stamped, replayed: false };
    },
  } as unknown as AggregateStore<MatchRequest>;
  return { store, written };
}

function approve(directory: EmployerDirectory, notes: { adminNotes?: string; contactNote?: string } = {}) {
  const { store, written } = storeOf(pending());
  const requests = createMatchRequests({
    store,
    queries: {} as MatchRequestQueries,
    candidates: new CandidateIndex(),
    directory,
  });
  return { done: requests.decide(admin, pending().id, { status: 'approved', ...notes }), written };
}

const known = () => {
  const directory = new EmployerDirectory();
  directory.apply({
    employerId,
    companyName: 'Acme Robotics',
    industry: 'Technology',
    companySize: '11-50',
    website: null,
    verified: true,
    version: 1,
    updatedAt: '2026-03-01T09:00:00.000Z',
  });
  return directory;
};

describe('the events of a decision', () => {
  it("carry no text and no name: the decision's notes are kept under the event's id, for its readers to ask", async () => {
    const { done, written } = approve(known(), { adminNotes: 'Checked', contactNote: 'Call Monday' });
    const decided = await done;
    const [event] = written.map((event) => ZMatchRequestStatusChanged.parse(event));
    expect(event?.data).toMatchObject({ from: 'pending', to: 'approved', withNotes: true });
    expect(JSON.stringify(event)).not.toMatch(/Checked|Call Monday|Acme/);
    expect(decided.notesByEvent).toEqual([
      { eventId: event?.id, at: expect.any(Date), adminNotes: 'Checked', contactNote: 'Call Monday' },
    ]);
  });

  it('say when a decision left no notes, and keep none for it', async () => {
    const { done, written } = approve(known());
    const decided = await done;
    const [event] = written.map((event) => ZMatchRequestStatusChanged.parse(event));
    expect(event?.data.withNotes).toBe(false);
    expect(decided.notesByEvent).toEqual([]);
  });
});
