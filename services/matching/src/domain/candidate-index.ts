import {
  type CandidateFit,
  type CandidateProjection,
  type CandidateSearchQuery,
  domainAndParents,
  hasPreferences,
  type PositionTerms,
} from '@meritmatch/contracts';
import { AnonymityGroups, type ShownTraits } from './anonymity';
import { compactProjection, StringPool } from './compact-projection';
import type { Viewer } from './employer-directory';
import { acceptsTerms } from './preferences';
import {
  type EducationLevel,
  type ExperienceBand,
  experienceBand,
  experienceYears,
  highestEducation,
} from './qualifications';
import {
  byScore,
  fitOf,
  type LevelTargets,
  rememberedTermWeights,
  type SkillTerm,
  scoreOf,
  scoreOfBest,
  shortestPartialTerm,
} from './ranking';
import { holding, SkillRows } from './skill-rows';
import { SubstringIndex } from './substring-index';
import { TopK } from './top-k';

export type IndexedCandidate = {
  /** The candidate's place in the index's arrays and sets (`slotOf`), kept while the index lives. */
  slot: number;
  projection: CandidateProjection;
  /** The projection's unique code, read by a ranked search for each match that ties (one object less to reach). */
  code: string;
  /** The projection's preferences when it has any: a position's search asks only those. */
  preferences: CandidateProjection['preferences'] | undefined;
  /** The place lower-cased (interned). */
  location: string;
  education: EducationLevel | null;
  /** The candidate's cell in the anonymity groups. */
  cell: string;
};

export type SearchFilters = Pick<CandidateSearchQuery, 'skills' | 'location' | 'experience' | 'education'> &
  Partial<Pick<CandidateSearchQuery, 'preferred'>> & {
    /** A position's experience and education levels, which rank (never filter) a search that names skills. */
    levels?: LevelTargets;
    /**
     * A search from a position: candidates whose private preferences do not accept its terms
     * are left out (`acceptsTerms`), in the items and the total. A filter only: no score changes.
     */
    position?: PositionTerms;
  };

/** What an employer whom some candidates blocked is shown: without them, in every answer and count. */
type BlockedView = {
  key: string;
  hidden: ReadonlySet<string>;
  /** The same candidates by slot, for searches. */
  hiddenSlots: ReadonlySet<number>;
  groups: AnonymityGroups;
};

const nobodyHidden: ReadonlySet<string> = new Set();
/** How many candidates a ranked search scores between two chances for the process to do something else. */
const scoredBetweenYields = 20_000;

/** One page of a search: its candidates, the total, and each one's fit when the search is ranked. */
export type SearchPage = {
  items: CandidateProjection[];
  total: number;
  fits: ReadonlyMap<string, CandidateFit | null>;
};
const noSlots: ReadonlySet<number> = new Set();
/** An unranked search's fits: none. */
const noFits: ReadonlyMap<string, CandidateFit | null> = new Map();

/**
 * The searchable candidates, in memory, built only from the anonymous projections.
 * Skills and locations are inverted indexes (distinct value → candidates, `SubstringIndex`), so
 * a filter touches the few values containing its text instead of every candidate; education is one
 * (level → candidates) and so is the experience band, for the day it was counted on (a
 * current job's years grow with the date). Results come in a stable order (by unique code,
 * which is random) and are paged: a page walks that order only as far as it needs, and the
 * total is counted from the sets. What an employer sees of a
 * candidate's location, age and gender comes from the anonymity groups of every searchable
 * candidate (`shown`), which follow each change.
 *
 * A candidate is searchable while the account is active and the candidate has not paused.
 * Block lists are inverted indexes too (company key or domain → candidates), so an employer's
 * `Viewer` finds the candidates hidden from it at once; such an employer is shown the groups as
 * they are without those candidates (docs/decisions/0015-anonymity-groups.md).
 */
