import { randomUUID } from 'node:crypto';
import type {
  Certification,
  Education,
  Experience,
  JobPreferences,
  Proficiency,
  ProfileInput,
  UserStatus,
  VisibilitySettings,
} from '@meritmatch/contracts';
import { companyKey, noPreferences } from '@meritmatch/contracts';
import { DomainError } from '@meritmatch/service-kit/core';
import { type AddressState, addressPasses, unknownAddress } from './address-rule';

export type ExperienceEntry = Experience & { id: string };
export type EducationEntry = Education & { id: string };
export type SkillEntry = { id: string; name: string; proficiencyLevel: Proficiency };
export type CertificationEntry = Certification & { id: string };

/** A job seeker's profile: personal basics (only this service holds them) and four lists. */
export type JobSeekerProfile = {
  userId: string;
  /** The id employers and admins use; random, unrelated to the user id. */
  candidateId: string;
  uniqueCode: string;
  fullName: string;
  phone: string | null;
  location: string;
  dateOfBirth: string;
  gender: ProfileInput['gender'] | null;
  experiences: ExperienceEntry[];
  education: EducationEntry[];
  skills: SkillEntry[];
  certifications: CertificationEntry[];
  /** Consent before contact, pause and the company block list. */
  settings: VisibilitySettings;
  /**
   * The work modes, countries, notice and minimum salary the candidate accepts: private, shown to
   * them and to admins only; matching gets them only to leave the candidate out of positions.
   */
  preferences: JobPreferences;
  accountStatus: UserStatus;
  /** Out of search by the retention limit: nobody signed in for its months (a sign-in ends it). */
  inactive: boolean;
  /** Whether the account's address is confirmed, as the newest `users` event said. */
  emailConfirmed: boolean;
  /**
   * The admin's "Only confirmed addresses…" as last applied to this profile, kept here so that the
   * projection is a function of the profile alone. Only matters while the address is unconfirmed.
   */
  confirmedAddressesOnly: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export const maxSkills = 100;

const basics = (input: ProfileInput) => ({
  fullName: input.fullName,
  phone: input.phone ?? null,
  location: input.location,
  dateOfBirth: input.dateOfBirth,
  gender: input.gender ?? null,
});

/** The settings of a profile made before consent and the block list existed, and of a new one when consent is not asked by default: the spec's flow. */
export const defaultSettings = (askBeforeSharing = false): VisibilitySettings => ({
  askBeforeSharing,
  paused: false,
  blockedCompanies: [],
  allowedCurrentEmployers: [],
});

export function newProfile(
  input: ProfileInput,
  ids: { userId: string; candidateId: string; uniqueCode: string },
  now: Date,
  defaults: { askBeforeSharing: boolean } = { askBeforeSharing: false },
  address: AddressState = unknownAddress,
): JobSeekerProfile {
  return {
    ...ids,
    ...basics(input),
    experiences: [],
    education: [],
    skills: [],
    certifications: [],
    // "Ask me before sharing my details" starts as the admin's default (System Settings)
    settings: defaultSettings(defaults.askBeforeSharing),
    preferences: noPreferences,
    accountStatus: 'active',
    inactive: false,
    emailConfirmed: address.emailConfirmed,
    confirmedAddressesOnly: address.confirmedAddressesOnly,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export const updateBasics = (profile: JobSeekerProfile, input: ProfileInput): JobSeekerProfile => ({
  ...profile,
  ...basics(input),
});

/**
 * In search: an active account, used within the retention limit, whose address passes the
 * admin's rule (a pause travels apart, as `paused`).
 */
export const isSearchable = (profile: JobSeekerProfile) =>
  profile.accountStatus === 'active' && !profile.inactive && addressPasses(profile);

/** The profile with the address state given; the same object when nothing differs (then nothing is written). */
export function withAddressState(
  profile: JobSeekerProfile,
  address: Partial<AddressState>,
): JobSeekerProfile {
  const emailConfirmed = address.emailConfirmed ?? profile.emailConfirmed;
  const confirmedAddressesOnly = address.confirmedAddressesOnly ?? profile.confirmedAddressesOnly;
  if (emailConfirmed === profile.emailConfirmed && confirmedAddressesOnly === profile.confirmedAddressesOnly)
    return profile;
  return { ...profile, emailConfirmed, confirmedAddressesOnly };
}

type ListName = 'experiences' | 'education' | 'certifications';
/** The lists of entries a profile holds that are added one by one, with their own form. */
export type EntryList = ListName;
/** The lists of entries a profile holds. */
export type ProfileList = ListName | 'skills';
type EntryOf<L extends ListName> = JobSeekerProfile[L][number];
/** What a form sends for an entry of a list. */
export type EntryInput<L extends ListName> = Omit<EntryOf<L>, 'id'>;

export type JobSeekerErrorReason =
  | 'profile.not-found'
  | 'profile.exists'
  | 'profile.no-free-code'
  | 'entry.not-found'
  | 'skills.too-many'
  /** The admin's default for new profiles is not known yet (its topic is not read: Kafka is down). */
  | 'settings.not-ready';

export function addEntry<L extends ListName>(
  profile: JobSeekerProfile,
  list: L,
  entry: Omit<EntryOf<L>, 'id'>,
) {
  const id = randomUUID();
  return { profile: { ...profile, [list]: [...profile[list], { ...entry, id }] }, id };
}

/** Replaces an entry of this profile; an id that is not one of its entries is a 404. */
export function replaceEntry<L extends ListName>(
  profile: JobSeekerProfile,
  list: L,
  id: string,
  entry: Omit<EntryOf<L>, 'id'>,
): JobSeekerProfile {
  const entries = profile[list] as EntryOf<L>[];
  if (!entries.some((existing) => existing.id === id)) throw new DomainError('entry.not-found', { list });
  return {
    ...profile,
    [list]: entries.map((existing) => (existing.id === id ? { ...entry, id } : existing)),
  };
}

export function removeEntry(profile: JobSeekerProfile, list: ProfileList, id: string): JobSeekerProfile {
  const entries = profile[list] as { id: string }[];
  if (!entries.some((existing) => existing.id === id)) throw new DomainError('entry.not-found', { list });
  return { ...profile, [list]: entries.filter((existing) => existing.id !== id) };
}

/** Adds skills; a name already on the profile (any case) takes the new level instead of appearing twice. */
export function addSkills(
  profile: JobSeekerProfile,
  rows: { name: string; proficiencyLevel: Proficiency }[],
): JobSeekerProfile {
  const skills = [...profile.skills];
  for (const row of rows) {
    const index = skills.findIndex((skill) => skill.name.toLowerCase() === row.name.toLowerCase());
    if (index >= 0) skills[index] = { ...skills[index]!, proficiencyLevel: row.proficiencyLevel };
    else skills.push({ id: randomUUID(), name: row.name, proficiencyLevel: row.proficiencyLevel });
  }
  if (skills.length > maxSkills) throw new DomainError('skills.too-many', { max: maxSkills });
  return { ...profile, skills };
}

/** The whole of the candidate's visibility settings, as they chose them. */
export const updateSettings = (
  profile: JobSeekerProfile,
  settings: VisibilitySettings,
): JobSeekerProfile => ({
  ...profile,
  settings,
});

/** The whole of the candidate's job preferences, as they chose them. */
export const updatePreferences = (
  profile: JobSeekerProfile,
  preferences: JobPreferences,
): JobSeekerProfile => ({ ...profile, preferences });

/**
 * The companies of the experiences marked "I currently work here", once each (by company key),
 * and whether each is blocked: by default it is, unless the candidate allowed it.
 */
export function currentEmployers(profile: JobSeekerProfile) {
  const allowed = new Set(profile.settings.allowedCurrentEmployers.map(companyKey));
  const seen = new Set<string>();
  const employers: Array<{ companyName: string; key: string; blocked: boolean }> = [];
  for (const entry of profile.experiences) {
    const key = companyKey(entry.companyName);
    if (!entry.isCurrent || key === '' || seen.has(key)) continue;
    seen.add(key);
    employers.push({ companyName: entry.companyName, key, blocked: !allowed.has(key) });
  }
  return employers;
}
