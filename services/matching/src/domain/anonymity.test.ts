import { ageBandOf, genders, locationNotShown } from '@meritmatch/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnonymityGroups,
  describeRung,
  ladder,
  minimumGroupSize,
  normaliseLocation,
  regionOf,
  type ShownTraits,
  type Traits,
} from './anonymity';

const now = new Date('2026-06-01T12:00:00Z');
/** Someone who turns `age` this year. */
const bornFor = (age: number) => now.getUTCFullYear() - age;
const person = (location: string, age: number | null, gender: Traits['gender'] = 'female'): Traits => ({
  location,
  birthYear: age === null ? null : bornFor(age),
  gender,
});

/** Counts everyone, and answers what each of them is shown as, in the order given. */
function shownAll(people: Traits[], groups = new AnonymityGroups()) {
  const cells = people.map((traits) => groups.add(traits));
  return { groups, cells, shown: cells.map((cell) => groups.shown(cell, now)) };
}

const nothingShown: ShownTraits = { location: locationNotShown, ageBand: null, gender: null };

describe('locations for grouping', () => {
  it('ignore case, accents, spacing and punctuation', () => {
    const forms = [
      'Zürich, Switzerland',
      'zurich switzerland',
      '  ZURICH ,  Switzerland.',
      'Zurich - Switzerland',
    ];
    expect(new Set(forms.map(normaliseLocation))).toEqual(new Set(['zurich switzerland']));
    expect(normaliseLocation('St. Gallen')).toBe(normaliseLocation('St Gallen'));
  });

  it('widen to their last comma-separated part', () => {
    expect(regionOf('Tromsø, Norway')).toBe('Norway');
    expect(regionOf('Austin, TX, USA ')).toBe('USA');
    expect(regionOf('Remote')).toBe('Remote');
    expect(regionOf('Oslo,')).toBe('Oslo');
  });
});

