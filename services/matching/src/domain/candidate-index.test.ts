import {
  type CandidateFit,
  type CandidateProjection,
  type JobPreferences,
  locationNotShown,
  noPreferences,
  type PositionTerms,
  proficiencyLevels,
} from '@meritmatch/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandidateIndex, type SearchFilters } from './candidate-index';
import type { Viewer } from './employer-directory';
import { acceptsTerms } from './preferences';
import { experienceBand, experienceYears, highestEducation } from './qualifications';
import { answers, byFit, fitOf, type SkillTerm } from './ranking';

const now = new Date('2026-06-01T12:00:00Z');
let counter = 0;

function candidate(overrides: Partial<CandidateProjection> = {}): CandidateProjection {
  counter += 1;
  return {
    candidateId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    uniqueCode: `EM${String(100000 + counter)}`,
    version: 1,
    searchable: true,
    location: 'Berlin, Germany',
    birthYear: 1990,
    gender: null,
    skills: [{ name: 'TypeScript', proficiencyLevel: 'expert' }],
    experiences: [],
    education: [],
    certifications: [],
    updatedAt: now.toISOString(),
    ownerUserId: null,
    askBeforeSharing: false,
    paused: false,
    blockedCompanies: [],
    blockedDomains: [],
    preferences: noPreferences,
    ...overrides,
  };
}

const job = (
  startDate: string,
  endDate: string | null,
  experienceType: 'professional' | 'internship' | 'none' = 'professional',
) => ({
  position: 'Engineer',
  companyName: 'Acme',
  startDate,
  endDate,
  isCurrent: endDate === null,
  description: null,
  experienceType,
});
const degree = (name: string) => ({
  degree: name,
  fieldOfStudy: null,
  institution: 'Uni',
  graduationYear: 2010,
  gpa: null,
});
const all = { experience: 'all', education: 'all' } as const;

describe('qualifications', () => {
  it('counts overlapping jobs once, current jobs until now, and ignores fresh-graduate entries', () => {
    expect(experienceYears([job('2020-06-01', '2023-06-01'), job('2022-06-01', null)], now)).toBe(6);
    expect(experienceYears([job('2024-06-01', null, 'none')], now)).toBe(0);
    expect(experienceYears([job('2024-01-01', '2025-12-31', 'internship')], now)).toBe(1);
  });

  it('takes the highest degree', () => {
    expect(
      highestEducation([
        degree('High School Diploma'),
        degree("Master's Degree"),
        degree("Bachelor's Degree"),
      ]),
    ).toBe('master');
    expect(highestEducation([degree('Associate Degree')])).toBeNull();
    expect(highestEducation([degree('Doctoral Degree')])).toBe('phd');
  });
});

