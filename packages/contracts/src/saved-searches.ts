import { z } from 'zod';
import { educationFilters, experienceFilters, ZCandidateSearchQuery } from './matching';
import { requiredText, ZId } from './primitives';

// ─── Saved searches and their daily digests ───────────────────

/** The most searches an employer saves. */
export const savedSearchLimit = 20;
/** The most candidates one digest e-mail lists (it says how many more there are). */
export const digestCandidateLimit = 20;
/** A digest goes at most once a day. */
export const digestIntervalMs = 24 * 60 * 60 * 1000;

/** What a saved search searches for: the search form's filters, and the position it started from. */
export const ZSavedSearchFilters = ZCandidateSearchQuery.pick({
  skills: true,
  preferred: true,
  location: true,
  experience: true,
  education: true,
  position: true,
});
export type SavedSearchFilters = z.output<typeof ZSavedSearchFilters>;

export const ZSavedSearchInput = z.strictObject({
  name: requiredText('Name', 80),
  filters: ZSavedSearchFilters,
  /** At most one e-mail a day with the new candidates who match. */
  digest: z.boolean({ message: 'Choose whether to get the daily e-mail' }),
});
export type SavedSearchInput = z.input<typeof ZSavedSearchInput>;

/** A rename, or the daily e-mail turned on or off. */
export const ZSavedSearchChange = z.strictObject({
  name: requiredText('Name', 80),
  digest: z.boolean({ message: 'Choose whether to get the daily e-mail' }),
});
export type SavedSearchChange = z.input<typeof ZSavedSearchChange>;

export const ZSavedSearch = z.strictObject({
  id: ZId,
  name: z.string(),
  filters: z.strictObject({
    skills: z.string().nullable(),
    preferred: z.string().nullable(),
    location: z.string().nullable(),
    experience: z.enum(experienceFilters),
    education: z.enum(educationFilters),
    position_id: ZId.nullable(),
  }),
  /** The position's title as it is now; null without one (or once it is gone). */
  position_title: z.string().nullable(),
  digest: z.boolean(),
  created_at: z.string(),
  /** When the last digest was made (an e-mail only when it found someone new). */
  last_digest_at: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearchesAnswer = z.strictObject({ searches: z.array(ZSavedSearch) });
export const ZSavedSearchWriteAnswer = z.strictObject({ message: z.string(), search: ZSavedSearch });
export const ZSavedSearchDeleteAnswer = z.strictObject({ message: z.string() });

export const savedSearchMessages = {
  saved: 'Search saved.',
  savedWithDigest: 'Search saved. You will get at most one e-mail a day with new candidates who match.',
  updated: 'Saved search updated.',
  deleted: 'Saved search deleted.',
  tooMany: `You can keep at most ${savedSearchLimit} saved searches. Delete one first.`,
  notFound: 'Saved search not found',
} as const;

/** Where notifications asks for a saved search's name (service token only). */
export const savedSearchNamePath = '/internal/service/saved-searches';
export const ZSavedSearchName = z.strictObject({ name: z.string() });