export class CandidateIndex {
  /**
   * Every candidate who was ever searchable, by id → a slot, a small integer: the sets of the index
   * (skills, places, levels, bands, preferences, blocks) hold slots, and a search reaches a
   * candidate by `atSlot[slot]`, instead of hashing the id of each match (decision 0027). A slot
   * stays the candidate's, searchable or not, while the process lives.
   */
  private readonly slotOf = new Map<string, number>();
  /** The searchable candidates, with their newest projection, by slot (undefined: not searchable now). */
  private readonly atSlot: (IndexedCandidate | undefined)[] = [];
  private searchable = 0;
  /**
   * The newest projection of every candidate who is not searchable (suspended, deleted or paused):
   * with `atSlot`, every candidate's newest projection (`latestOf`), each in one place only.
   */
  private readonly unsearchable = new Map<string, CandidateProjection>();
  /**
   * Job seeker account → candidate, for the job seeker's own Interest page; kept for an erased
   * candidate too (its marker carries both ids), so that the erasure finds whose requests were whose.
   */
  private readonly byOwner = new Map<string, string>();
  /** Erased candidates: nothing of them is held but the id (and the owner, above). */
  private readonly erased = new Set<string>();
  private readonly bySkill = new SubstringIndex<number>();
  /** Each slot's skills by number, for ranked searches to read (`SkillRows`). */
  private readonly skillRows = new SkillRows();
  private readonly byLocation = new SubstringIndex<number>();
  private readonly blockedByCompany = new Map<string, Set<string>>();
  private readonly blockedByDomain = new Map<string, Set<string>>();
  /** Searchable candidates with any job preference: the only ones a position's terms can leave out. */
  private readonly withPreferences = new Set<number>();
  private readonly byEducation = new Map<EducationLevel, Set<number>>();
  /** The experience bands as of one day (built by the first search of that day that asks for one). */
  private bands: ExperienceBands | undefined;
  /** While a day's bands are counted (`countBands`): for each count, the slots that changed meanwhile. */
  private readonly bandsBuilding = new Set<Set<number>>();
  /** The searchable candidates by unique code; those added since the last search wait in `additions`. */
  private ordered: IndexedCandidate[] = [];
  private additions: IndexedCandidate[] = [];
  /** The order needs a full sort (a change the array could not follow in place). */
  private orderDirty = false;
  private readonly anonymity = new AnonymityGroups();
  /** Counts changes of the groups or of a block list; a blocked employer's view is rebuilt after one. */
  private generation = 0;
  private readonly blockedViews = new Map<string, BlockedView>();
  /** The repeated strings of every candidate's projection and index entries, one copy each. */
  private readonly strings = new StringPool();

  /**
   * @param synonyms what a searched skill also means, normalized, the term first (the skills
   *   vocabulary's `synonyms`); without it a term means only itself.
   */
  constructor(private readonly synonyms: (term: string) => readonly string[] = (term) => [term]) {}

  /** Applies a projection unless an equal or newer version is already known. */
  apply(event: CandidateProjection) {
    // an erased candidate never comes back: the marker is the last event of its key
    if (this.erased.has(event.candidateId)) return false;
    const known = this.latestOf(event.candidateId);
    if (known !== undefined && known.version >= event.version) return false;
    const projection = compactProjection(event, this.strings);
    if (projection.ownerUserId) this.byOwner.set(projection.ownerUserId, projection.candidateId);
    const existing = this.byIdOf(projection.candidateId);
    const searchable = projection.searchable && !projection.paused;
    // the groups are recomputed only when a candidate's location, age or gender changes
    const sameTraits = existing !== undefined && searchable && sameTraitsAs(existing.projection, projection);
    if (!sameTraits || !sameBlocksAs(existing?.projection, projection)) this.generation += 1;
    if (existing) {
      this.unindex(existing);
      if (!sameTraits) this.anonymity.remove(existing.projection);
    }

    if (!searchable) {
      this.unsearchable.set(projection.candidateId, projection);
      if (existing) {
        this.atSlot[existing.slot] = undefined;
        this.searchable -= 1;
        this.replaceInOrder(existing, undefined);
      }
      return true;
    }
    this.unsearchable.delete(projection.candidateId);
    const slot = existing?.slot ?? this.slotFor(projection.candidateId);
    const candidate: IndexedCandidate = {
      slot,
      projection,
      code: projection.uniqueCode,
      preferences: hasPreferences(projection.preferences) ? projection.preferences : undefined,
      location: this.strings.lower(projection.location),
      education: highestEducation(projection.education),
      cell: sameTraits ? existing.cell : this.strings.intern(this.anonymity.add(projection)),
    };
    if (!existing) this.searchable += 1;
    this.atSlot[slot] = candidate;
    this.bySkill.set(slot, this.skillValues(projection));
    this.skillRows.set(slot, projection.skills, this.strings);
    this.byLocation.set(slot, this.strings.single(candidate.location));
    for (const key of projection.blockedCompanies) add(this.blockedByCompany, key, projection.candidateId);
    for (const domain of projection.blockedDomains) add(this.blockedByDomain, domain, projection.candidateId);
    if (hasPreferences(projection.preferences)) this.withPreferences.add(slot);
    if (candidate.education) add(this.byEducation, candidate.education, slot);
    if (this.bands) this.bands.add(candidate);
    for (const changed of this.bandsBuilding) changed.add(slot);
    if (existing) this.replaceInOrder(existing, candidate);
    else if (!this.orderDirty) this.additions.push(candidate);
    return true;
  }