describe('candidate index', () => {
  it('filters by every skill given (case-insensitive, part of a name) and by location', () => {
    const index = new CandidateIndex();
    const a = candidate({
      skills: [
        { name: 'React', proficiencyLevel: 'expert' },
        { name: 'Node.js', proficiencyLevel: 'advanced' },
      ],
    });
    const b = candidate({
      skills: [{ name: 'React Native', proficiencyLevel: 'beginner' }],
      location: 'Munich, Germany',
    });
    const c = candidate({ skills: [{ name: 'Go', proficiencyLevel: 'expert' }], location: 'Paris, France' });
    for (const x of [a, b, c]) index.apply(x);
    const codes = (filters: Parameters<CandidateIndex['search']>[0]) =>
      index.search(filters, 1, 10, now).items.map((item) => item.uniqueCode);
    expect(codes({ ...all, skills: 'react' })).toEqual([a.uniqueCode, b.uniqueCode]);
    expect(codes({ ...all, skills: 'REACT, node' })).toEqual([a.uniqueCode]);
    expect(codes({ ...all, skills: 'react, cobol' })).toEqual([]);
    expect(codes({ ...all, location: 'germany' })).toEqual([a.uniqueCode, b.uniqueCode]);
    expect(codes({ ...all, skills: 'react', location: 'munich' })).toEqual([b.uniqueCode]);
    expect(codes(all)).toHaveLength(3);
  });

  it('finds a one-letter skill whole, not in every name it is part of, as must-have or nice-to-have', () => {
    const index = new CandidateIndex();
    const r = candidate({ skills: [{ name: 'R', proficiencyLevel: 'advanced' }] });
    const react = candidate({ skills: [{ name: 'React', proficiencyLevel: 'expert' }] });
    const c = candidate({
      skills: [
        { name: 'C', proficiencyLevel: 'beginner' },
        { name: 'Docker', proficiencyLevel: 'expert' },
      ],
    });
    for (const x of [r, react, c]) index.apply(x);
    const found = (filters: Partial<SearchFilters>) => {
      const { items, total, fits } = index.search({ ...all, ...filters }, 1, 10, now);
      return { codes: items.map((item) => item.uniqueCode), total, fits };
    };
    expect(found({ skills: 'r' })).toMatchObject({ codes: [r.uniqueCode], total: 1 });
    expect(found({ skills: 'C' })).toMatchObject({ codes: [c.uniqueCode], total: 1 });
    // two letters are part of a name again
    expect(found({ skills: 're' }).codes).toEqual([react.uniqueCode]);
    // as a nice-to-have it scores only the skill it names, and the others lack it
    const ranked = found({ preferred: 'c' });
    expect(ranked.codes[0]).toBe(c.uniqueCode);
    expect(ranked.fits.get(c.candidateId)).toMatchObject({ matched: ['C'], missing: [] });
    expect(ranked.fits.get(react.candidateId)).toMatchObject({ matched: [], missing: ['c'] });
  });

  it('filters by experience band and highest education', () => {
    const index = new CandidateIndex();
    const entry = candidate({
      experiences: [job('2024-06-01', null)],
      education: [degree("Bachelor's Degree")],
    });
    const mid = candidate({ experiences: [job('2021-01-01', null)], education: [degree("Master's Degree")] });
    const senior = candidate({
      experiences: [job('2010-01-01', '2020-01-01')],
      education: [degree('Doctoral Degree')],
    });
    for (const x of [entry, mid, senior]) index.apply(x);
    const codes = (
      experience: 'all' | 'entry' | 'mid' | 'senior',
      education: 'all' | 'bachelor' | 'master' | 'phd' | 'high_school',
    ) => index.search({ experience, education }, 1, 10, now).items.map((item) => item.uniqueCode);
    expect(codes('entry', 'all')).toEqual([entry.uniqueCode]);
    expect(codes('mid', 'all')).toEqual([mid.uniqueCode]);
    expect(codes('senior', 'phd')).toEqual([senior.uniqueCode]);
    expect(codes('all', 'master')).toEqual([mid.uniqueCode]);
    expect(codes('all', 'high_school')).toEqual([]);
  });

  it('pages a stable order and counts the total', () => {
    const index = new CandidateIndex();
    for (let i = 0; i < 25; i++) index.apply(candidate());
    const first = index.search(all, 1, 10, now);
    const third = index.search(all, 3, 10, now);
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    expect(third.items).toHaveLength(5);
    const codes = first.items.map((item) => item.uniqueCode);
    expect(codes).toEqual([...codes].sort());
  });

  it('moves a candidate with a current job into the next band as the years pass', () => {
    const index = new CandidateIndex();
    const growing = candidate({ experiences: [job('2024-01-01', null)] });
    index.apply(candidate({ experiences: [job('2010-01-01', '2020-01-01')] }));
    index.apply(growing);
    const codes = (band: 'entry' | 'mid', on: Date) =>
      index.search({ experience: band, education: 'all' }, 1, 10, on).items.map((item) => item.uniqueCode);
    expect(codes('entry', now)).toEqual([growing.uniqueCode]);
    expect(codes('mid', now)).toEqual([]);
    const later = new Date('2027-06-01T12:00:00Z');
    expect(codes('mid', later)).toEqual([growing.uniqueCode]);
    expect(codes('entry', later)).toEqual([]);
    // a change on that later day is counted on it
    index.apply({ ...growing, version: 2, experiences: [job('2027-01-01', null)] });
    expect(codes('entry', later)).toEqual([growing.uniqueCode]);
  });

  it('answers every page and total as a plain filter and sort of the searchable candidates would, through inserts, changes, pauses, blocks and preferences', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const skills = ['Go', 'Python', 'SQL', 'Rust', 'TypeScript'];
    const places = ['Berlin, Germany', 'London, UK', 'Paris, France'];
    const degrees = [
      'High School Diploma',
      "Bachelor's Degree",
      "Master's Degree",
      'Doctoral Degree',
      'Diploma',
    ];
    const starts = ['2025-09-01', '2022-03-01', '2012-01-01'];
    const viewer: Viewer = { employerId: 'e-1', companyKey: 'acme', domain: 'acme.example' };
    const preferenceDraws: JobPreferences[] = [
      { ...noPreferences, workModes: ['remote'] },
      { ...noPreferences, countries: ['FR', 'DE'] },
      { ...noPreferences, noticeWeeks: 6 },
      { ...noPreferences, minimumSalary: { amount: 80_000, currency: 'EUR' } },
    ];
    const positions: PositionTerms[] = [
      {
        workMode: 'hybrid',
        country: 'DE',
        salary: { min: 50_000, max: 70_000, currency: 'EUR' },
        startWithinWeeks: 4,
      },
      {
        workMode: 'remote',
        country: null,
        salary: { min: 90_000, max: 120_000, currency: 'EUR' },
        startWithinWeeks: null,
      },
      {
        workMode: 'on-site',
        country: 'FR',
        salary: { min: 40_000, max: 90_000, currency: 'USD' },
        startWithinWeeks: 8,
      },
    ];
    const index = new CandidateIndex();
    const latest = new Map<string, CandidateProjection>();
    const draw = (base: Partial<CandidateProjection> = {}) =>
      candidate({
        ...base,
        location: pick(places),
        skills: [{ name: pick(skills), proficiencyLevel: 'expert' }],
        experiences: random() < 0.2 ? [] : [job(pick(starts), random() < 0.5 ? null : '2026-01-01')],
        education: random() < 0.2 ? [] : [degree(pick(degrees))],
        paused: random() < 0.1,
        blockedCompanies: random() < 0.1 ? ['acme'] : [],
        preferences: random() < 0.4 ? pick(preferenceDraws) : noPreferences,
      });
    for (let round = 0; round < 60; round++) {
      for (let change = 0; change < 8; change++) {
        const known = [...latest.values()];
        const projection =
          known.length > 0 && random() < 0.5
            ? (() => {
                const earlier = pick(known);
                const { candidateId, uniqueCode, version } = earlier;
                return draw({ candidateId, uniqueCode, version: version + 1, searchable: random() > 0.1 });
              })()
            : draw();
        index.apply(projection);
        latest.set(projection.candidateId, projection);
      }
      const drawn = {
        experience: pick(['all', 'entry', 'mid', 'senior'] as const),
        education: pick(['all', 'high_school', 'bachelor', 'master', 'phd'] as const),
        skills: random() < 0.5 ? pick(skills).slice(0, 2).toLowerCase() : undefined,
        location: random() < 0.3 ? pick(places).slice(-3) : undefined,
        position: random() < 0.5 ? pick(positions) : undefined,
      };
      for (const filters of [all, drawn] as SearchFilters[]) {
        const blocked = random() < 0.5;
        const expected = [...latest.values()]
          .filter((p) => p.searchable && !p.paused && !(blocked && p.blockedCompanies.includes('acme')))
          .filter((p) => !filters.position || acceptsTerms(p.preferences, filters.position))
          .filter((p) => filters.education === 'all' || highestEducation(p.education) === filters.education)
          .filter((p) => {
            if (filters.experience === 'all') return true;
            return experienceBand(experienceYears(p.experiences, now)) === filters.experience;
          })
          .filter(
            (p) =>
              !filters.skills || p.skills.some((skill) => skill.name.toLowerCase().includes(filters.skills!)),
          )
          .filter(
            (p) => !filters.location || p.location.toLowerCase().includes(filters.location.toLowerCase()),
          )
          .map((p) => p.uniqueCode)
          .sort();
        const page = 1 + Math.floor(random() * 3);
        const found = index.search(filters, page, 4, now, blocked ? viewer : undefined);
        expect(found.total).toBe(expected.length);
        expect(found.items.map((item) => item.uniqueCode)).toEqual(expected.slice((page - 1) * 4, page * 4));
      }
    }
  });

  it('ignores older versions and drops candidates that stop being searchable', () => {
    const index = new CandidateIndex();
    const original = candidate({ version: 3 });
    index.apply(original);
    expect(index.apply({ ...original, version: 2, location: 'Old' })).toBe(false);
    index.apply({ ...original, version: 4, searchable: false });
    expect(index.get(original.candidateId)).toBeUndefined();
    expect(index.search(all, 1, 10, now).total).toBe(0);
    expect(index.apply({ ...original, version: 4 })).toBe(false);
    index.apply({ ...original, version: 5, location: 'Hamburg' });
    expect(index.get(original.candidateId)?.location).toBe('Hamburg');
    expect(index.search({ ...all, location: 'berlin' }, 1, 10, now).total).toBe(0);
  });

  it('shows location, age and gender from the groups of every searchable candidate, whatever the filter', () => {
    const index = new CandidateIndex();
    const berliners = Array.from({ length: 5 }, (_, i) =>
      candidate({
        gender: 'female',
        skills: [{ name: i === 0 ? 'Rust' : 'Go', proficiencyLevel: 'expert' }],
      }),
    );
    const rare = candidate({ location: 'Bremen, Germany', birthYear: 1950, gender: 'male' });
    for (const x of [...berliners, rare]) index.apply(x);
    const alike = { location: 'Berlin, Germany', ageBand: '35–39', gender: 'female' };
    const shown = (id: string) => index.shown(id, now);

    // a filter that leaves one Berliner (skill) or only the rare one (location) changes nothing shown
    const [onlyRust] = index.search({ ...all, skills: 'rust' }, 1, 10, now).items;
    expect(shown(onlyRust!.candidateId)).toEqual(alike);
    const [onlyBremen] = index.search({ ...all, location: 'bremen' }, 1, 10, now).items;
    expect(onlyBremen!.candidateId).toBe(rare.candidateId);
    expect(shown(rare.candidateId)).toEqual({ location: locationNotShown, ageBand: null, gender: null });
    expect(index.rungOf(berliners[0]!.candidateId, now)).toBe(0);

    // one Berliner suspended: the other four and the one from Bremen make five Germans
    index.apply({ ...berliners[4]!, version: 2, searchable: false });
    expect(shown(berliners[4]!.candidateId)).toBeUndefined();
    const german = { location: 'Germany', ageBand: null, gender: null };
    expect(shown(berliners[0]!.candidateId)).toEqual(german);
    expect(shown(rare.candidateId)).toEqual(german);
    // a change that keeps location, age and gender keeps the groups
    index.apply({ ...berliners[4]!, version: 3 });
    index.apply({ ...berliners[4]!, version: 4, skills: [] });
    expect(shown(berliners[0]!.candidateId)).toEqual(alike);
  });
});

