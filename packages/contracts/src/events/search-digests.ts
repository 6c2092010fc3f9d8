import { z } from 'zod';
import { eventSchema } from './envelope';

/** Topic `search-digests`, keyed by saved search id: the daily news of each saved search. */
export const searchDigestsTopic = 'search-digests';

/**
 * The new candidates of one saved search, at most once a day. Anonymous codes and
 * the candidates' skills that matched only; no free text (the search's name is the employer's
 * words: the e-mail asks matching for it, and an erased employer's saved searches are gone).
 */
export const ZSearchDigestReady = eventSchema(
  'search.digest-ready',
  1,
  z.strictObject({
    searchId: z.uuid(),
    employerId: z.uuid(),
    candidates: z.array(z.strictObject({ code: z.string(), matchedSkills: z.array(z.string()) })).min(1),
    /** New candidates beyond those listed (the e-mail says how many more the search shows). */
    more: z.number().int().min(0),
    createdAt: z.iso.datetime(),
  }),
);
export type SearchDigestReady = z.infer<typeof ZSearchDigestReady>;
