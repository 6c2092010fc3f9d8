import type { ErasureRequested } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, type Identity, systemClock } from '@meritmatch/service-kit';
import type { CandidateIndex } from '../domain/candidate-index';
import { type ErasedParty, erasedFor, type MatchRequest } from '../domain/match-request';
import { matchRequestStatusChanged } from '../messaging/match-request-events';
import type { Positions } from './positions';
import type { SavedSearches } from './saved-searches';
import type { SearchLogStore } from './search-log';

export type MatchingErasureDeps = {
  store: AggregateStore<MatchRequest>;
  /** Every request of one employer or one candidate, by id. */
  idsOf: (filter: { employerId: string } | { candidateId: string }) => Promise<string[]>;
  candidates: Pick<CandidateIndex, 'candidateOfOwner'>;
  /** An employer's positions go with the employer. */
  positions: Pick<Positions, 'eraseEmployer'>;
  /** And the employer's saved searches. */
  savedSearches: Pick<SavedSearches, 'eraseEmployer'>;
  /** The search log: an erased candidate leaves every entry (an employer's entries stay, by id). */
  searchLog: Pick<SearchLogStore, 'eraseCandidate'>;
  /** Resolves true once the index holds its whole topic (the owner → candidate link comes from it). */
  whenIndexed: (ms: number) => Promise<boolean>;
  clock?: Clock;
};

/**
 * Matching's part of an erasure (docs/decisions/0004-account-erasure.md): every request of the
 * person loses the employer's message, the position it named and the team's notes, and says which
 * party was erased; an employer's positions and saved searches are deleted.
 * A request not shared yet closes, with its status change on `match-requests` (the other party
 * and the contact log learn it as of any move; its actor is the person erased). Erasing texts
 * alone publishes nothing: the events carry none (the admin service erases its own contact log
 * in its own part). The pending queue and the owners' lists hold ids only and stay. An erased
 * candidate is taken out of the search log (their results go, their opened details go whole); an
 * erased employer's entries stay with its id only, like its requests, the company being gone.
 * Asked again, it finds nothing to erase and writes nothing.
 */
export function createMatchingErasure({
  store,
  idsOf,
  candidates,
  positions,
  savedSearches,
  searchLog,
  whenIndexed,
  clock = systemClock,
}: MatchingErasureDeps) {
  /** Which requests are the person's: an employer's by user id, a job seeker's by their candidate. */
  async function partyOf({ userId, userType }: Pick<ErasureRequested['data'], 'userId' | 'userType'>) {
    if (userType === 'employer') return { party: 'employer' as const, filter: { employerId: userId } };
    if (userType !== 'job_seeker') return undefined;
    // the link is read from the candidates topic: before it is read, "no candidate" would be a guess
    if (!(await whenIndexed(30_000))) throw new Error('the candidate index is not read yet');
    const candidateId = candidates.candidateOfOwner(userId);
    // no candidate: the person never had a profile, so no request names them
    return candidateId ? { party: 'candidate' as const, filter: { candidateId } } : undefined;
  }

  async function eraseRequest(id: string, party: ErasedParty, actor: Pick<Identity, 'userId' | 'role'>) {
    await store.change(id, (current) => {
      const next = erasedFor(current, party);
      if (next.status === current.status) return { next, events: [] };
      return {
        next,
        events: (after) => [matchRequestStatusChanged(current, after, actor, { withNotes: false, clock })],
      };
    });
  }

  return async (request: Pick<ErasureRequested['data'], 'userId' | 'userType'>) => {
    const found = await partyOf(request);
    if (!found) return;
    const actor = { userId: request.userId, role: request.userType };
    for (const id of await idsOf(found.filter)) await eraseRequest(id, found.party, actor);
    // after the requests, which keep their own copy of a position until erased above
    if (found.party === 'employer') {
      await positions.eraseEmployer(request.userId);
      await savedSearches.eraseEmployer(request.userId);
    }
    if (found.party === 'candidate') await searchLog.eraseCandidate(found.filter.candidateId);
  };
}