describe('a search from a position', () => {
  const position: PositionTerms = {
    workMode: 'hybrid',
    country: 'DE',
    salary: { min: 60_000, max: 75_000, currency: 'EUR' },
    startWithinWeeks: 8,
  };
  const globex: Viewer = { employerId: 'e-globex', companyKey: 'globex', domain: 'globex.example' };
  const prefers = (preferences: Partial<JobPreferences>, overrides: Partial<CandidateProjection> = {}) =>
    candidate({ ...overrides, preferences: { ...noPreferences, ...preferences } });
  const codes = (found: { items: CandidateProjection[] }) => found.items.map((item) => item.uniqueCode);

  it('leaves out candidates whose preferences do not accept its terms, in the items and the total', () => {
    const index = new CandidateIndex();
    const none = candidate();
    const accepting = prefers({
      workModes: ['hybrid'],
      countries: ['DE'],
      noticeWeeks: 8,
      minimumSalary: { amount: 75_000, currency: 'EUR' },
    });
    const tooDear = prefers({ minimumSalary: { amount: 75_001, currency: 'EUR' } });
    const remoteOnly = prefers({ workModes: ['remote'] });
    const elsewhere = prefers({ countries: ['FR'] });
    const longNotice = prefers({ noticeWeeks: 12 });
    const otherCurrency = prefers({ minimumSalary: { amount: 200_000, currency: 'USD' } });
    const everyone = [none, accepting, tooDear, remoteOnly, elsewhere, longNotice, otherCurrency];
    for (const x of everyone) index.apply(x);
    const kept = [none, accepting, otherCurrency].map((x) => x.uniqueCode).sort();

    const found = index.search({ ...all, position }, 1, 10, now);
    expect(codes(found)).toEqual(kept);
    expect(found.total).toBe(3);
    // a page at a time, and with the other filters
    expect(codes(index.search({ ...all, position }, 2, 2, now))).toEqual(kept.slice(2));
    expect(index.search({ ...all, position, skills: 'typescript' }, 1, 10, now).total).toBe(3);
    expect(index.search({ ...all, position, location: 'munich' }, 1, 10, now).total).toBe(0);
    // without a position, everyone, as before
    expect(index.search(all, 1, 10, now).total).toBe(everyone.length);
    // a remote position open to any country: the one who works only remotely and the one in France are in,
    // the one who works only hybrid is out
    const remote = { ...position, workMode: 'remote', country: null } as const;
    expect(codes(index.search({ ...all, position: remote }, 1, 10, now))).toEqual(
      [none, remoteOnly, elsewhere, otherCurrency].map((x) => x.uniqueCode).sort(),
    );
  });

  it('is a filter only: the ranked order and every score stay as they were', () => {
    const index = new CandidateIndex();
    const levels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
    const people = levels.map((level, i) =>
      prefers(i % 2 === 0 ? {} : { workModes: i === 1 ? ['remote'] : ['hybrid'] }, {
        skills: [{ name: 'React', proficiencyLevel: level }],
      }),
    );
    for (const x of people) index.apply(x);
    const filters = { ...all, skills: 'react' };
    const without = index.search(filters, 1, 10, now);
    const within = index.search({ ...filters, position }, 1, 10, now);
    const left = people[1]!.candidateId;
    expect(within.items.map((item) => item.candidateId)).toEqual(
      without.items.map((item) => item.candidateId).filter((id) => id !== left),
    );
    for (const item of within.items)
      expect(within.fits.get(item.candidateId)).toEqual(without.fits.get(item.candidateId));
    expect(within.total).toBe(3);
  });

  it('counts a candidate who blocked the employer and does not accept the terms once, ranked or not', () => {
    const index = new CandidateIndex();
    const both = prefers({ workModes: ['remote'] }, { blockedCompanies: ['globex'] });
    const blockedOnly = candidate({ blockedCompanies: ['globex'] });
    const refusingOnly = prefers({ workModes: ['remote'] });
    const open = candidate();
    for (const x of [both, blockedOnly, refusingOnly, open]) index.apply(x);
    for (const filters of [
      { ...all, position },
      { ...all, position, skills: 'typescript' },
    ]) {
      const found = index.search(filters, 1, 10, now, globex);
      expect(found.total).toBe(1);
      expect(codes(found)).toEqual([open.uniqueCode]);
      expect(index.search(filters, 1, 10, now).total).toBe(2);
    }
  });

  it('follows a change of preferences at once, and forgets those who leave search', () => {
    const index = new CandidateIndex();
    const changing = prefers({ noticeWeeks: 12 });
    index.apply(changing);
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(0);
    index.apply({ ...changing, version: 2, preferences: { ...noPreferences, noticeWeeks: 4 } });
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(1);
    index.apply({ ...changing, version: 3, preferences: noPreferences });
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(1);
    index.apply({ ...changing, version: 4, preferences: { ...noPreferences, countries: ['FR'] } });
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(0);
    // paused, then back: still not accepting; paused and erased: gone from every count
    index.apply({
      ...changing,
      version: 5,
      preferences: { ...noPreferences, countries: ['FR'] },
      paused: true,
    });
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(0);
    expect(index.search(all, 1, 10, now).total).toBe(0);
    const other = candidate();
    index.apply(other);
    index.erase({ candidateId: changing.candidateId, ownerUserId: '11111111-1111-4111-8111-111111111111' });
    expect(index.search({ ...all, position }, 1, 10, now).total).toBe(1);
  });
});

