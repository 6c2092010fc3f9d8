import type { Logger } from '@meritmatch/service-kit';

export type AddressRuleSweepsDeps = {
  /** The admin's "Only confirmed addresses…" as this process knows it now. */
  rule: () => boolean;
  /** The user ids of unconfirmed job seekers whose profile was written under the other setting. */
  unconfirmedOffRule: (rule: boolean) => Promise<string[]>;
  /** Applies the rule to one profile: written, with its projection, only if its stored state differs. */
  applyRule: (userId: string, rule: boolean) => Promise<unknown>;
  logger: Logger;
  /** The first pause before a failed sweep is tried again (it doubles, up to a minute). */
  retryMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings the profiles of unconfirmed job seekers in line with the admin's rule when it changes,
 * so that they leave search (or come back) without waiting for a change of their own. In the
 * background, one sweep at a time in a process: once the settings topic is read (the rule may have
 * changed while the process was down), then after every change; a change during a sweep ends it
 * and starts one with the newest rule. Every instance sweeps, which is harmless: a profile whose
 * stored state already follows the rule is not written again.
 */
export function createAddressRuleSweeps({
  rule,
  unconfirmedOffRule,
  applyRule,
  logger,
  retryMs = 5000,
}: AddressRuleSweepsDeps) {
  let open = false;
  let stopped = false;
  /** The rule the last complete sweep applied; none before the first. */
  let swept: boolean | undefined;
  let running: Promise<void> | undefined;

  /** One pass; false when it was cut short (a newer rule, a stop) or a profile failed. */
  async function sweep(target: boolean) {
    const userIds = await unconfirmedOffRule(target);
    let failed = 0;
    for (const userId of userIds) {
      if (stopped || rule() !== target) return false;
      try {
        await applyRule(userId, target);
      } catch (error) {
        failed += 1;
        logger.warn({ err: error, userId }, 'a profile could not follow the rule on unconfirmed addresses');
      }
    }
    logger.info(
      { confirmedAddressesOnly: target, profiles: userIds.length, failed },
      'unconfirmed job seekers follow the rule on unconfirmed addresses',
    );
    return failed === 0;
  }

  async function run() {
    let pause = retryMs;
    while (!stopped && rule() !== swept) {
      const target = rule();
      const complete = await sweep(target).catch((error: unknown) => {
        logger.warn({ err: error }, 'the sweep for the rule on unconfirmed addresses failed; trying again');
        return false;
      });
      if (complete) {
        swept = target;
        pause = retryMs;
      } else if (!stopped && rule() === target) {
        // a failure, not a newer rule: try again after a pause
        await sleep(pause);
        pause = Math.min(pause * 2, 60_000);
      }
    }
  }

  const request = () => {
    if (!open || stopped || running) return;
    running = run().finally(() => {
      running = undefined;
      // a change applied while the last pass was ending
      if (rule() !== swept) request();
    });
  };

  return {
    /** Starts sweeping once `read` (the settings topic caught up, asked again until it did) says so. */
    async startOnceRead(read: () => Promise<boolean>) {
      while (!stopped && !(await read())) {
        // still reading (or Kafka is down): ask again
      }
      open = true;
      request();
    },
    /** Settings were applied: sweeps when the rule is not the one last swept. */
    settingsApplied: request,
    /** Resolves when no sweep is running (tests). */
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
    },
  };
}

export type AddressRuleSweeps = ReturnType<typeof createAddressRuleSweeps>;
