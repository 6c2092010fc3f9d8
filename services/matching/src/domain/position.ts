import type {
  CandidateProjection,
  PositionFields,
  PositionStatus,
  PositionTerms,
  RequestPosition,
} from '@meritmatch/contracts';
import { answers, type SkillTerm } from './ranking';

/** An employer's position: what it hires for, its terms and the levels it asks. */
export type Position = PositionFields & {
  id: string;
  employerId: string;
  status: PositionStatus;
  createdAt: Date;
  updatedAt: Date;
};

/** What a search from the position asks of the candidates' private preferences: filters only. */
export const termsOf = (position: Position): PositionTerms => ({
  workMode: position.workMode,
  country: position.country,
  salary: position.salary,
  startWithinWeeks: position.startWithinWeeks,
});

/**
 * What a request keeps of the position it names, as it was when sent: the candidate judges the
 * request by it, and a later edit or close of the position does not change what was asked.
 */
export type PositionSnapshot = Pick<Position, 'title' | 'workMode' | 'country' | 'salary'> & {
  positionId: string;
  location: string | null;
  /** Its must-have and nice-to-have skills, which the candidate's matching skills are read against. */
  skills: string[];
};

export const snapshotOf = (position: Position): PositionSnapshot => ({
  positionId: position.id,
  title: position.title,
  workMode: position.workMode,
  location: position.location ?? null,
  country: position.country,
  salary: position.salary,
  skills: [...position.mustHave, ...position.niceToHave],
});

/**
 * The position as its candidate is shown it: the candidate's own skills that answer one of the
 * position's (synonyms too), in the candidate's order.
 */
export function requestPositionOf(
  snapshot: PositionSnapshot,
  skills: CandidateProjection['skills'],
  termOf: (typed: string) => SkillTerm,
): RequestPosition {
  const terms = snapshot.skills.map(termOf);
  return {
    title: snapshot.title,
    work_mode: snapshot.workMode,
    location: snapshot.location,
    country: snapshot.country,
    salary: snapshot.salary,
    matched_skills: skills
      .map((skill) => skill.name)
      .filter((name) => terms.some((term) => answers(term, name.toLowerCase()))),
  };
}
