import type { CandidateProjection } from '@meritmatch/contracts';

export type EducationLevel = 'high_school' | 'bachelor' | 'master' | 'phd';

const levelOfDegree: Record<string, { level: EducationLevel | null; rank: number }> = {
  'High School Diploma': { level: 'high_school', rank: 1 },
  'Associate Degree': { level: null, rank: 1.5 },
  Diploma: { level: null, rank: 1.5 },
  'Professional Certificate': { level: null, rank: 1.5 },
  "Bachelor's Degree": { level: 'bachelor', rank: 2 },
  "Master's Degree": { level: 'master', rank: 3 },
  'Doctoral Degree': { level: 'phd', rank: 4 },
};

/** The rank of an education level (none: 0), for comparing a candidate's with a position's. */
export const educationRank = (level: EducationLevel | null) =>
  level === null ? 0 : { high_school: 1, bachelor: 2, master: 3, phd: 4 }[level];

/**
 * The education filter's category, from the highest degree. Degrees between a school
 * diploma and a bachelor (associate, diploma, certificate) have no category of their own.
 */
export function highestEducation(education: CandidateProjection['education']): EducationLevel | null {
  let best: { level: EducationLevel | null; rank: number } = { level: null, rank: 0 };
  for (const entry of education) {
    const found = levelOfDegree[entry.degree];
    if (found && found.rank > best.rank) best = found;
  }
  return best.level;
}

const dayMs = 24 * 60 * 60 * 1000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * Years of work experience: the union of the experience periods (overlaps count once),
 * a current job running until `now`. Entries typed 'none' (fresh graduate) do not count.
 */
export function experienceYears(experiences: CandidateProjection['experiences'], now: Date): number {
  const periods = experiences
    .filter((entry) => entry.experienceType !== 'none')
    .map((entry) => {
      const start = toMs(entry.startDate);
      const end = entry.isCurrent || entry.endDate === null ? now.getTime() : toMs(entry.endDate);
      return [start, Math.max(start, Math.min(end, now.getTime()))] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | undefined;
  for (const [start, end] of periods) {
    if (current && start <= current[1]) current[1] = Math.max(current[1], end);
    else {
      if (current) total += current[1] - current[0];
      current = [start, end];
    }
  }
  if (current) total += current[1] - current[0];
  return Math.floor(total / (365.25 * dayMs));
}

export type ExperienceBand = 'entry' | 'mid' | 'senior';

/** SPEC.md section 5: entry 0-2 years, mid 3-5, senior 6+. */
export const experienceBand = (years: number): ExperienceBand =>
  years <= 2 ? 'entry' : years <= 5 ? 'mid' : 'senior';
