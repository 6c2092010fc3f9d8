import { type CandidateProjection, type CandidateSearchQuery, domainAndParents } from '@meritmatch/contracts';
import { AnonymityGroups, type ShownTraits } from './anonymity';
import type { Viewer } from './employer-directory';
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

/** What an employer whom some candidates blocked is shown: without them, in every answer and count. */
type BlockedView = { key: string; hidden: ReadonlySet<string>; groups: AnonymityGroups };

const nobodyHidden: ReadonlySet<string> = new Set();

/**
 * The searchable candidates, in memory, built only from the anonymous projections.
 * Skills and locations are inverted indexes (distinct value → candidates), so a filter
 * touches the few values containing its text instead of every candidate; results come in
 * a stable order (by unique code, which is random) and are paged. What an employer sees of a
 * candidate's location, age and gender comes from the anonymity groups of every searchable
 * candidate (`shown`), which follow each change.
 *
 * A candidate is searchable while the account is active and the candidate has not paused.
 * Block lists are inverted indexes too (company key or domain → candidates), so an employer's
 * `Viewer` finds the candidates hidden from it at once; such an employer is shown the groups as
 * they are without those candidates (README: "Blocked companies and the anonymity groups").
 */
export class CandidateIndex {
  private readonly byId = new Map<string, IndexedCandidate>();
  /** The newest projection of every candidate, searchable or not: older events are ignored. */
  private readonly latest = new Map<string, CandidateProjection>();
  /** Job seeker account → candidate, for the job seeker's own Interest page. */
  private readonly byOwner = new Map<string, string>();
  private readonly bySkill = new Map<string, Set<string>>();
  private readonly byLocation = new Map<string, Set<string>>();
  private readonly blockedByCompany = new Map<string, Set<string>>();
  private readonly blockedByDomain = new Map<string, Set<string>>();
  private ordered: IndexedCandidate[] = [];
  private orderDirty = false;
  private experienceCache = { day: '', years: new Map<string, number>() };
  private readonly anonymity = new AnonymityGroups();
  /** Counts changes of the groups or of a block list; a blocked employer's view is rebuilt after one. */
  private generation = 0;
  private readonly blockedViews = new Map<string, BlockedView>();

