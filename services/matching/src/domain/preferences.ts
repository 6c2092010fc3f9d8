import type { JobPreferences, PositionTerms } from '@meritmatch/contracts';

/**
 * Whether a candidate's private preferences accept a position's terms. A filter
 * only: a candidate who does not accept is left out of that position's search, and nothing says
 * why; it never changes a score and no answer shows it. Every preference left empty accepts
 * anything, and an equal value is accepted (a minimum equal to the maximum, a notice equal to
 * the latest start).
 */
export function acceptsTerms(preferences: JobPreferences, terms: PositionTerms): boolean {
  const { workModes, countries, minimumSalary, noticeWeeks } = preferences;
  if (workModes.length > 0 && !workModes.includes(terms.workMode)) return false;
  // remote work open to any country (country null) is accepted wherever the candidate may work
  if (countries.length > 0 && terms.country !== null && !countries.includes(terms.country)) return false;
  // salaries compare only within one currency: another currency is not compared (no exchange rates)
  if (
    minimumSalary !== null &&
    minimumSalary.currency === terms.salary.currency &&
    minimumSalary.amount > terms.salary.max
  )
    return false;
  if (noticeWeeks !== null && terms.startWithinWeeks !== null && noticeWeeks > terms.startWithinWeeks)
    return false;
  return true;
}
