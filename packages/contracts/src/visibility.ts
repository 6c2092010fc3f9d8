import { z } from 'zod';
import { requiredText } from './primitives';

// ─── Who may find the candidate (consent, pause, company block list) ─

export const visibilityTexts = {
  askBeforeSharing: 'Ask me before sharing my details',
  askBeforeSharingHint:
    'When on, a company’s request first waits for you: you accept it (then our team reviews it) or decline it.',
  paused: 'Pause my profile',
  pausedHint:
    'While paused, employers cannot find you or open your profile. Your profile and your requests stay as they are.',
  pausedNotice: 'Your profile is paused: employers cannot find you.',
  blockList: 'Companies that must never find me',
  blockListHint:
    'Matched by the company’s name (any case or punctuation) and by its website, including its subdomains.',
  currentEmployers: 'My current employers',
  currentEmployersHint:
    'The company of any experience marked “I currently work here” is hidden from by default.',
  saved: 'Settings saved successfully!',
  saveFailed: 'Error saving settings',
} as const;

/** Legal forms at the end of a company name do not tell two companies apart ("Globex Inc." is "Globex"). */
const legalForms = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'srl',
  'bv',
  'nv',
  'corp',
  'corporation',
  'co',
  'company',
]);

/**
 * A company name for matching a block: case, accents, spacing, punctuation and a trailing legal
 * form do not count ("GLOBEX, Inc." = "Globex" = "globex-inc"). '&' counts as 'and'.
 */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && legalForms.has(words.at(-1)!)) words.pop();
  return words.join('');
}

/**
 * The domain of a website as typed ("https://www.Globex.com/jobs", "globex.com"): lower case,
 * without scheme, `www.`, port or path; null when it is not a domain with a dot.
 */
export function domainKey(website: string): string | null {
  const host = website
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** A domain and every domain it is a subdomain of: `careers.globex.com`, `globex.com` (not the bare `com`). */
export function domainAndParents(domain: string): string[] {
  const domains: string[] = [];
  for (let rest = domain; rest.includes('.'); rest = rest.slice(rest.indexOf('.') + 1)) domains.push(rest);
  return domains;
}

/** A blocked domain blocks itself and its subdomains (`globex.com` blocks `careers.globex.com`). */
export const domainBlocked = (domain: string, blocked: ReadonlySet<string>) =>
  domainAndParents(domain).some((candidate) => blocked.has(candidate));

export const ZBlockedCompanyInput = z.strictObject({
  name: requiredText('Company name', 160),
  website: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ message: 'Website must be text' })
      .trim()
      .max(300, { message: 'Website must be at most 300 characters' })
      .refine((value) => domainKey(value) !== null, {
        message: 'Please enter a website such as globex.com',
      })
      .nullable()
      .default(null),
  ),
});
export type BlockedCompanyInput = z.input<typeof ZBlockedCompanyInput>;

export const maxBlockedCompanies = 50;

/** PUT /api/job-seeker/settings: the whole of the candidate's visibility settings. */
export const ZVisibilitySettingsInput = z.strictObject({
  askBeforeSharing: z.boolean({ message: 'askBeforeSharing must be true or false' }),
  paused: z.boolean({ message: 'paused must be true or false' }),
  blockedCompanies: z
    .array(ZBlockedCompanyInput, { message: 'blockedCompanies must be a list' })
    .max(maxBlockedCompanies, { message: `At most ${maxBlockedCompanies} blocked companies` }),
  /** Current employers (by company name as in the experience) the candidate lets find them. */
  allowedCurrentEmployers: z
    .array(z.string().trim().min(1).max(160), { message: 'allowedCurrentEmployers must be a list' })
    .max(maxBlockedCompanies)
    .default([]),
});
export type VisibilitySettingsInput = z.input<typeof ZVisibilitySettingsInput>;
export type VisibilitySettings = z.output<typeof ZVisibilitySettingsInput>;

/** The settings as the job seeker reads them, with their current employers and whether each is blocked. */
export const ZVisibilitySettingsView = z.object({
  ask_before_sharing: z.boolean(),
  paused: z.boolean(),
  blocked_companies: z.array(z.object({ name: z.string(), website: z.string().nullable() })),
  current_employers: z.array(z.object({ company_name: z.string(), blocked: z.boolean() })),
});
export type VisibilitySettingsView = z.infer<typeof ZVisibilitySettingsView>;