describe('the generalisation ladder', () => {
  it('widens the age band first, then withholds the gender, then widens the place', () => {
    expect(ladder.map(describeRung)).toEqual([
      'place, 5-year band, gender',
      'place, 10-year band, gender',
      'place, 20-year band, gender',
      'place, no age, gender',
      'place, no age, no gender',
      'country or region, 5-year band, gender',
      'country or region, 10-year band, gender',
      'country or region, 20-year band, gender',
      'country or region, no age, gender',
      'country or region, no age, no gender',
      'no place, 5-year band, gender',
      'no place, 10-year band, gender',
      'no place, 20-year band, gender',
      'no place, no age, gender',
      'no place, no age, no gender',
    ]);
    expect(minimumGroupSize).toBe(5);
  });

  it('shows five alike as they are, with one spelling of their place', () => {
    const { shown } = shownAll([
      person('Oslo, Norway', 36),
      person('oslo norway', 37),
      person('OSLO ,  Norway', 38),
      person('Oslo, Norway', 39),
      person('Oslo,   Norway', 35),
    ]);
    expect(new Set(shown.map((s) => JSON.stringify(s)))).toEqual(
      new Set([JSON.stringify({ location: 'Oslo, Norway', ageBand: '35–39', gender: 'female' })]),
    );
  });

  it('widens the age band until five share it', () => {
    const ten = shownAll([36, 38, 41, 43, 44].map((age) => person('Oslo, Norway', age)));
    expect(ten.shown.map((s) => s.ageBand)).toEqual(Array(5).fill('35–44'));
    const twenty = shownAll([36, 38, 41, 47, 52].map((age) => person('Oslo, Norway', age)));
    expect(twenty.shown.map((s) => s.ageBand)).toEqual(Array(5).fill('35–54'));
    const none = shownAll([22, 38, 41, 47, 61].map((age) => person('Oslo, Norway', age)));
    expect(none.shown).toEqual(Array(5).fill({ location: 'Oslo, Norway', ageBand: null, gender: 'female' }));
  });

  it('then withholds the gender', () => {
    const { shown } = shownAll([
      person('Oslo, Norway', 36, 'female'),
      person('Oslo, Norway', 36, 'female'),
      person('Oslo, Norway', 36, 'male'),
      person('Oslo, Norway', 36, 'non-binary'),
      person('Oslo, Norway', 36, null),
    ]);
    expect(shown).toEqual(Array(5).fill({ location: 'Oslo, Norway', ageBand: null, gender: null }));
  });

  it('then shows the country, with the age and gender narrow again', () => {
    const { shown } = shownAll([
      person('Bergen, Norway', 36),
      person('Bergen, Norway', 37),
      person('Tromsø, Norway', 38),
      person('Tromso, NORWAY', 36),
      person('Norway', 39),
    ]);
    expect(shown).toEqual(Array(5).fill({ location: 'Norway', ageBand: '35–39', gender: 'female' }));
  });

  it('then no place; and shows nothing of someone alike no one', () => {
    const { shown } = shownAll([
      person('Lima, Peru', 36),
      person('Quito, Ecuador', 36),
      person('Oslo, Norway', 37),
      person('Accra, Ghana', 38),
      person('Remote', 39),
      person('Hanoi, Vietnam', 70, 'male'),
    ]);
    expect(shown.slice(0, 5)).toEqual(
      Array(5).fill({ location: locationNotShown, ageBand: '35–39', gender: 'female' }),
    );
    expect(shown[5]).toEqual(nothingShown);
  });

  it('keeps a group of five even when a rare neighbour has to climb on its own', () => {
    const { shown } = shownAll([
      ...[31, 31, 32, 33, 34].map((age) => person('Oslo, Norway', age)),
      person('Oslo, Norway', 58),
    ]);
    expect(shown.slice(0, 5).every((s) => s.ageBand === '30–34')).toBe(true);
    // the rare one does not join the five (that would tell the five apart from it)
    expect(shown[5]).toEqual(nothingShown);
  });

  it('shows no age for an unknown birth year', () => {
    const { shown } = shownAll(Array.from({ length: 5 }, () => person('Oslo, Norway', null)));
    expect(shown).toEqual(Array(5).fill({ location: 'Oslo, Norway', ageBand: null, gender: 'female' }));
  });

  it('follows candidates coming and going, and the new year', () => {
    const groups = new AnonymityGroups();
    const five = [35, 36, 37, 38, 39].map((age) => person('Oslo, Norway', age));
    const cells = five.map((traits) => groups.add(traits));
    expect(groups.shown(cells[0]!, now).ageBand).toBe('35–39');
    groups.remove(five[4]!);
    expect(groups.shown(cells[0]!, now)).toEqual(nothingShown);
    groups.add(five[4]!);
    expect(groups.shown(cells[0]!, now).location).toBe('Oslo, Norway');
    // a year on, the one born for 39 turns 40 and the five no longer share a 5-year band
    const nextYear = new Date('2027-01-01T00:00:00Z');
    expect(groups.shown(cells[0]!, nextYear).ageBand).toBe('35–44');
  });
});

const places = [
  'Oslo, Norway',
  'oslo,norway',
  'Bergen, Norway',
  'Lima, Peru',
  'Cusco, Peru',
  'Remote',
  'Zürich, CH',
  'Zurich , ch',
];
const arbitraryPerson = fc.record({
  location: fc.constantFrom(...places),
  birthYear: fc.option(fc.integer({ min: bornFor(75), max: bornFor(16) }), { freq: 20 }),
  gender: fc.option(fc.constantFrom(...genders), { freq: 10 }),
});

describe('on any population', () => {
  it('every combination shown is shared by at least five shown alike, and every one is true', () => {
    fc.assert(
      fc.property(fc.array(arbitraryPerson, { maxLength: 400, size: 'max' }), (people) => {
        const { shown } = shownAll(people);
        const sharing = new Map<string, number>();
        for (const s of shown) sharing.set(JSON.stringify(s), (sharing.get(JSON.stringify(s)) ?? 0) + 1);
        for (const [combination, count] of sharing) {
          if (combination !== JSON.stringify(nothingShown))
            expect(count, combination).toBeGreaterThanOrEqual(5);
        }
        for (const [index, s] of shown.entries()) {
          const real = people[index]!;
          if (s.gender !== null) expect(s.gender).toBe(real.gender);
          if (s.ageBand !== null) {
            const age = now.getUTCFullYear() - real.birthYear!;
            expect(([5, 10, 20] as const).map((width) => ageBandOf(age, width))).toContain(s.ageBand);
          }
          if (s.location !== locationNotShown) {
            expect([normaliseLocation(real.location), normaliseLocation(regionOf(real.location))]).toContain(
              normaliseLocation(s.location),
            );
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