  /** A candidate's newest projection, searchable or not; undefined when unknown or erased. */
  private latestOf(candidateId: string): CandidateProjection | undefined {
    return this.byIdOf(candidateId)?.projection ?? this.unsearchable.get(candidateId);
  }

  /** A searchable candidate by id. */
  private byIdOf(candidateId: string): IndexedCandidate | undefined {
    const slot = this.slotOf.get(candidateId);
    return slot === undefined ? undefined : this.atSlot[slot];
  }

  /** The candidate's slot, a new one the first time it is searchable. */
  private slotFor(candidateId: string): number {
    let slot = this.slotOf.get(candidateId);
    if (slot === undefined) {
      slot = this.atSlot.length;
      this.atSlot.push(undefined);
      this.slotOf.set(candidateId, slot);
    }
    return slot;
  }

  /** Every searchable candidate. */
  private *everyone(): Iterable<IndexedCandidate> {
    for (const candidate of this.atSlot) if (candidate) yield candidate;
  }

  /**
   * The candidate was erased: out of search, details and every index, its projection forgotten;
   * only the owner → candidate link stays, which the marker brings again after a restart.
   */
  erase({ candidateId, ownerUserId }: { candidateId: string; ownerUserId: string }) {
    this.byOwner.set(ownerUserId, candidateId);
    if (this.erased.has(candidateId)) return false;
    const known = this.latestOf(candidateId);
    // a projection that is not searchable takes the candidate out of everything it is in
    if (known) this.apply({ ...known, version: known.version + 1, searchable: false });
    this.unsearchable.delete(candidateId);
    this.erased.add(candidateId);
    // the slot stays empty: an erased candidate never comes back
    this.slotOf.delete(candidateId);
    return true;
  }

  /** Whether the candidate was erased (the other party's screens say "a deleted candidate"). */
  isErased(candidateId: string) {
    return this.erased.has(candidateId);
  }

  /**
   * A searchable candidate, or undefined (unknown, suspended, deleted or paused); with a viewer,
   * also undefined when the candidate blocked that employer.
   */
  get(candidateId: string, viewer?: Viewer) {
    if (viewer && this.view(viewer).hidden.has(candidateId)) return undefined;
    return this.byIdOf(candidateId)?.projection;
  }

  count() {
    return this.searchable;
  }

  /** The candidate of a job seeker's account, searchable or not (their own requests stay theirs). */
  candidateOfOwner(userId: string) {
    return this.byOwner.get(userId);
  }

