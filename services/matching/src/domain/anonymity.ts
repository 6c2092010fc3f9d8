import {
  type AgeBandWidth,
  ageBandOf,
  type CandidateProjection,
  locationNotShown,
} from '@meritmatch/contracts';

/**
 * k: no combination of location, age band and gender that an employer can see is shared by
 * fewer searchable candidates than this (Sweeney's k-anonymity; date of birth, gender and
 * postcode alone identify most people).
 */
export const minimumGroupSize = 5;

type Gender = CandidateProjection['gender'];

/** The attributes that, together, could single a person out. */
export type Traits = Pick<CandidateProjection, 'location' | 'birthYear' | 'gender'>;

/** What an employer sees of them: `ageBand` and `gender` are null when not shown (or not given). */
export type ShownTraits = { location: string; ageBand: string | null; gender: Gender };

/** How wide each attribute is shown: the place as typed, its last comma-separated part (a country), or not at all. */
export type Rung = {
  location: 'place' | 'region' | 'none';
  ageWidth: AgeBandWidth | 'none';
  gender: boolean;
};

const ageAndGender: Array<Pick<Rung, 'ageWidth' | 'gender'>> = [
  { ageWidth: 5, gender: true },
  { ageWidth: 10, gender: true },
  { ageWidth: 20, gender: true },
  { ageWidth: 'none', gender: true },
  { ageWidth: 'none', gender: false },
];

/**
 * The generalisation ladder, narrowest first: a wider age band, then no age, then no gender;
 * only then a wider place (its last comma-separated part), where the age and gender start
 * narrow again, and last no place. The top rung shows nothing at all.
 */
export const ladder: readonly Rung[] = (['place', 'region', 'none'] as const).flatMap((location) =>
  ageAndGender.map((rung) => ({ location, ...rung })),
);

export const describeRung = ({ location, ageWidth, gender }: Rung) =>
  [
    { place: 'place', region: 'country or region', none: 'no place' }[location],
    ageWidth === 'none' ? 'no age' : `${ageWidth}-year band`,
    gender ? 'gender' : 'no gender',
  ].join(', ');

/** A place for grouping: case, accents, spacing and punctuation do not count ("Zürich , CH" = "zurich ch"). */
export const normaliseLocation = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The last comma-separated part of a place: "Tromsø, Norway" → "Norway". */
export const regionOf = (location: string) =>
  location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1) ?? '';

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A place's normalised forms and spellings, for its cell and the spellings shown. */
type PlaceForms = { place: string; region: string; placeSpelling: string; regionSpelling: string };

/**
 * The forms of each place met lately: places repeat across candidates, and normalising one (Unicode
 * decomposition and two expressions) is most of what counting a candidate costs, as when the index
 * is rebuilt. Bounded: emptied when full.
 */
const placeForms = new Map<string, PlaceForms>();
const placeFormsLimit = 50_000;

function formsOf(location: string): PlaceForms {
  const known = placeForms.get(location);
  if (known) return known;
  const region = regionOf(location);
  const forms = {
    place: normaliseLocation(location),
    region: normaliseLocation(region),
    placeSpelling: tidy(location),
    regionSpelling: tidy(region),
  };
  if (placeForms.size >= placeFormsLimit) placeForms.clear();
  placeForms.set(location, forms);
  return forms;
}

/** Candidates alike in every attribute at every rung: the unit the ladder moves. */
type Cell = { place: string; region: string; birthYear: number | null; gender: Gender; count: number };

type Computed = {
  year: number;
  rungs: Map<string, number>;
  groupSizes: Array<{ rung: number; size: number }>;
};

const separator = '\u0001';

/**
 * Decides how wide each searchable candidate's location, age and gender are shown. Every
 * answer shows a candidate's attributes at one rung of the ladder, and each combination shown
 * is shared by at least `k` searchable candidates shown the same way: starting from the
 * narrowest rung, a group of at least `k` keeps it, and the rest climb together to the next
 * rung, where they are grouped again, until the top (nothing shown). Groups are computed over
 * every searchable candidate, never over a search's results, so no filter narrows them.
 *
 * Counts are kept per cell (candidates with the same normalised place, region, birth year
 * and gender), updated as candidates come and go; the ladder is recomputed over the cells on
 * the first read after a change (or in a new year, when ages move on).
 */
export class AnonymityGroups {
  private readonly cells = new Map<string, Cell>();
  /** How each normalised place and region is spelled, so a group shows one spelling: the commonest. */
  private readonly placeSpellings = new Map<string, Map<string, number>>();
  private readonly regionSpellings = new Map<string, Map<string, number>>();
  private computed: Computed | undefined;

  constructor(private readonly k = minimumGroupSize) {}

  /** Counts a searchable candidate; returns the key of their cell. */
  add(traits: Traits): string {
    const { key, place, region, placeSpelling, regionSpelling } = this.cellOf(traits);
    const cell = this.cells.get(key);
    if (cell) cell.count += 1;
    else
      this.cells.set(key, {
        place,
        region,
        birthYear: traits.birthYear,
        gender: traits.gender,
        count: 1,
      });
    count(this.placeSpellings, place, placeSpelling, 1);
    count(this.regionSpellings, region, regionSpelling, 1);
    this.computed = undefined;
    return key;
  }

