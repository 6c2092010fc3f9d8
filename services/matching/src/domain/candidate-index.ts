import type { CandidateProjection, CandidateSearchQuery } from '@meritmatch/contracts';
import { AnonymityGroups, type ShownTraits } from './anonymity';
import { type EducationLevel, experienceBand, experienceYears, highestEducation } from './qualifications';

export type IndexedCandidate = {
  projection: CandidateProjection;
  skills: string[];
  location: string;
  education: EducationLevel | null;
  /** The candidate's cell in the anonymity groups. */
  cell: string;
};

export type SearchFilters = Pick<CandidateSearchQuery, 'skills' | 'location' | 'experience' | 'education'>;

/** Comma-separated skills, trimmed, lower-cased, blanks dropped. */
export const skillTerms = (skills: string | undefined) =>
  (skills ?? '')
    .split(',')
    .map((term) => term.trim().toLowerCase())
    .filter(Boolean);

/**
 * The searchable candidates, in memory, built only from the anonymous projections.
 * Skills and locations are inverted indexes (distinct value → candidates), so a filter
 * touches the few values containing its text instead of every candidate; results come in
 * a stable order (by unique code, which is random) and are paged. What an employer sees of a
 * candidate's location, age and gender comes from the anonymity groups of every searchable
 * candidate (`shown`), which follow each change.
 */
export class CandidateIndex {
  private readonly byId = new Map<string, IndexedCandidate>();
  /** The newest version seen of every candidate, searchable or not: older events are ignored. */
  private readonly versions = new Map<string, number>();
  private readonly bySkill = new Map<string, Set<string>>();
  private readonly byLocation = new Map<string, Set<string>>();
  private ordered: IndexedCandidate[] = [];
  private orderDirty = false;
  private experienceCache = { day: '', years: new Map<string, number>() };
  private readonly anonymity = new AnonymityGroups();

  /** Applies a projection unless an equal or newer version is already known. */
  apply(projection: CandidateProjection) {
    const known = this.versions.get(projection.candidateId);
    if (known !== undefined && known >= projection.version) return false;
    this.versions.set(projection.candidateId, projection.version);
    const existing = this.byId.get(projection.candidateId);
    // the groups are recomputed only when a candidate's location, age or gender changes
    const sameTraits =
      existing !== undefined && projection.searchable && sameTraitsAs(existing.projection, projection);
    if (existing) {
      this.unindex(existing);
      if (!sameTraits) this.anonymity.remove(existing.projection);
    }

    if (!projection.searchable) {
      if (existing) {
        this.byId.delete(projection.candidateId);
        this.orderDirty = true;
      }
      return true;
    }
    const candidate: IndexedCandidate = {
      projection,
      skills: [...new Set(projection.skills.map((skill) => skill.name.toLowerCase()))],
      location: projection.location.toLowerCase(),
      education: highestEducation(projection.education),
      cell: sameTraits ? existing.cell : this.anonymity.add(projection),
    };
    this.byId.set(projection.candidateId, candidate);
    for (const skill of candidate.skills) add(this.bySkill, skill, projection.candidateId);
    add(this.byLocation, candidate.location, projection.candidateId);
    this.experienceCache.years.delete(projection.candidateId);
    if (existing) {
      const position = this.ordered.indexOf(existing);
      if (position >= 0 && !this.orderDirty) this.ordered[position] = candidate;
      else this.orderDirty = true;
    } else this.orderDirty = true;
    return true;
  }

  /** A searchable candidate, or undefined (unknown, suspended or deleted). */
  get(candidateId: string) {
    return this.byId.get(candidateId)?.projection;
  }

  count() {
    return this.byId.size;
  }

  /** What an employer may see of a searchable candidate's location, age and gender, or undefined. */
  shown(candidateId: string, now: Date): ShownTraits | undefined {
    const candidate = this.byId.get(candidateId);
    return candidate && this.anonymity.shown(candidate.cell, now);
  }

  /** The rung of the generalisation ladder a searchable candidate is shown at (0: as typed). */
  rungOf(candidateId: string, now: Date): number | undefined {
    const candidate = this.byId.get(candidateId);
    return candidate && this.anonymity.rungOf(candidate.cell, now);
  }

  search(filters: SearchFilters, page: number, limit: number, now: Date) {
    const ids = this.candidateIds(filters);
    const order = this.order();
    let pool: IndexedCandidate[];
    if (ids === undefined) pool = order;
    else if (ids.size * 8 < order.length) {
      pool = [...ids].map((id) => this.byId.get(id)!).sort(byCode);
    } else pool = order.filter((candidate) => ids.has(candidate.projection.candidateId));

    const wantsExperience = filters.experience !== 'all';
    const wantsEducation = filters.education !== 'all';
    const start = (page - 1) * limit;
    const items: CandidateProjection[] = [];
    let total = 0;
    for (const candidate of pool) {
      if (wantsEducation && candidate.education !== filters.education) continue;
      if (wantsExperience && experienceBand(this.yearsOf(candidate, now)) !== filters.experience) continue;
      if (total >= start && items.length < limit) items.push(candidate.projection);
      total += 1;
    }
    return { items, total };
  }

  /** Candidates matching the text filters, or undefined when there is none (everyone). */
  private candidateIds(filters: SearchFilters): Set<string> | undefined {
    let result: Set<string> | undefined;
    const narrow = (matches: Set<string>) => {
      result = result === undefined ? matches : intersect(result, matches);
    };
    for (const term of skillTerms(filters.skills)) narrow(unionContaining(this.bySkill, term));
    const location = filters.location?.trim().toLowerCase();
    if (location) narrow(unionContaining(this.byLocation, location));
    return result;
  }

  private order() {
    if (this.orderDirty) {
      this.ordered = [...this.byId.values()].sort(byCode);
      this.orderDirty = false;
    }
    return this.ordered;
  }

  private yearsOf(candidate: IndexedCandidate, now: Date) {
    const day = now.toISOString().slice(0, 10);
    if (this.experienceCache.day !== day) this.experienceCache = { day, years: new Map() };
    let years = this.experienceCache.years.get(candidate.projection.candidateId);
    if (years === undefined) {
      years = experienceYears(candidate.projection.experiences, now);
      this.experienceCache.years.set(candidate.projection.candidateId, years);
    }
    return years;
  }

  private unindex(candidate: IndexedCandidate) {
    const id = candidate.projection.candidateId;
    for (const skill of candidate.skills) remove(this.bySkill, skill, id);
    remove(this.byLocation, candidate.location, id);
  }
}

const sameTraitsAs = (a: CandidateProjection, b: CandidateProjection) =>
  a.location === b.location && a.birthYear === b.birthYear && a.gender === b.gender;

const byCode = (a: IndexedCandidate, b: IndexedCandidate) =>
  a.projection.uniqueCode < b.projection.uniqueCode
    ? -1
    : a.projection.uniqueCode > b.projection.uniqueCode
      ? 1
      : 0;

function add(index: Map<string, Set<string>>, key: string, id: string) {
  const ids = index.get(key);
  if (ids) ids.add(id);
  else index.set(key, new Set([id]));
}

function remove(index: Map<string, Set<string>>, key: string, id: string) {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(key);
}

function unionContaining(index: Map<string, Set<string>>, term: string): Set<string> {
  const result = new Set<string>();
  for (const [key, ids] of index) {
    if (!key.includes(term)) continue;
    for (const id of ids) result.add(id);
  }
  return result;
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const result = new Set<string>();
  for (const id of small) if (large.has(id)) result.add(id);
  return result;
}