describe("the candidate's visibility", () => {
  const globex: Viewer = { employerId: 'e-globex', companyKey: 'globex', domain: 'careers.globex.example' };
  const initech: Viewer = { employerId: 'e-initech', companyKey: 'initech', domain: 'initech.example' };

  it('takes a paused candidate out of search, detail and the groups at once, and keeps their owner', () => {
    const index = new CandidateIndex();
    const owner = '00000000-0000-4000-8000-0000000000aa';
    const paused = candidate({ ownerUserId: owner });
    index.apply(paused);
    index.apply({ ...paused, version: 2, paused: true });
    expect(index.get(paused.candidateId)).toBeUndefined();
    expect(index.shown(paused.candidateId, now)).toBeUndefined();
    expect(index.search(all, 1, 10, now).total).toBe(0);
    expect(index.candidateOfOwner(owner)).toBe(paused.candidateId);
    index.apply({ ...paused, version: 3, paused: false });
    expect(index.get(paused.candidateId)?.uniqueCode).toBe(paused.uniqueCode);
  });

  it('hides a candidate from a company they blocked, by name or by domain, in search, detail and counts', () => {
    const index = new CandidateIndex();
    const byName = candidate({ blockedCompanies: ['globex'] });
    const byDomain = candidate({ blockedDomains: ['globex.example'] });
    const open = candidate();
    for (const x of [byName, byDomain, open]) index.apply(x);

    const seen = index.search(all, 1, 10, now, globex);
    expect(seen.total).toBe(1);
    expect(seen.items.map((item) => item.candidateId)).toEqual([open.candidateId]);
    for (const hidden of [byName, byDomain]) {
      expect(index.get(hidden.candidateId, globex)).toBeUndefined();
      expect(index.shown(hidden.candidateId, now, globex)).toBeUndefined();
      expect(index.blocks(hidden.candidateId, globex)).toBe(true);
    }
    expect(index.search(all, 1, 10, now, initech).total).toBe(3);
    expect(index.blocks(byName.candidateId, initech)).toBe(false);

    // the block list is lifted: found again at once
    index.apply({ ...byName, version: 2, blockedCompanies: [] });
    expect(index.search(all, 1, 10, now, globex).total).toBe(2);
  });

  it('keeps a block when paused, so an approval can still be refused', () => {
    const index = new CandidateIndex();
    const blocking = candidate({ blockedCompanies: ['globex'] });
    index.apply(blocking);
    index.apply({ ...blocking, version: 2, paused: true });
    expect(index.blocks(blocking.candidateId, globex)).toBe(true);
  });

  it('shows other employers the same groups, and the blocked employer groups of at least five it can see', () => {
    const index = new CandidateIndex();
    // six women of the same age in Berlin, one of whom blocked Globex
    const berliners = Array.from({ length: 6 }, () => candidate({ gender: 'female' }));
    const blocking = { ...berliners[0]!, blockedCompanies: ['globex'] };
    for (const x of [blocking, ...berliners.slice(1)]) index.apply(x);
    const alike = { location: 'Berlin, Germany', ageBand: '35–39', gender: 'female' };

    for (const viewer of [undefined, initech]) {
      for (const berliner of berliners) expect(index.shown(berliner.candidateId, now, viewer)).toEqual(alike);
    }
    // Globex sees the five others, still a group of five: nothing reveals that a sixth exists
    for (const berliner of berliners.slice(1))
      expect(index.shown(berliner.candidateId, now, globex)).toEqual(alike);

    // with only five, the four Globex can see would be fewer than five alike: Globex sees them wider
    index.apply({ ...berliners[5]!, version: 2, searchable: false });
    for (const berliner of berliners.slice(0, 5))
      expect(index.shown(berliner.candidateId, now)).toEqual(alike);
    for (const berliner of berliners.slice(1, 5)) {
      expect(index.shown(berliner.candidateId, now, globex)).toEqual({
        location: locationNotShown,
        ageBand: null,
        gender: null,
      });
    }
  });
});

