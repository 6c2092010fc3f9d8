import { ZSearchDigestReady } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { SavedSearch } from '../domain/saved-search';

/** A saved search's new candidates: codes and matched skills, never the search's name. */
export const searchDigestReady = (
  search: SavedSearch,
  digest: { listed: { code: string; matchedSkills: string[] }[]; more: number },
  clock: Clock,
) =>
  buildEvent(ZSearchDigestReady, {
    type: 'search.digest-ready',
    version: 1,
    aggregateId: search.id,
    source: 'matching',
    clock,
    data: {
      searchId: search.id,
      employerId: search.employerId,
      candidates: digest.listed,
      more: digest.more,
      createdAt: clock().toISOString(),
    },
  });
