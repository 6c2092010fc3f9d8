import { z } from 'zod';
import { ZAccessFor } from './access-reason';
import { ZJobPreferences } from './preferences';
import { blankToUndefined, lookupLimit, optionalText, requiredText, ZId, ZIsoDate } from './primitives';
import { proficiencyLevels } from './ranking';
import { skillNameMaxLength } from './skill-suggestions';
import { ZVisibilitySettingsView } from './visibility';

// ─── Constants (SPEC.md sections 3, 5, 9) ───────────────────────────────────

export const minimumAge = 16;
export const underAgeMessage = 'You must be at least 16 years old to create a profile';

export const genders = ['male', 'female', 'non-binary', 'prefer-not-to-say', 'other'] as const;
export const genderLabels: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
  other: 'Other',
};

export const experienceTypes = ['none', 'internship', 'professional'] as const;
export const experienceTypeLabels: Record<(typeof experienceTypes)[number], string> = {
  none: 'Fresh Graduate',
  internship: 'Internship',
  professional: 'Professional',
};

export const degrees = [
  'High School Diploma',
  'Associate Degree',
  "Bachelor's Degree",
  "Master's Degree",
  'Doctoral Degree',
  'Professional Certificate',
  'Diploma',
  'Other',
] as const;

export const ZProficiency = z.enum(proficiencyLevels, {
  message: 'Proficiency must be beginner, intermediate, advanced or expert',
});
export type Proficiency = z.infer<typeof ZProficiency>;

export const minGraduationYear = 1950;
export const maxGraduationYear = (now = new Date()) => now.getUTCFullYear() + 6;

// ─── Dates ──────────────────────────────────────────────────────────────────

