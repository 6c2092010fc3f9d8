import { createContext, Script } from 'node:vm';
import { countryCodes, maxNoticeWeeks, workModes } from '@meritmatch/contracts';
import type { JobSeekerProfile } from './job-seeker-profile';
import { defaultSettings, maxSkills } from './job-seeker-profile';

/**
 * Fixtures for the masking tests and the masking benchmark: the longest texts the contracts
 * accept (`packages/contracts/src/job-seeker.ts`; a test checks these numbers against them),
 * filled with text built to make a backtracking pattern take forever.
 */
export const fieldMaxima = {
  fullName: 120,
  location: 120,
  companyName: 120,
  position: 120,
  description: 3000,
  institution: 160,
  fieldOfStudy: 160,
  skillName: 60,
  certificationName: 160,
  issuer: 160,
} as const;

/** Small pieces that, repeated, are the worst case for one of the old patterns or a near miss of a mask. */
export const attackPieces = [
  '  dot  b', // the old e-mail pattern, exponential in the number of repeats
  ' at b',
  ' (at) b [dot] c',
  'a.',
  'a-',
  'x.co-',
  '1 ',
  '1-2.',
  '(1',
  '+1',
  '2015-2019 ',
  '@aaa',
  '@',
  'www.',
  'http://',
  'linkedin.',
  '[email hidden',
  'Okonkwo ',
  'é\u0301 ',
  '\u{1d400}1',
] as const;

/** `piece` repeated to exactly `length` characters, after a head that starts the pattern. */
export const repeated = (piece: string, length: number, head = 'a at b') =>
  (head + piece.repeat(Math.ceil(length / piece.length))).slice(0, length);

/** A text of `length` characters that runs through every attack piece in turn. */
export function adversarialText(length: number, offset = 0) {
  let text = '';
  for (let index = 0; text.length < length; index++) {
    const piece = attackPieces[(index + offset) % attackPieces.length]!;
    text += repeated(piece, Math.min(400, length - text.length));
  }
  return text;
}

/**
 * The longest profile: every text at its maximum length and adversarial. The lists have no
 * maximum in the contracts; 10 entries each (and the 100 skills a profile may hold) stand for
 * a long career.
 */
export function longestProfile(entries = 10): JobSeekerProfile {
  const text = (length: number, offset: number) => adversarialText(length, offset);
  const now = new Date('2026-01-01T00:00:00Z');
  const list = <T>(count: number, build: (index: number) => T) =>
    Array.from({ length: count }, (_, i) => build(i));
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    candidateId: '00000000-0000-4000-8000-000000000002',
    uniqueCode: 'EM123456',
    fullName: `Janet Okonkwo-Smith ${'Adaeze '.repeat(20)}`.slice(0, fieldMaxima.fullName).trim(),
    phone: '+49 170 1234567',
    location: text(fieldMaxima.location, 0),
    dateOfBirth: '1990-01-01',
    gender: null,
    experiences: list(entries, (index) => ({
      id: `e${index}`,
      companyName: text(fieldMaxima.companyName, index + 1),
      position: text(fieldMaxima.position, index + 2),
      startDate: '2015-01-01',
      endDate: null,
      isCurrent: true,
      description: text(fieldMaxima.description, index + 3),
      experienceType: 'professional',
      skills: [],
    })),
    education: list(entries, (index) => ({
      id: `d${index}`,
      institution: text(fieldMaxima.institution, index + 4),
      degree: "Master's Degree",
      fieldOfStudy: text(fieldMaxima.fieldOfStudy, index + 5),
    })),
    skills: list(maxSkills, (index) => ({
      id: `s${index}`,
      name: text(fieldMaxima.skillName, index + 6),
      proficiencyLevel: 'expert',
    })),
    certifications: list(entries, (index) => ({
      id: `c${index}`,
      name: text(fieldMaxima.certificationName, index + 7),
      issuer: text(fieldMaxima.issuer, index + 8),
      issueDate: '2020-01-01',
      skills: [],
    })),
    settings: defaultSettings(),
    // the longest preferences too: every work mode and country, the longest notice, the top salary
    preferences: {
      workModes: [...workModes],
      countries: [...countryCodes],
      noticeWeeks: maxNoticeWeeks,
      minimumSalary: { amount: 10_000_000, currency: 'EUR' },
    },
    accountStatus: 'active',
    inactive: false,
    emailConfirmed: true,
    confirmedAddressesOnly: false,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** The number of characters the projection masks in a profile. */
export const maskedCharacters = (profile: JobSeekerProfile) =>
  profile.location.length +
  profile.experiences.reduce(
    (sum, entry) => sum + entry.companyName.length + entry.position.length + (entry.description?.length ?? 0),
    0,
  ) +
  profile.education.reduce(
    (sum, entry) => sum + entry.institution.length + (entry.fieldOfStudy?.length ?? 0),
    0,
  ) +
  profile.skills.reduce((sum, skill) => sum + skill.name.length, 0) +
  profile.certifications.reduce((sum, entry) => sum + entry.name.length + entry.issuer.length, 0);

const deadlineContext = createContext({ work: () => undefined });
const runWork = new Script('work()');

/**
 * Runs `work` and throws if it takes longer than `milliseconds`. The time limit of `vm`
 * interrupts even a regular expression that is backtracking, so a test that would hang fails.
 */
export function runWithin<T>(milliseconds: number, work: () => T): T {
  deadlineContext.work = work;
  return runWork.runInContext(deadlineContext, { timeout: milliseconds }) as T;
}
