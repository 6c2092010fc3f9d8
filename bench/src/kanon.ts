import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ageOn, type CandidateProjection, locationNotShown } from '@meritmatch/contracts';
import { seedDemo } from '@meritmatch/infra/demo';
import {
  AnonymityGroups,
  describeRung,
  ladder,
  minimumGroupSize,
  type Traits,
} from '@meritmatch/matching/anonymity';
import { CandidateIndex } from '@meritmatch/matching/candidate-index';
import { generatePeople } from './generated-candidates';
import { printTable, saveResult } from './report';
import { type BenchCase, ratio } from './suite/outcome';
import { ms, seededRandom, summary } from './support';

type Gender = CandidateProjection['gender'];
type Person = { location: string; dateOfBirth: string; gender: Gender };

/**
 * The job seekers `npm start -- --demo` creates, from the demo's own seeded generator
 * (`infra/src/demo.ts`) without running the product: the seeder talks to a recorder that
 * answers its calls and keeps each profile's location, birth date and gender. The two seekers
 * the demo suspends and deletes and the one it pauses are left out (they are not searchable).
 */
async function demoPeople(): Promise<Person[]> {
  const profiles = new Map<string, Person>();
  const notSearchable = new Set<string>();
  const realFetch = globalThis.fetch;
  let signIns = 0;
  const answer = (status: number, body: unknown = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const recorder = async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
    // the first sign-in asks whether the demo data is there already: it is not
    if (path === '/auth/login') return signIns++ === 0 ? answer(401) : answer(200, { token: 'admin' });
    if (path === '/auth/register') {
      const id = randomUUID();
      return answer(201, { user: { id }, token: id });
    }
    if (path === '/job-seeker/profile') {
      profiles.set(token, {
        location: body.location,
        dateOfBirth: body.dateOfBirth,
        gender: body.gender || null,
      });
      return answer(201, { profile: { id: randomUUID(), unique_code: 'EM000000' } });
    }
    if (path === '/employer/request-candidate') return answer(201, { request: { id: randomUUID() } });
    if (path === '/job-seeker/settings' && body.paused) notSearchable.add(token);
    const status = /^\/admin\/users\/([^/]+)\/status$/.exec(path);
    if (status) notSearchable.add(status[1]!);
    return answer(200);
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'kanon-demo-'));
  globalThis.fetch = recorder as typeof fetch;
  try {
    await seedDemo({
      api: 'http://demo.invalid/api',
      admin: { email: 'admin@demo.invalid', password: '-' },
      dataDir,
    });
  } finally {
    globalThis.fetch = realFetch;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [...profiles].filter(([userId]) => !notSearchable.has(userId)).map(([, person]) => person);
}

/** 10,000 generated candidates (the search benchmark's), with genders drawn apart so those stay the same. */
function generatedPeople(count: number): Person[] {
  const random = seededRandom(7);
  const genderOf = (): Gender => {
    const draw = random.next();
    if (draw < 0.48) return 'female';
    if (draw < 0.96) return 'male';
    if (draw < 0.97) return 'non-binary';
    if (draw < 0.98) return 'prefer-not-to-say';
    if (draw < 0.985) return 'other';
    return null;
  };
  return generatePeople(count).map(({ projection, dateOfBirth }) => ({
    location: projection.location,
    dateOfBirth,
    gender: genderOf(),
  }));
}

const traitsOf = (person: Person): Traits => ({
  location: person.location,
  birthYear: Number(person.dateOfBirth.slice(0, 4)),
  gender: person.gender,
});

/** Sizes of the groups of equal keys, and what they say about being singled out. */
function sharing(keys: string[]) {
  const sizes = new Map<string, number>();
  for (const key of keys) sizes.set(key, (sizes.get(key) ?? 0) + 1);
  const sizeOf = keys.map((key) => sizes.get(key)!);
  return {
    combinations: sizes.size,
    smallest: Math.min(...sizes.values()),
    alone: sizeOf.filter((size) => size === 1).length,
    belowK: sizeOf.filter((size) => size < minimumGroupSize).length,
  };
}

function measurePrivacy(population: string, people: Person[], now: Date) {
  // before: the place as typed, the exact age and the gender, as employers saw them
  const before = sharing(
    people.map((person) => JSON.stringify([person.location, ageOn(person.dateOfBirth, now), person.gender])),
  );
  const groups = new AnonymityGroups();
  const cells = people.map((person) => groups.add(traitsOf(person)));
  const shown = cells.map((cell) => JSON.stringify(groups.shown(cell, now)));
  const rungs = cells.map((cell) => groups.rungOf(cell, now));
  const nothing = JSON.stringify({ location: locationNotShown, ageBand: null, gender: null });
  const visible = shown.filter((combination) => combination !== nothing);
  const after = sharing(visible);
  const perRung = ladder.map((rung, index) => ({
    population,
    rung: `${index + 1}. ${describeRung(rung)}`,
    candidates: rungs.filter((r) => r === index).length,
  }));
  const row = (when: string, stats: ReturnType<typeof sharing>, generalised: string, hidden: string) => ({
    population,
    shown: when,
    candidates: people.length,
    combinations: stats.combinations,
    'smallest group': stats.smallest,
    'alone (1)': stats.alone,
    [`in groups < ${minimumGroupSize}`]: stats.belowK,
    generalised,
    'nothing shown': hidden,
  });
  const generalised = rungs.filter((rung) => rung > 0).length;
  const hidden = people.length - visible.length;
  const percent = (n: number) => `${n} (${((100 * n) / people.length).toFixed(0)}%)`;
  return {
    rows: [
      row('before: place, exact age, gender', before, '-', '-'),
      row(`after: k = ${minimumGroupSize} ladder`, after, percent(generalised), percent(hidden)),
    ],
    perRung: perRung.filter((entry) => entry.candidates > 0),
    result: { population, candidates: people.length, before, after, generalised, hidden, perRung },
  };
}