/** Whole years between a `YYYY-MM-DD` birth date and `now` (UTC calendar). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The latest birth date allowed today: exactly 16 years ago (the date picker's maximum). */
export function latestBirthDate(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - minimumAge, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** An optional text field: blank becomes absent ("empty optional fields are left out"). */
const optionalDate = (label: string) => z.preprocess(blankToUndefined, ZIsoDate.optional()).describe(label);

// ─── Inputs ─────────────────────────────────────────────────────────────────

const ZPhone = z.preprocess(
  blankToUndefined,
  z
    .string({ message: 'Phone must be text' })
    .trim()
    .max(40, { message: 'Phone must be at most 40 characters' })
    .regex(/^[+()\d\s.-]{5,}$/, { message: 'Please enter a valid phone number' })
    .optional(),
);

export const ZProfileInput = z.strictObject({
  fullName: requiredText('Full name', 120),
  phone: ZPhone,
  location: requiredText('Location', 120),
  dateOfBirth: z
    .string({ message: 'Date of birth is required' })
    .min(1, { message: 'Date of birth is required' })
    .pipe(ZIsoDate)
    .refine((value) => value >= '1900-01-01', { message: 'Please enter a real date of birth' })
    .refine((value) => ageOn(value, new Date()) >= minimumAge, { message: underAgeMessage }),
  gender: z.preprocess(
    blankToUndefined,
    z.enum(genders, { message: 'Please choose one of the gender options' }).optional(),
  ),
});
export type ProfileInput = z.infer<typeof ZProfileInput>;

const ZEntrySkills = z
  .array(z.string().trim().min(1).max(60, { message: 'A skill must be at most 60 characters' }), {
    message: 'Skills must be a list of names',
  })
  .max(30, { message: 'At most 30 skills per entry' })
  .default([]);

export const ZExperienceInput = z
  .strictObject({
    companyName: requiredText('Company name', 120),
    position: requiredText('Position', 120),
    startDate: z
      .string({ message: 'Start date is required' })
      .min(1, { message: 'Start date is required' })
      .pipe(ZIsoDate),
    endDate: z.preprocess(blankToUndefined, ZIsoDate.nullable().optional()),
    description: z.preprocess(blankToUndefined, optionalText('Description', 3000)),
    isCurrent: z.boolean({ message: 'isCurrent must be true or false' }).default(false),
    experienceType: z
      .enum(experienceTypes, { message: 'Experience type must be none, internship or professional' })
      .default('professional'),
    skills: ZEntrySkills,
  })
  .transform((entry) => ({ ...entry, endDate: entry.isCurrent ? null : (entry.endDate ?? null) }))
  .refine((entry) => entry.startDate <= todayIso(), {
    message: 'Start date cannot be in the future',
    path: ['startDate'],
  })
  .refine((entry) => entry.endDate === null || entry.startDate <= entry.endDate, {
    message: 'Start date must be before the end date',
    path: ['endDate'],
  });
export type ExperienceInput = z.input<typeof ZExperienceInput>;
export type Experience = z.output<typeof ZExperienceInput>;

export const ZEducationInput = z.strictObject({
  institution: requiredText('Institution', 160),
  degree: z.enum(degrees, { message: 'Please choose a degree' }),
  fieldOfStudy: z.preprocess(blankToUndefined, optionalText('Field of study', 160)),
  graduationYear: z.preprocess(
    blankToUndefined,
    z
      .number({ message: 'Graduation year must be a number' })
      .int({ message: 'Graduation year must be a whole year' })
      .min(minGraduationYear, { message: `Graduation year must be ${minGraduationYear} or later` })
      .refine((year) => year <= maxGraduationYear(), {
        message: 'Graduation year can be at most 6 years from now',
      })
      .optional(),
  ),
  gpa: z.preprocess(
    blankToUndefined,
    z
      .number({ message: 'GPA must be a number' })
      .min(0, { message: 'GPA must be between 0 and 4' })
      .max(4, { message: 'GPA must be between 0 and 4' })
      .refine((gpa) => Math.abs(gpa * 100 - Math.round(gpa * 100)) < 1e-9, {
        message: 'GPA can have at most two decimals',
      })
      .optional(),
  ),
});
export type EducationInput = z.input<typeof ZEducationInput>;
export type Education = z.output<typeof ZEducationInput>;

export const noSkillMessage = 'Please add at least one skill';

export const ZSkillRow = z.object({
  name: z
    .string({ message: 'Skill name must be text' })
    .trim()
    .max(skillNameMaxLength, { message: `A skill must be at most ${skillNameMaxLength} characters` }),
  proficiencyLevel: ZProficiency.default('intermediate'),
});

/** Rows of name and level; blank rows are dropped, and at least one must remain. */
export const ZSkillsInput = z
  .strictObject({
    skills: z.array(ZSkillRow, { message: noSkillMessage }).max(50, { message: 'At most 50 skills at once' }),
  })
  .transform(({ skills }) => ({ skills: skills.filter((row) => row.name !== '') }))
  .refine(({ skills }) => skills.length > 0, { message: noSkillMessage, path: ['skills'] });
export type SkillsInput = z.input<typeof ZSkillsInput>;

export const ZCertificationInput = z
  .strictObject({
    name: requiredText('Certification name', 160),
    issuer: requiredText('Issuer', 160),
    issueDate: z
      .string({ message: 'Issue date is required' })
      .min(1, { message: 'Issue date is required' })
      .pipe(ZIsoDate),
    expiryDate: optionalDate('Expiry date'),
    credentialId: z.preprocess(blankToUndefined, optionalText('Credential ID', 120)),
    credentialUrl: z.preprocess(
      blankToUndefined,
      z
        .url({ protocol: /^https?$/, message: 'Credential URL must be a web address (https://…)' })
        .max(500)
        .optional(),
    ),
    skills: ZEntrySkills,
  })
  .refine((cert) => cert.issueDate <= todayIso(), {
    message: 'Issue date cannot be in the future',
    path: ['issueDate'],
  })
  .refine((cert) => !cert.expiryDate || cert.issueDate <= cert.expiryDate, {
    message: 'Expiry date must be after the issue date',
    path: ['expiryDate'],
  });
export type CertificationInput = z.input<typeof ZCertificationInput>;
export type Certification = z.output<typeof ZCertificationInput>;

export const ZEntryId = z.object({ id: z.uuid({ message: 'Invalid id' }) });

// ─── The profile as read (snake_case, SPEC.md section 3) ───────────────────

export const ZSkillView = z.object({ id: ZId, name: z.string(), proficiency_level: ZProficiency });
export const ZExperienceView = z.object({
  id: ZId,
  company_name: z.string(),
  position: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  description: z.string().nullable(),
  is_current: z.boolean(),
  experience_type: z.enum(experienceTypes),
  skills: z.array(z.string()),
});
export const ZEducationView = z.object({
  id: ZId,
  institution: z.string(),
  degree: z.string(),
  field_of_study: z.string().nullable(),
  graduation_year: z.number().nullable(),
  gpa: z.number().nullable(),
});
export const ZCertificationView = z.object({
  id: ZId,
  name: z.string(),
  issuer: z.string(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  credential_id: z.string().nullable(),
  credential_url: z.string().nullable(),
  skills: z.array(z.string()),
});

export const ZJobSeekerProfile = z.object({
  id: ZId,
  full_name: z.string(),
  phone: z.string().nullable(),
  location: z.string(),
  date_of_birth: z.string(),
  gender: z.enum(genders).nullable(),
  unique_code: z.string(),
  skills: z.array(ZSkillView),
  experiences: z.array(ZExperienceView),
  education: z.array(ZEducationView),
  certifications: z.array(ZCertificationView),
  /** Consent, pause and block list: what the candidate controls about being found. */
  settings: ZVisibilitySettingsView,
  /** The private job preferences (camelCase, as `PUT /api/job-seeker/preferences` takes them): theirs and the admins' only. */
  preferences: ZJobPreferences,
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobSeekerProfile = z.infer<typeof ZJobSeekerProfile>;

export const ZProfileAnswer = z.object({ profile: ZJobSeekerProfile });
/** Every write answers its success message and the profile as it now is. */
export const ZProfileWriteAnswer = z.object({ message: z.string(), profile: ZJobSeekerProfile });
export type ProfileWriteAnswer = z.infer<typeof ZProfileWriteAnswer>;

// ─── Completion (SPEC.md section 4), shared by the job seeker's meter and the admin view ──

export type CompletionSections = {
  profile: boolean;
  experience: boolean;
  education: boolean;
  skills: boolean;
  certifications: boolean;
};

export function completionOf(
  profile: {
    full_name?: string | null;
    location?: string | null;
    experiences: unknown[];
    education: unknown[];
    skills: unknown[];
    certifications: unknown[];
  } | null,
) {
  const sections: CompletionSections = {
    profile: Boolean(profile?.full_name && profile.location),
    experience: (profile?.experiences.length ?? 0) > 0,
    education: (profile?.education.length ?? 0) > 0,
    skills: (profile?.skills.length ?? 0) > 0,
    certifications: (profile?.certifications.length ?? 0) > 0,
  };
  const done = Object.values(sections).filter(Boolean).length;
  const percentage = Math.round((done / 5) * 100);
  return { sections, percentage, ...completionBand(percentage) };
}

export function completionBand(percentage: number) {
  const tone = percentage >= 80 ? 'green' : percentage >= 60 ? 'blue' : percentage >= 40 ? 'orange' : 'grey';
  const message =
    percentage === 100
      ? "Profile Complete! You're ready to be discovered by employers."
      : percentage >= 80
        ? 'Almost there! Complete remaining sections to maximize your visibility.'
        : percentage >= 60
          ? 'Good progress! Keep building your profile to attract more opportunities.'
          : 'Complete more sections to improve your profile strength and visibility.';
  return { tone: tone as 'green' | 'blue' | 'orange' | 'grey', message };
}

// ─── Messages (SPEC.md section 8) ───────────────────────────────────────────

export const jobSeekerMessages = {
  profileCreated: 'Profile created successfully!',
  profileUpdated: 'Profile updated successfully!',
  profileFailed: 'Error creating profile',
  experienceAdded: 'Experience added successfully!',
  experienceUpdated: 'Experience updated successfully!',
  experienceDeleted: 'Experience deleted successfully!',
  experienceFailed: 'Error saving experience',
  experienceDeleteFailed: 'Error deleting experience',
  educationAdded: 'Education added successfully!',
  educationUpdated: 'Education updated successfully!',
  educationDeleted: 'Education deleted successfully!',
  educationFailed: 'Error saving education',
  educationDeleteFailed: 'Error deleting education',
  skillsAdded: 'Skills added successfully!',
  skillDeleted: 'Skill deleted successfully!',
  skillsFailed: 'Error adding skills',
  skillDeleteFailed: 'Error deleting skill',
  certificationAdded: 'Certification added successfully!',
  certificationUpdated: 'Certification updated successfully!',
  certificationDeleted: 'Certification deleted successfully!',
  certificationFailed: 'Error saving certification',
  certificationDeleteFailed: 'Error deleting certification',
} as const;

export const confirmations = {
  experience: 'Are you sure you want to delete this experience?',
  education: 'Are you sure you want to delete this education entry?',
  skill: 'Are you sure you want to delete this skill?',
  certification: 'Are you sure you want to delete this certification?',
} as const;

export const freshGraduateText =
  'No worries! You can skip work experience for now. Focus on building your education and skills profile to attract employers.';

// ─── Internal reads for the admin service (never routed by the gateway) ────

/** The full profile with its personal details, for admins only. */
export const ZInternalCandidate = ZJobSeekerProfile.extend({
  user_id: ZId,
  account_status: z.enum(['active', 'suspended', 'deleted']),
});
export type InternalCandidate = z.infer<typeof ZInternalCandidate>;
export const ZInternalCandidateAnswer = z.object({ candidate: ZInternalCandidate });

export const ZJobSeekerLookup = z.strictObject({
  userIds: z.array(ZId).max(lookupLimit).default([]),
  candidateIds: z.array(ZId).max(lookupLimit).default([]),
  /**
   * Whose names to include (by a user or candidate id of the lookup), and why: the profile
   * service records each name it serves. Everyone else comes without a name.
   */
  names: z.array(ZAccessFor).max(lookupLimit).default([]),
});
export type JobSeekerLookup = z.input<typeof ZJobSeekerLookup>;
export const ZJobSeekerSummary = z.object({
  user_id: ZId,
  candidate_id: ZId,
  unique_code: z.string(),
  /** Null unless the lookup asked for it in `names`. */
  full_name: z.string().nullable(),
  location: z.string(),
});
export type JobSeekerSummary = z.infer<typeof ZJobSeekerSummary>;
export const ZJobSeekerLookupAnswer = z.object({ job_seekers: z.array(ZJobSeekerSummary) });
export type JobSeekerLookupAnswer = z.infer<typeof ZJobSeekerLookupAnswer>;
