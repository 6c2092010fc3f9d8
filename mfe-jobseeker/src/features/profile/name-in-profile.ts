import { type JobSeekerProfile, nameWordsIn } from '@meritmatch/contracts';
import { type SectionKey, sectionOf } from '../../app/sections';

/** How many skills the preview of an employer's search card shows before '+N more'. */
export const previewSkillCount = 5;

/** A text of the profile that employers see as typed, and where the job seeker can change it. */
export type EmployerSeenText = {
  /** Tells it apart in a list: an entry's id and its place. */
  key: string;
  /** 'Location', 'Skill', 'Experience — company', … */
  place: string;
  /** The page to change it on. */
  to: string;
  text: string;
  /** Shown in "What employers see" (the location and the first skills). */
  inPreview: boolean;
};

const seen = (
  key: string,
  section: SectionKey,
  place: string,
  text: string,
  inPreview = false,
): EmployerSeenText => ({
  key,
  place,
  to: sectionOf(section).to,
  text,
  inPreview,
});

/** Each entry's texts: `[place, text of the entry]`, an empty text left out. */
const entryTexts = <E extends { id: string }>(
  section: SectionKey,
  entries: readonly E[],
  fields: readonly (readonly [place: string, textOf: (entry: E) => string | null])[],
) =>
  entries.flatMap((entry) =>
    fields.flatMap(([place, textOf]) => {
      const text = textOf(entry);
      return text ? [seen(`${entry.id} ${place}`, section, place, text)] : [];
    }),
  );

/**
 * Every text employers see as the job seeker typed it: the names of things of the candidate
 * detail. Descriptions are not among them (employers read them with every word of the name
 * hidden), nor the degree (one of a fixed list).
 */
export function employerSeenTexts(profile: JobSeekerProfile): EmployerSeenText[] {
  return [
    seen('location', 'profile', 'Location', profile.location, true),
    ...profile.skills.map((skill, index) =>
      seen(skill.id, 'skills', 'Skill', skill.name, index < previewSkillCount),
    ),
    ...entryTexts('experience', profile.experiences, [
      ['Experience — company', (entry) => entry.company_name],
      ['Experience — position', (entry) => entry.position],
    ]),
    ...entryTexts('education', profile.education, [
      ['Education — institution', (entry) => entry.institution],
      ['Education — field of study', (entry) => entry.field_of_study],
    ]),
    ...entryTexts('certifications', profile.certifications, [
      ['Certification — name', (entry) => entry.name],
      ['Certification — issuer', (entry) => entry.issuer],
    ]),
  ];
}

/** The texts employers see that hold a word of the job seeker's name. */
export const nameWordsInProfile = (profile: JobSeekerProfile) =>
  employerSeenTexts(profile).filter((shown) => nameWordsIn(profile.full_name, shown.text).length > 0);