  /** Applies a projection unless an equal or newer version is already known. */
  apply(projection: CandidateProjection) {
    const known = this.latest.get(projection.candidateId);
    if (known !== undefined && known.version >= projection.version) return false;
    this.latest.set(projection.candidateId, projection);
    if (projection.ownerUserId) this.byOwner.set(projection.ownerUserId, projection.candidateId);
    const existing = this.byId.get(projection.candidateId);
    const searchable = projection.searchable && !projection.paused;
    // the groups are recomputed only when a candidate's location, age or gender changes
    const sameTraits = existing !== undefined && searchable && sameTraitsAs(existing.projection, projection);
    if (!sameTraits || !sameBlocksAs(existing?.projection, projection)) this.generation += 1;
    if (existing) {
      this.unindex(existing);
      if (!sameTraits) this.anonymity.remove(existing.projection);
    }

    if (!searchable) {
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
    for (const key of projection.blockedCompanies) add(this.blockedByCompany, key, projection.candidateId);
    for (const domain of projection.blockedDomains) add(this.blockedByDomain, domain, projection.candidateId);
    this.experienceCache.years.delete(projection.candidateId);
    if (existing) {
      const position = this.ordered.indexOf(existing);
      if (position >= 0 && !this.orderDirty) this.ordered[position] = candidate;
      else this.orderDirty = true;
    } else this.orderDirty = true;
    return true;
  }

  /**
   * A searchable candidate, or undefined (unknown, suspended, deleted or paused); with a viewer,
   * also undefined when the candidate blocked that employer.
   */
  get(candidateId: string, viewer?: Viewer) {
    if (viewer && this.view(viewer).hidden.has(candidateId)) return undefined;
    return this.byId.get(candidateId)?.projection;
  }

  count() {
    return this.byId.size;
  }

  /** The candidate of a job seeker's account, searchable or not (their own requests stay theirs). */
  candidateOfOwner(userId: string) {
    return this.byOwner.get(userId);
  }

  /** Whether a candidate (searchable or not) blocked this employer, by company name or website. */
  blocks(candidateId: string, viewer: Viewer) {
    const projection = this.latest.get(candidateId);
    if (!projection) return false;
    if (viewer.companyKey && projection.blockedCompanies.includes(viewer.companyKey)) return true;
    const domains = new Set(projection.blockedDomains);
    return viewer.domain !== null && domainAndParents(viewer.domain).some((domain) => domains.has(domain));
  }

  /**
   * What an employer may see of a searchable candidate's location, age and gender, or undefined.
   * With a viewer, from the groups that employer is shown (undefined when the candidate blocked it).
   */
  shown(candidateId: string, now: Date, viewer?: Viewer): ShownTraits | undefined {
    const candidate = this.byId.get(candidateId);
    if (!candidate) return undefined;
    if (!viewer) return this.anonymity.shown(candidate.cell, now);
    const { hidden, groups } = this.view(viewer);
    return hidden.has(candidateId) ? undefined : groups.shown(candidate.cell, now);
  }

  /**
   * The candidates who blocked this employer (searchable ones), and the groups it is shown: the
   * common groups when nobody blocked it, else the groups without those candidates, kept until
   * the next change of a group or a block list.
   */
  private view(viewer: Viewer): { hidden: ReadonlySet<string>; groups: AnonymityGroups } {
    const key = `${this.generation}|${viewer.companyKey}|${viewer.domain ?? ''}`;
    const cached = this.blockedViews.get(viewer.employerId);
    if (cached?.key === key) return cached;
    const hidden = new Set<string>();
    const collect = (ids: Set<string> | undefined) => {
      for (const id of ids ?? []) hidden.add(id);
    };
    if (viewer.companyKey) collect(this.blockedByCompany.get(viewer.companyKey));
    for (const domain of viewer.domain ? domainAndParents(viewer.domain) : [])
      collect(this.blockedByDomain.get(domain));
    if (hidden.size === 0) {
      this.blockedViews.delete(viewer.employerId);
      return { hidden: nobodyHidden, groups: this.anonymity };
    }
    const view: BlockedView = {
      key,
      hidden,
      groups: this.anonymity.without([...hidden].map((id) => this.byId.get(id)!.projection)),
    };
    this.blockedViews.set(viewer.employerId, view);
    return view;
  }

  /** The rung of the generalisation ladder a searchable candidate is shown at (0: as typed). */
  rungOf(candidateId: string, now: Date): number | undefined {
    const candidate = this.byId.get(candidateId);
    return candidate && this.anonymity.rungOf(candidate.cell, now);
  }

  /** One page of the searchable candidates matching the filters; with a viewer, without those who blocked it. */
  search(filters: SearchFilters, page: number, limit: number, now: Date, viewer?: Viewer) {
    const hidden = viewer ? this.view(viewer).hidden : nobodyHidden;
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
      if (hidden.has(candidate.projection.candidateId)) continue;
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
    for (const key of candidate.projection.blockedCompanies) remove(this.blockedByCompany, key, id);
    for (const domain of candidate.projection.blockedDomains) remove(this.blockedByDomain, domain, id);
  }
}

const sameTraitsAs = (a: CandidateProjection, b: CandidateProjection) =>
  a.location === b.location && a.birthYear === b.birthYear && a.gender === b.gender;

const sameBlocksAs = (a: CandidateProjection | undefined, b: CandidateProjection) =>
  a !== undefined &&
  a.blockedCompanies.join('\n') === b.blockedCompanies.join('\n') &&
  a.blockedDomains.join('\n') === b.blockedDomains.join('\n');

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