  /** Whether a candidate (searchable or not) blocked this employer, by company name or website. */
  blocks(candidateId: string, viewer: Viewer) {
    const projection = this.latestOf(candidateId);
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
    const candidate = this.byIdOf(candidateId);
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
  private view(viewer: Viewer): Omit<BlockedView, 'key'> {
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
      return { hidden: nobodyHidden, hiddenSlots: noSlots, groups: this.anonymity };
    }
    // block lists hold searchable candidates only, so each has a slot and a place in `atSlot`
    const blocking = [...hidden].map((id) => this.byIdOf(id)!);
    const view: BlockedView = {
      key,
      hidden,
      hiddenSlots: new Set(blocking.map((candidate) => candidate.slot)),
      groups: this.anonymity.without(blocking.map((candidate) => candidate.projection)),
    };
    this.blockedViews.set(viewer.employerId, view);
    return view;
  }

  /** The rung of the generalisation ladder a searchable candidate is shown at (0: as typed). */
  rungOf(candidateId: string, now: Date): number | undefined {
    const candidate = this.byIdOf(candidateId);
    return candidate && this.anonymity.rungOf(candidate.cell, now);
  }

  /**
   * One page of the searchable candidates matching the filters; with a viewer, without those who
   * blocked it; from a position, without those whose preferences do not accept its terms. A
   * search that names skills (must-have or nice-to-have) is ranked: best fit first (`fitOf`),
   * equal fits by code, each with its fit in `fits`; any other comes by code.
   */
  search(filters: SearchFilters, page: number, limit: number, now: Date, viewer?: Viewer): SearchPage {
    const steps = this.searching(filters, page, limit, now, viewer);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * `search`, letting the process serve other requests (and its probes) every `scoredBetweenYields`
   * candidates a ranked search scores: a search that most of a million candidates answer scores
   * them for a second or more. Candidates that change meanwhile are read as they are when met (one
   * that left search is passed over), as if the search had come a moment later.
   */
  async searchYielding(
    filters: SearchFilters,
    page: number,
    limit: number,
    now: Date,
    viewer?: Viewer,
  ): Promise<SearchPage> {
    const steps = this.searching(filters, page, limit, now, viewer);
    let step = steps.next();
    while (!step.done) {
      await new Promise((resolve) => setImmediate(resolve));
      step = steps.next();
    }
    return step.value;
  }

  private *searching(
    filters: SearchFilters,
    page: number,
    limit: number,
    now: Date,
    viewer?: Viewer,
  ): Generator<void, SearchPage> {
    const blocked = viewer ? this.view(viewer).hiddenSlots : noSlots;
    // a new day's bands are counted first, letting others in (the filters and ranking then read them)
    if (filters.experience !== 'all' || filters.levels) yield* this.countBands(now);
    const mustHave = this.termsOf(filters.skills);
    const niceToHave = this.termsOf(filters.preferred);
    const ids = this.candidateIds(filters, mustHave, now);
    if (mustHave.length + niceToHave.length > 0) {
      // a ranked search visits each match anyway: it asks the preferences of those it meets
      const { levels, position } = filters;
      return yield* this.ranked(ids, blocked, { mustHave, niceToHave, levels, position, now }, page, limit);
    }
    const hidden = filters.position ? this.notAccepting(filters.position, blocked) : blocked;
    const order = this.order();
    const start = (page - 1) * limit;
    const wanted = (candidate: IndexedCandidate) =>
      (ids === undefined || ids.has(candidate.slot)) && !hidden.has(candidate.slot);
    // the hidden (blocked or not accepting) are searchable candidates, so they are all in the order
    let total = order.length - hidden.size;
    if (ids !== undefined) {
      total = ids.size;
      for (const id of hidden) if (ids.has(id)) total -= 1;
    }
    const items: CandidateProjection[] = [];
    if (start >= total) return { items, total, fits: noFits };
    // a few matches are sorted by themselves; many are met soon enough walking the whole order
    const walk = ids === undefined ? start + limit : ((start + limit) * order.length) / Math.max(1, ids.size);
    const pool =
      ids !== undefined && walk > ids.size * Math.log2(ids.size + 2)
        ? [...ids].map((slot) => this.atSlot[slot]!).sort(byCode)
        : order;
    let seen = 0;
    for (const candidate of pool) {
      if (!wanted(candidate)) continue;
      if (seen >= start) items.push(candidate.projection);
      seen += 1;
      if (items.length >= limit) break;
    }
    return { items, total, fits: noFits };
  }

  /**
   * `hidden` and the candidates whose preferences do not accept the position's terms, as one set
   * (each once, so that the totals stay right). Only candidates with a preference are asked.
   */
  private notAccepting(terms: PositionTerms, hidden: ReadonlySet<number>): ReadonlySet<number> {
    let left: Set<number> | undefined;
    for (const slot of this.withPreferences) {
      if (hidden.has(slot) || acceptsTerms(this.atSlot[slot]!.projection.preferences, terms)) continue;
      left ??= new Set(hidden);
      left.add(slot);
    }
    return left ?? hidden;
  }

  /** The searched skills of a comma-separated list, each with its synonyms. */
  private termsOf(list: string | undefined): SkillTerm[] {
    return (list ?? '')
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean)
      .map((typed) => this.skillTerm(typed));
  }

