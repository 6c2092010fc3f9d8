/**
 * One line of the suite's table: what was measured (`figure`), what it was measured against
 * in the same run (`peer`, a peer implementation or a limit), their ratio, the target and
 * whether it was met. `met` is undefined when a row only reports (no target).
 */
export type Outcome = {
  case: string;
  size: string;
  figure: string;
  peer: string;
  ratio: string;
  target: string;
  met?: boolean;
};

export type CaseOptions = {
  /** The short run: smaller sizes, fewer samples, shorter load steps (the whole suite in under 5 minutes). */
  quick: boolean;
};

/** A benchmark case of the suite: it measures its figures and their peers and answers table rows. */
export type BenchCase = (options: CaseOptions) => Promise<Outcome[]>;

export const ratio = (figure: number, peer: number) =>
  Number.isFinite(figure / peer) ? `${(figure / peer).toFixed(2)}x` : 'n/a';

/** A figure that must be at least `share` of its peer's (throughput). */
export function atLeast(
  base: Omit<Outcome, 'ratio' | 'target' | 'met'>,
  figure: number,
  peer: number,
  share: number,
): Outcome {
  return { ...base, ratio: ratio(figure, peer), target: `>= ${share}x`, met: figure >= share * peer };
}

/** A figure that must be at most `times` its peer's (latency, size). */
export function atMost(
  base: Omit<Outcome, 'ratio' | 'target' | 'met'>,
  figure: number,
  peer: number,
  times: number,
): Outcome {
  return { ...base, ratio: ratio(figure, peer), target: `<= ${times}x`, met: figure <= times * peer };
}
