/** A small seeded generator (mulberry32): the same data every run (the demo's, the benchmarks'). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], count: number) => {
    const pool = [...items];
    return Array.from(
      { length: Math.min(count, pool.length) },
      () => pool.splice(Math.floor(next() * pool.length), 1)[0]!,
    );
  };
  return { next, int, pick, sample };
}

export type Random = ReturnType<typeof seededRandom>;
