import type { SearchFilters } from '../features/search/search-filters';

/** The employer area's queries, all under ['employer', …]; search keys hold the whole typed search. */
export const employerKeys = {
  all: ['employer'] as const,
  profile: ['employer', 'profile'] as const,
  requests: ['employer', 'requests'] as const,
  positions: ['employer', 'positions'] as const,
  savedSearches: ['employer', 'saved-searches'] as const,
  skillSuggestions: (typed: string) => ['employer', 'skill-suggestions', typed] as const,
  search: (filters: SearchFilters) => ['employer', 'search', filters] as const,
  candidate: (candidateId: string | null) => ['employer', 'candidate', candidateId] as const,
};
