import type { Logger } from '../core/logger';

/**
 * What a process counting limits in the store runs beside them: a sweep of ended windows every
 * minute, and a warning when the store fails, at most once a minute (a failing store fails every
 * hit). `stop` ends the sweeps.
 */
export function limitUpkeep(logger: Logger, what: string, sweep: () => Promise<void>) {
  const timer = setInterval(() => {
    sweep().catch((error: Error) => logger.warn({ err: error }, `could not sweep old ${what} windows`));
  }, 60000);
  let warnedAt = 0;
  return {
    onStoreError: (error: unknown) => {
      if (Date.now() - warnedAt < 60000) return;
      warnedAt = Date.now();
      logger.warn(
        { err: error },
        `${what} store failed: counting in memory where a limit can, until it answers`,
      );
    },
    stop: () => clearInterval(timer),
  };
}