  /** Stops counting a candidate counted with the same traits. */
  remove(traits: Traits) {
    const { key, place, region, placeSpelling, regionSpelling } = this.cellOf(traits);
    const cell = this.cells.get(key);
    if (!cell) return;
    cell.count -= 1;
    if (cell.count === 0) this.cells.delete(key);
    count(this.placeSpellings, place, placeSpelling, -1);
    count(this.regionSpellings, region, regionSpelling, -1);
    this.computed = undefined;
  }

  /**
   * The groups as they are without some candidates: what an employer whom these candidates
   * blocked is shown. Counts and spellings are copied, then the candidates taken out, so the
   * groups stay what they would be if those candidates were not searchable at all.
   */
  without(hidden: Iterable<Traits>): AnonymityGroups {
    const copy = new AnonymityGroups(this.k);
    for (const [key, cell] of this.cells) copy.cells.set(key, { ...cell });
    for (const [from, to] of [
      [this.placeSpellings, copy.placeSpellings],
      [this.regionSpellings, copy.regionSpellings],
    ] as const) {
      for (const [key, forms] of from) to.set(key, new Map(forms));
    }
    for (const traits of hidden) copy.remove(traits);
    return copy;
  }

  /** The rung a candidate (by cell key) is shown at, as an index into `ladder`. */
  rungOf(cellKey: string, now: Date): number {
    return this.compute(now).rungs.get(cellKey) ?? ladder.length - 1;
  }

  /** What an employer sees of a counted candidate. */
  shown(cellKey: string, now: Date): ShownTraits {
    const cell = this.cells.get(cellKey);
    const rung = ladder[this.rungOf(cellKey, now)]!;
    if (!cell) return { location: locationNotShown, ageBand: null, gender: null };
    const location =
      rung.location === 'place'
        ? commonest(this.placeSpellings.get(cell.place))
        : rung.location === 'region'
          ? commonest(this.regionSpellings.get(cell.region))
          : locationNotShown;
    const ageBand =
      rung.ageWidth === 'none' || cell.birthYear === null
        ? null
        : ageBandOf(now.getUTCFullYear() - cell.birthYear, rung.ageWidth);
    return { location, ageBand, gender: rung.gender ? cell.gender : null };
  }

  /** Every group the ladder formed: the rung it is shown at and how many candidates it holds. */
  groups(now: Date) {
    return this.compute(now).groupSizes;
  }

  private cellOf(traits: Traits) {
    const forms = formsOf(traits.location);
    const key = [forms.place, forms.region, traits.birthYear ?? '', traits.gender ?? ''].join(separator);
    return { key, ...forms };
  }

  private compute(now: Date): Computed {
    const year = now.getUTCFullYear();
    if (this.computed?.year === year) return this.computed;
    const rungs = new Map<string, number>();
    const groupSizes: Computed['groupSizes'] = [];
    let climbing = [...this.cells.entries()];
    for (const [index, rung] of ladder.entries()) {
      const top = index === ladder.length - 1;
      const groups = new Map<string, { size: number; cells: Array<[string, Cell]> }>();
      for (const entry of climbing) {
        const key = groupKey(entry[1], rung, year);
        const group = groups.get(key);
        if (group) {
          group.size += entry[1].count;
          group.cells.push(entry);
        } else groups.set(key, { size: entry[1].count, cells: [entry] });
      }
      climbing = [];
      for (const group of groups.values()) {
        if (group.size >= this.k || top) {
          for (const [key] of group.cells) rungs.set(key, index);
          groupSizes.push({ rung: index, size: group.size });
        } else climbing.push(...group.cells);
      }
      if (climbing.length === 0) break;
    }
    this.computed = { year, rungs, groupSizes };
    return this.computed;
  }
}

function groupKey(cell: Cell, rung: Rung, year: number) {
  const place = rung.location === 'place' ? cell.place : rung.location === 'region' ? cell.region : '';
  const age =
    rung.ageWidth === 'none'
      ? ''
      : cell.birthYear === null
        ? '?'
        : ageBandOf(year - cell.birthYear, rung.ageWidth);
  const gender = rung.gender ? (cell.gender ?? '?') : '';
  return [place, age, gender].join(separator);
}

function count(spellings: Map<string, Map<string, number>>, key: string, spelling: string, by: 1 | -1) {
  let forms = spellings.get(key);
  if (!forms) {
    forms = new Map();
    spellings.set(key, forms);
  }
  const next = (forms.get(spelling) ?? 0) + by;
  if (next > 0) forms.set(spelling, next);
  else forms.delete(spelling);
  if (forms.size === 0) spellings.delete(key);
}

/** The spelling most candidates typed (ties: the first in code-point order), so everyone in a group shows the same. */
function commonest(forms: Map<string, number> | undefined): string {
  let best: [string, number] | undefined;
  for (const [spelling, times] of forms ?? []) {
    if (!best || times > best[1] || (times === best[1] && spelling < best[0])) best = [spelling, times];
  }
  return best?.[0] ?? locationNotShown;
}