/** What keeping the groups costs: counting, computing the ladder, recomputing after a change, and a page of search. */
function measureCost(count: number, now: Date, samples: number) {
  const people = generatePeople(count);
  const counting: number[] = [];
  const computing: number[] = [];
  for (let run = 0; run < 5; run++) {
    const groups = new AnonymityGroups();
    let begin = performance.now();
    const cells = people.map(({ projection }) => groups.add(projection));
    counting.push(performance.now() - begin);
    begin = performance.now();
    groups.shown(cells[0]!, now);
    computing.push(performance.now() - begin);
  }

  const index = new CandidateIndex();
  for (const { projection } of people) index.apply(projection);
  index.shown(people[0]!.projection.candidateId, now);
  // one candidate moves (a new place), then a card is shown: the ladder is recomputed
  const recompute: number[] = [];
  for (let i = 0; i < samples; i++) {
    const { projection } = people[(i * 7919) % count]!;
    const moved = {
      ...projection,
      version: projection.version + 1 + i,
      location: `Moved ${i % 50}, Nowhere`,
    };
    const begin = performance.now();
    index.apply(moved);
    index.shown(moved.candidateId, now);
    recompute.push(performance.now() - begin);
  }

  // a page of the unfiltered search, with and without the shown traits of its twelve cards
  const all = { experience: 'all', education: 'all' } as const;
  const bare: number[] = [];
  const withShown: number[] = [];
  for (let i = 0; i < samples; i++) {
    const page = 1 + (i % 20);
    let begin = performance.now();
    index.search(all, page, 12, now);
    bare.push(performance.now() - begin);
    begin = performance.now();
    for (const item of index.search(all, page, 12, now).items) index.shown(item.candidateId, now);
    withShown.push(performance.now() - begin);
  }
  const row = (measure: string, values: number[]) => {
    const stats = summary(values);
    return { candidates: count, measure, samples: values.length, p50: ms(stats.p50), p95: ms(stats.p95) };
  };
  return [
    row('count every candidate into the groups', counting),
    row('compute the ladder (first read after counting)', computing),
    row('one candidate moves, then the next read (recompute)', recompute),
    row('search page of 12, without shown traits', bare),
    row('search page of 12, with shown traits', withShown),
  ];
}

/**
 * Who can be singled out by location, age and gender, before (the place as typed, the exact
 * age and the gender) and after the k = 5 ladder, on the demo data and on 10,000 generated
 * candidates; and what the groups cost at 10,000 and 100,000 candidates (after a warm-up).
 * In process.
 * `BENCH_SIZES` (cost, default 10000,100000), `BENCH_SAMPLES` (default 200).
 */
export const kanonBench: BenchCase = async ({ quick }) => {
  const now = new Date();
  const sizes = (process.env.BENCH_SIZES ?? (quick ? '10000' : '10000,100000')).split(',').map(Number);
  const samples = Number(process.env.BENCH_SAMPLES ?? (quick ? 50 : 200));
  const demo = measurePrivacy('demo (npm start -- --demo)', await demoPeople(), now);
  const generated = measurePrivacy('10,000 generated', generatedPeople(10000), now);
  printTable(
    `Who can be singled out by location, age and gender (k = ${minimumGroupSize}, ${now.toISOString().slice(0, 10)}); after: "nothing shown" left out of the groups`,
    [...demo.rows, ...generated.rows],
  );
  printTable('Rung each candidate is shown at', [...demo.perRung, ...generated.perRung]);
  measureCost(1000, now, 20); // warm-up, not reported
  const cost = sizes.flatMap((size) => measureCost(size, now, samples));
  printTable('What the groups cost (in process)', cost);
  process.stdout.write(
    `saved ${saveResult('kanon', { date: now.toISOString(), privacy: [demo.result, generated.result], cost })}\n`,
  );
  const largest = Math.max(...sizes);
  const p95Of = (measure: string) =>
    Number.parseFloat(String(cost.find((row) => row.candidates === largest && row.measure === measure)?.p95));
  const shown = p95Of('search page of 12, with shown traits');
  const bare = p95Of('search page of 12, without shown traits');
  return [
    {
      case: 'anonymity groups: search page with shown traits',
      size: `${largest.toLocaleString('en')} candidates`,
      figure: `p95 ${ms(shown)}`,
      peer: `without ${ms(bare)}`,
      ratio: ratio(shown, bare),
      target: 'report',
    },
  ];
};