  /** A skill as searched: what was typed, its comparison form, and its synonyms. */
  skillTerm(typed: string): SkillTerm {
    const text = typed.toLowerCase();
    return { shown: typed, text, alike: new Set([text, ...this.synonyms(text)]) };
  }

  /** A skill's name lower-cased, once for each name (the pool keeps it). */
  private readonly lower = (name: string) => this.strings.lower(name);

  /** A candidate's skill names lower-cased, for the skills index (built when needed, not kept). */
  private skillValues(projection: CandidateProjection) {
    return projection.skills.map((skill) => this.strings.lower(skill.name));
  }

  /** The skills of a candidate's newest profile, searchable or not (none once erased or unknown). */
  skillsOf(candidateId: string): CandidateProjection['skills'] {
    return this.latestOf(candidateId)?.skills ?? [];
  }

  /**
   * The page asked for of every matching candidate, best fit first (then by code), and their total;
   * from a position, without those whose preferences do not accept its terms. Every candidate is
   * scored (its skills read from `SkillRows`, `scoreOfBest`), but only the best `page × limit` are
   * kept (`TopK`, no sort of them all), and only the page shown is explained (`fitOf`).
   */
  private *ranked(
    ids: ReadonlySet<number> | undefined,
    hidden: ReadonlySet<number>,
    {
      mustHave,
      niceToHave,
      levels,
      position,
      now,
    }: {
      mustHave: readonly SkillTerm[];
      niceToHave: readonly SkillTerm[];
      levels?: LevelTargets;
      position?: PositionTerms;
      now: Date;
    },
    page: number,
    limit: number,
  ): Generator<void, SearchPage> {
    const bands = levels ? this.bandsOn(now) : undefined;
    const bandOf = (candidate: IndexedCandidate) => (bands ? bands.bandOfCandidate(candidate.slot) : 'entry');
    const best = new TopK<Ranked>(page * limit, byRank);
    const weights = rememberedTermWeights(mustHave, niceToHave, this.lower, this.strings);
    const terms = mustHave.length + niceToHave.length;
    const bestWeights = new Float64Array(terms);
    const { skillRows } = this;
    let total = 0;
    const offer = (candidate: IndexedCandidate) => {
      if (hidden.has(candidate.slot)) return;
      if (position && candidate.preferences && !acceptsTerms(candidate.preferences, position)) return;
      total += 1;
      const band = bandOf(candidate);
      // the skills from the candidate's row (one cache line), or from its projection when the row cannot hold them
      const score = skillRows.bestWeights(candidate.slot, weights.ofNumber, terms, bestWeights)
        ? scoreOfBest(bestWeights, mustHave, niceToHave, levels, band, candidate.education)
        : scoreOf(
            candidate.projection.skills,
            weights.of,
            mustHave,
            niceToHave,
            levels,
            band,
            candidate.education,
          );
      // most candidates of a broad search do not make the page: build nothing for them
      const last = best.last();
      if (last && byScore(score, candidate.code, last.score, last.code) >= 0) return;
      best.offer({ candidate, score, code: candidate.code });
    };
    // plain loops: an iterator would allocate its result for each of a million candidates
    let met = 0;
    const slots: Iterable<number> = ids ?? this.atSlot.keys();
    for (const slot of slots) {
      const candidate = this.atSlot[slot];
      // a slot emptied since the set was made (the candidate left search meanwhile) is passed over
      if (candidate === undefined) continue;
      offer(candidate);
      if (++met % scoredBetweenYields === 0) yield;
    }
    const shown = best.sorted().slice((page - 1) * limit);
    const fitOfShown = ({ candidate }: Ranked) =>
      fitOf(
        candidate.projection.skills,
        mustHave,
        niceToHave,
        levels && {
          targets: levels,
          candidate: { experience: bandOf(candidate), education: candidate.education },
        },
        this.lower,
      );
    return {
      items: shown.map(({ candidate }) => candidate.projection),
      total,
      fits: new Map(
        shown.map((entry) => [entry.candidate.projection.candidateId, fitOfShown(entry)]),
      ) as ReadonlyMap<string, CandidateFit | null>,
    };
  }