describe('an erased candidate', () => {
  const owner = '11111111-1111-4111-8111-111111111111';

  it('leaves search, details and the groups, and keeps only the owner link', () => {
    const index = new CandidateIndex();
    const erased = candidate({ ownerUserId: owner, blockedCompanies: ['acme'] });
    const other = candidate();
    index.apply(erased);
    index.apply(other);
    expect(index.erase({ candidateId: erased.candidateId, ownerUserId: owner })).toBe(true);
    expect(index.get(erased.candidateId)).toBeUndefined();
    expect(index.shown(erased.candidateId, now)).toBeUndefined();
    expect(index.search(all, 1, 10, now).items.map((item) => item.candidateId)).toEqual([other.candidateId]);
    expect(index.blocks(erased.candidateId, { employerId: owner, companyKey: 'acme', domain: null })).toBe(
      false,
    );
    expect(index.candidateOfOwner(owner)).toBe(erased.candidateId);
    expect(index.isErased(erased.candidateId)).toBe(true);
    // a profile event read again (a restart reads the topic from its start) never brings it back
    expect(index.apply({ ...erased, version: 9 })).toBe(false);
    expect(index.get(erased.candidateId)).toBeUndefined();
    expect(index.erase({ candidateId: erased.candidateId, ownerUserId: owner })).toBe(false);
  });

  it('is known by its marker alone, as after a restart on a compacted topic', () => {
    const index = new CandidateIndex();
    const candidateId = '22222222-2222-4222-8222-222222222222';
    index.erase({ candidateId, ownerUserId: owner });
    expect(index.candidateOfOwner(owner)).toBe(candidateId);
    expect(index.count()).toBe(0);
  });
});

