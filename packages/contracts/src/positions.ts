import { z } from 'zod';
import { educationFilters, experienceFilters } from './matching';
import { blankToUndefined, requiredText, ZId } from './primitives';
import { skillNameMaxLength } from './skill-suggestions';
import { ZCountryCode, ZNoticeWeeks, ZSalaryBand, ZWorkMode } from './work-terms';
import { salaryBandText, workPlaceText } from './work-terms-text';

// ─── Positions: what an employer hires for ───────────────────

/** The most skills a position names in each list. */
export const positionSkillLimit = 20;
/** The most positions an employer keeps, open and closed. */
export const positionLimit = 100;

export const positionStatuses = ['open', 'closed'] as const;
export type PositionStatus = (typeof positionStatuses)[number];

const ZSkillList = (label: string) =>
  z
    .array(requiredText(`${label} skill`, skillNameMaxLength), { message: `${label} skills must be a list` })
    .max(positionSkillLimit, { message: `At most ${positionSkillLimit} ${label.toLowerCase()} skills` })
    // the same skill twice (in any case) is kept once
    .transform((skills) =>
      skills.filter(
        (skill, at) => skills.findIndex((other) => other.toLowerCase() === skill.toLowerCase()) === at,
      ),
    );

/**
 * A position as the employer writes it. On-site and hybrid work is somewhere: its country is
 * required. Remote work may name the one country it is open to, or none (anywhere).
 */
export const ZPositionInput = z
  .strictObject({
    title: requiredText('Title', 120),
    description: requiredText('Description', 5000),
    workMode: ZWorkMode,
    location: z.preprocess(
      blankToUndefined,
      z
        .string({ message: 'Location must be text' })
        .trim()
        .max(120, { message: 'Location must be at most 120 characters' })
        .optional(),
    ),
    country: z.preprocess((value) => (value === '' ? null : value), ZCountryCode.nullable()),
    salary: ZSalaryBand,
    mustHave: ZSkillList('Must-have').refine((skills) => skills.length > 0, {
      message: 'Name at least one must-have skill',
    }),
    niceToHave: ZSkillList('Nice-to-have'),
    experience: z.enum(experienceFilters, { message: 'Unknown experience level' }),
    education: z.enum(educationFilters, { message: 'Unknown education level' }),
    startWithinWeeks: ZNoticeWeeks.nullable(),
  })
  .refine((position) => position.workMode === 'remote' || position.country !== null, {
    message: 'On-site and hybrid positions need a country',
    path: ['country'],
  })
  .refine((position) => position.workMode === 'remote' || position.location !== undefined, {
    message: 'On-site and hybrid positions need a location',
    path: ['location'],
  });
export type PositionInput = z.input<typeof ZPositionInput>;
export type PositionFields = z.output<typeof ZPositionInput>;

/** A position as its employer reads it (never shown to another employer). */
export const ZPosition = z.strictObject({
  id: ZId,
  title: z.string(),
  description: z.string(),
  work_mode: ZWorkMode,
  location: z.string().nullable(),
  country: ZCountryCode.nullable(),
  salary: ZSalaryBand,
  must_have: z.array(z.string()),
  nice_to_have: z.array(z.string()),
  experience: z.enum(experienceFilters),
  education: z.enum(educationFilters),
  start_within_weeks: z.number().int().nullable(),
  status: z.enum(positionStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Position = z.infer<typeof ZPosition>;

export const ZPositionsAnswer = z.strictObject({ positions: z.array(ZPosition) });
export const ZPositionWriteAnswer = z.strictObject({ message: z.string(), position: ZPosition });

export const positionMessages = {
  created: 'Position created successfully!',
  updated: 'Position updated successfully!',
  closed: 'Position closed. It no longer appears when you search or send requests.',
  reopened: 'Position reopened.',
  notOpen: 'This position is closed. Reopen it first.',
  tooMany: `You can keep at most ${positionLimit} positions. Edit and reopen a closed one instead.`,
  failed: 'Error saving the position',
  notFound: 'Position not found',
} as const;

/**
 * What a candidate is told of the position a request names: enough to judge it, nothing of the
 * employer's other positions. The matched skills are the candidate's own skills that answer the
 * position's skills (must-have and nice-to-have), in the candidate's order.
 */
export const ZRequestPosition = z.strictObject({
  title: z.string(),
  work_mode: ZWorkMode,
  location: z.string().nullable(),
  country: ZCountryCode.nullable(),
  salary: ZSalaryBand,
  matched_skills: z.array(z.string()),
});
export type RequestPosition = z.infer<typeof ZRequestPosition>;

/** The position of a request in plain text, for the candidate's e-mail ('' when it names none). */
export function requestPositionText(position: RequestPosition | null | undefined) {
  if (!position) return '';
  const skills = position.matched_skills;
  return [
    `Position: ${position.title}`,
    `Work mode: ${workPlaceText(position.work_mode, position.location, position.country)}`,
    `Salary: ${salaryBandText(position.salary)}`,
    `Your matching skills: ${skills.length > 0 ? skills.join(', ') : 'none listed'}`,
  ].join('\n');
}
