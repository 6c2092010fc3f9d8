import {
  type AdminSearchLogEntry,
  educationFilterLabels,
  experienceFilterLabels,
  type SearchLogFilters,
} from '@meritmatch/contracts';

/** A search's filters as an admin reads them: "Skills: React, Node; Location: Berlin; Senior (6+ years); page 2". */
export function filtersInWords(filters: SearchLogFilters): string {
  const parts = [
    filters.skills.length ? `Skills: ${filters.skills.join(', ')}` : null,
    filters.preferred.length ? `Nice to have: ${filters.preferred.join(', ')}` : null,
    filters.location ? `Location: ${filters.location}` : null,
    filters.experience === 'all' ? null : experienceFilterLabels[filters.experience],
    filters.education === 'all' ? null : educationFilterLabels[filters.education],
    // the employer's own position: its terms filtered by the candidates' preferences, its levels ranked
    filters.position ? `From position ${filters.position.slice(0, 8)}` : null,
  ].filter((part): part is string => part !== null);
  const what = parts.length ? parts.join('; ') : 'All candidates, no filter';
  return `${what}; page ${filters.page} (${filters.limit} a page)`;
}

/** What an entry records, in words. */
export const entryInWords = (entry: AdminSearchLogEntry) =>
  entry.kind === 'opened' || !entry.filters ? 'Opened a profile' : filtersInWords(entry.filters);