describe('a ranked search keeps only the page it shows (top-k)', () => {
  const skillNames = ['React', 'React Native', 'Go', 'Python', 'SQL', 'PostgreSQL'];
  const searched = ['react', 'go', 'sql', 'python', 'native', 'rust'];
  const arbitrarySkill = fc.record({
    name: fc.constantFrom(...skillNames),
    proficiencyLevel: fc.constantFrom(...proficiencyLevels),
  });
  const arbitraryCandidate = fc.record({
    code: fc.integer({ min: 100000, max: 999999 }),
    // a few candidates with more skills than a row of `SkillRows` holds: scored from their projection
    skills: fc.oneof(
      { weight: 9, arbitrary: fc.array(arbitrarySkill, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(arbitrarySkill, { minLength: 15, maxLength: 20 }) },
    ),
    start: fc.constantFrom('2025-09-01', '2022-03-01', '2012-01-01', null),
    degree: fc.constantFrom(
      'High School Diploma',
      "Bachelor's Degree",
      "Master's Degree",
      'Doctoral Degree',
      null,
    ),
    blocks: fc.boolean(),
    paused: fc.boolean(),
    preferences: fc.constantFrom<JobPreferences>(
      noPreferences,
      { ...noPreferences, workModes: ['remote'] },
      { ...noPreferences, countries: ['FR'] },
      { ...noPreferences, minimumSalary: { amount: 80_000, currency: 'EUR' } },
    ),
  });
  const arbitrarySearch = fc.record({
    mustHave: fc.uniqueArray(fc.constantFrom(...searched), { maxLength: 2 }),
    niceToHave: fc.uniqueArray(fc.constantFrom(...searched), { maxLength: 3 }),
    levels: fc.option(
      fc.record({
        experience: fc.constantFrom('all', 'entry', 'mid', 'senior'),
        education: fc.constantFrom('all', 'high_school', 'bachelor', 'master', 'phd'),
      }),
    ),
    page: fc.integer({ min: 1, max: 6 }),
    limit: fc.integer({ min: 1, max: 7 }),
    blocked: fc.boolean(),
    position: fc.option(
      fc.constantFrom<PositionTerms>(
        {
          workMode: 'hybrid',
          country: 'DE',
          salary: { min: 50_000, max: 70_000, currency: 'EUR' },
          startWithinWeeks: 4,
        },
        {
          workMode: 'remote',
          country: null,
          salary: { min: 90_000, max: 120_000, currency: 'EUR' },
          startWithinWeeks: null,
        },
      ),
    ),
  });
  const viewer: Viewer = { employerId: 'e-1', companyKey: 'acme', domain: 'acme.example' };
  const termOf = (text: string): SkillTerm => ({ shown: text, text, alike: new Set([text]) });

  it('returns the same items, fits and total as scoring and sorting every matching candidate, for any page', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryCandidate, { selector: (drawn) => drawn.code, maxLength: 60 }),
        arbitrarySearch,
        (drawn, search) => {
          fc.pre(search.mustHave.length + search.niceToHave.length > 0);
          const index = new CandidateIndex();
          const projections = drawn.map((one) =>
            candidate({
              candidateId: `00000000-0000-4000-8000-${String(one.code).padStart(12, '0')}`,
              uniqueCode: `EM${one.code}`,
              skills: one.skills,
              experiences: one.start ? [job(one.start, null)] : [],
              education: one.degree ? [degree(one.degree)] : [],
              blockedCompanies: one.blocks ? ['acme'] : [],
              paused: one.paused,
              preferences: one.preferences,
            }),
          );
          for (const projection of projections) index.apply(projection);
          const mustHave = search.mustHave.map(termOf);
          const niceToHave = search.niceToHave.map(termOf);
          const levels = search.levels ?? undefined;
          const position = search.position ?? undefined;
          // the full sort: every searchable, visible, accepting candidate answering each must-have, scored and sorted
          const everyone = projections
            .filter((p) => !p.paused && !(search.blocked && p.blockedCompanies.includes('acme')))
            .filter((p) => !position || acceptsTerms(p.preferences, position))
            .filter((p) =>
              mustHave.every((term) => p.skills.some((skill) => answers(term, skill.name.toLowerCase()))),
            )
            .map((p) => ({
              projection: p,
              code: p.uniqueCode,
              fit: fitOf(
                p.skills,
                mustHave,
                niceToHave,
                levels && {
                  targets: levels,
                  candidate: {
                    experience: experienceBand(experienceYears(p.experiences, now)),
                    education: highestEducation(p.education),
                  },
                },
              ),
            }))
            .sort(byFit);
          const { page, limit } = search;
          const expected = everyone.slice((page - 1) * limit, page * limit);
          const found = index.search(
            {
              ...all,
              skills: search.mustHave.join(','),
              preferred: search.niceToHave.join(','),
              levels,
              position,
            },
            page,
            limit,
            now,
            search.blocked ? viewer : undefined,
          );
          expect(found.total).toBe(everyone.length);
          expect(found.items.map((item) => item.uniqueCode)).toEqual(expected.map((entry) => entry.code));
          expect(found.items.map((item) => found.fits.get(item.candidateId))).toEqual(
            expected.map((entry) => entry.fit as CandidateFit),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a ranked search that most candidates answer', () => {
  it('lets the process serve others while it scores them, and answers as the plain search does', async () => {
    const index = new CandidateIndex();
    const many = Array.from({ length: 45_000 }, (_, at) =>
      candidate({
        skills: [{ name: at % 2 ? 'Python' : 'Python 3', proficiencyLevel: proficiencyLevels[at % 4]! }],
      }),
    );
    for (const each of many) index.apply(each);
    const filters = { ...all, skills: 'python' };
    const expected = index.search(filters, 2, 12, now);
    expect(expected.total).toBe(45_000);

    // another request's work, waiting for its turn: it runs only when the search lets it
    let served = 0;
    let done = false;
    const serve = () => {
      if (done) return;
      served += 1;
      // a candidate leaves search meanwhile: passed over if not met yet, never an error
      if (served === 1) index.apply({ ...many[44_999]!, version: 2, paused: true });
      setImmediate(serve);
    };
    setImmediate(serve);
    const page = await index.searchYielding(filters, 2, 12, now);
    done = true;
    expect(served).toBeGreaterThanOrEqual(2);
    expect(page.items.map((item) => item.uniqueCode)).toEqual(expected.items.map((item) => item.uniqueCode));
    expect(page.total).toBeGreaterThanOrEqual(44_999);
  });

  it("counts a new day's experience bands letting others in, and counts again who changed meanwhile", async () => {
    const index = new CandidateIndex();
    const many = Array.from({ length: 45_000 }, () => candidate({ experiences: [] }));
    for (const each of many) index.apply(each);
    let served = 0;
    let done = false;
    const serve = () => {
      if (done) return;
      served += 1;
      // the first candidate, counted before the first pause, takes a job of ten years meanwhile
      if (served === 1) index.apply({ ...many[0]!, version: 2, experiences: [job('2016-01-01', null)] });
      setImmediate(serve);
    };
    setImmediate(serve);
    const page = await index.searchYielding({ ...all, experience: 'senior' }, 1, 12, now);
    done = true;
    expect(served).toBeGreaterThanOrEqual(2);
    expect(page.items.map((item) => item.uniqueCode)).toEqual([many[0]!.uniqueCode]);
    expect(index.search({ ...all, experience: 'entry' }, 1, 12, now).total).toBe(44_999);
  });
});