  /** Candidates matching the filters, or undefined when there is none (everyone). */
  private candidateIds(
    filters: SearchFilters,
    mustHave: readonly SkillTerm[],
    now: Date,
  ): ReadonlySet<number> | undefined {
    let result: ReadonlySet<number> | undefined;
    const narrow = (matches: ReadonlySet<number> | undefined) => {
      const found = matches ?? nobody;
      result = result === undefined ? found : intersect(result, found);
    };
    if (filters.education !== 'all') narrow(this.byEducation.get(filters.education));
    if (filters.experience !== 'all') narrow(this.bandsOn(now).of(filters.experience));
    for (const term of mustHave)
      narrow(
        term.text.length >= shortestPartialTerm
          ? this.bySkill.containingOrEqual(term.text, [...term.alike])
          : this.bySkill.equalTo([...term.alike]),
      );
    const location = filters.location?.trim().toLowerCase();
    if (location) narrow(this.byLocation.containing(location));
    return result;
  }

  /** The experience bands of the day of `now`, counted once that day for every candidate and then kept up to date. */
  private bandsOn(now: Date) {
    const steps = this.countBands(now);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * `bandsOn`, yielding every `scoredBetweenYields` candidates it counts (a million candidates'
   * years take seconds): the new day's bands replace the old ones only once whole, with the
   * candidates that changed meanwhile counted again.
   */
  private *countBands(now: Date): Generator<void, ExperienceBands> {
    const day = now.toISOString().slice(0, 10);
    if (this.bands?.day === day) return this.bands;
    const bands = new ExperienceBands(day, now);
    const changed = new Set<number>();
    this.bandsBuilding.add(changed);
    try {
      let counted = 0;
      for (const candidate of this.everyone()) {
        bands.add(candidate);
        if (++counted % scoredBetweenYields === 0) yield;
      }
    } finally {
      this.bandsBuilding.delete(changed);
    }
    for (const slot of changed) {
      const candidate = this.atSlot[slot];
      if (candidate) bands.add(candidate);
      else bands.remove(slot);
    }
    // another search may have counted the same day meanwhile: either is whole
    if (this.bands?.day !== day) this.bands = bands;
    return this.bands;
  }

  private order() {
    if (this.orderDirty) {
      this.ordered = [...this.everyone()].sort(byCode);
      this.orderDirty = false;
    } else if (this.additions.length > 0) {
      this.ordered = merge(this.ordered, this.additions.sort(byCode));
    }
    this.additions = [];
    return this.ordered;
  }

  /** Puts a changed candidate in the place of its earlier version in the order, or takes it out (undefined). */
  private replaceInOrder(existing: IndexedCandidate, candidate: IndexedCandidate | undefined) {
    if (this.orderDirty) return;
    const position = positionOf(this.ordered, existing.projection.uniqueCode);
    const inPlace =
      this.ordered[position] === existing &&
      (candidate === undefined || candidate.projection.uniqueCode === existing.projection.uniqueCode);
    if (!inPlace) {
      this.orderDirty = true;
      this.additions = [];
    } else if (candidate) this.ordered[position] = candidate;
    else this.ordered.splice(position, 1);
  }

  private unindex(candidate: IndexedCandidate) {
    const id = candidate.projection.candidateId;
    const { slot } = candidate;
    this.bySkill.remove(slot, this.skillValues(candidate.projection));
    this.byLocation.remove(slot, this.strings.single(candidate.location));
    for (const key of candidate.projection.blockedCompanies) remove(this.blockedByCompany, key, id);
    for (const domain of candidate.projection.blockedDomains) remove(this.blockedByDomain, domain, id);
    this.withPreferences.delete(slot);
    if (candidate.education) remove(this.byEducation, candidate.education, slot);
    this.bands?.remove(slot);
    for (const changed of this.bandsBuilding) changed.add(slot);
  }
}

const nobody: ReadonlySet<number> = new Set();

/** The experience bands, in the order of their codes (`ExperienceBands`). */
const bandCodes: readonly ExperienceBand[] = ['entry', 'mid', 'senior'];

/** Searchable candidates by experience band, with their years counted up to one day (`now`, the first search of it). */
class ExperienceBands {
  private readonly byBand = new Map<ExperienceBand, Set<number>>();
  /**
   * By slot, a byte each (0: none, else the band's place in `bandCodes` + 1): a ranked search from
   * a position reads every match's band, and bytes put several matches in one cache line.
   */
  private codes = new Uint8Array(1024);

