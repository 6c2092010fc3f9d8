export type EventuallyOptions = {
  timeoutMs?: number;
  intervalMs?: number;
  /** The state waited for, named: the failure says it was not met. */
  what?: string;
  /**
   * What the test can see of the system while it waits: printed every `reportEveryMs` while it
   * waits long, and in the failure, so that a run that fails says what it saw last.
   */
  seen?: () => unknown | Promise<unknown>;
  reportEveryMs?: number;
};

const describeSeen = async (seen: EventuallyOptions['seen']) => {
  if (!seen) return '';
  try {
    return JSON.stringify(await seen());
  } catch (error) {
    return `(could not look: ${error instanceof Error ? error.message : String(error)})`;
  }
};

/** Retries `probe` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  {
    timeoutMs = 15000,
    intervalMs = 100,
    what = 'condition',
    seen,
    reportEveryMs = 10000,
  }: EventuallyOptions = {},
): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let lastError: unknown;
  let reportAt = started + reportEveryMs;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      lastError = error;
    }
    if (seen && Date.now() >= reportAt) {
      reportAt += reportEveryMs;
      process.stdout.write(
        `[waiting ${Math.round((Date.now() - started) / 1000)} s for ${what}] ${await describeSeen(seen)}\n`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const suffix = lastError instanceof Error ? `: ${lastError.message}` : '';
  const last = seen ? `; last seen: ${await describeSeen(seen)}` : '';
  throw new Error(`${what} not met within ${timeoutMs} ms${suffix}${last}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