  constructor(
    readonly day: string,
    private readonly now: Date,
  ) {}

  of(band: ExperienceBand) {
    return this.byBand.get(band);
  }

  /** A searchable candidate's band that day (every searchable candidate has one). */
  bandOfCandidate(slot: number): ExperienceBand {
    const code = slot < this.codes.length ? this.codes[slot]! : 0;
    return code === 0 ? 'entry' : bandCodes[code - 1]!;
  }

  add(candidate: IndexedCandidate) {
    const { slot } = candidate;
    this.remove(slot);
    const band = experienceBand(experienceYears(candidate.projection.experiences, this.now));
    this.codes = holding(this.codes, slot + 1);
    this.codes[slot] = bandCodes.indexOf(band) + 1;
    add(this.byBand, band, slot);
  }

  remove(slot: number) {
    const code = slot < this.codes.length ? this.codes[slot]! : 0;
    if (code === 0) return;
    this.codes[slot] = 0;
    remove(this.byBand, bandCodes[code - 1]!, slot);
  }
}

const sameTraitsAs = (a: CandidateProjection, b: CandidateProjection) =>
  a.location === b.location && a.birthYear === b.birthYear && a.gender === b.gender;

const sameBlocksAs = (a: CandidateProjection | undefined, b: CandidateProjection) =>
  a !== undefined &&
  a.blockedCompanies.join('\n') === b.blockedCompanies.join('\n') &&
  a.blockedDomains.join('\n') === b.blockedDomains.join('\n');

/** A scored candidate of a ranked search. */
type Ranked = { candidate: IndexedCandidate; score: number; code: string };

const byRank = (a: Ranked, b: Ranked) => byScore(a.score, a.code, b.score, b.code);

const byCode = (a: IndexedCandidate, b: IndexedCandidate) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The first position whose unique code is not below `code`. */
function positionOf(ordered: IndexedCandidate[], code: string) {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ordered[middle]!.projection.uniqueCode < code) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two lists sorted by unique code, as one. */
function merge(a: IndexedCandidate[], b: IndexedCandidate[]) {
  const result: IndexedCandidate[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) result[k++] = byCode(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) result[k++] = a[i++]!;
  while (j < b.length) result[k++] = b[j++]!;
  return result;
}

function add<K, V>(index: Map<K, Set<V>>, key: K, id: V) {
  const ids = index.get(key);
  if (ids) ids.add(id);
  else index.set(key, new Set([id]));
}

function remove<K, V>(index: Map<K, Set<V>>, key: K, id: V) {
  const ids = index.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) index.delete(key);
}

function intersect<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): Set<T> {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const result = new Set<T>();
  for (const id of small) if (large.has(id)) result.add(id);
  return result;
}
