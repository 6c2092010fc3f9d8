import {
  type EmailKind,
  emailConfirmationLinkHours,
  emailKindInfo,
  passwordResetLinkMinutes,
  requestPositionText,
  type TemplatePlaceholder,
} from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  isTransient,
  type Logger,
  systemClock,
} from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { DeliveryData } from '../data/deliveries';
import {
  claim,
  type Delivery,
  defer,
  interrupted,
  markSent,
  park,
  type RetryPolicy,
  sendFailed,
  skip,
} from '../domain/delivery';
import { candidateListText } from '../domain/notification-rules';
import { type EmailPreferences, wants } from '../domain/preferences';
import { classifySendFailure, type Mailer } from '../mail/smtp';
import type { Settings } from './settings';
import { renderFor, type StoredTemplate } from './templates';

/** Who receives a delivery, and what its template may be filled with. */
type Target = {
  userId: string;
  email: string;
  status: 'active' | 'suspended' | 'deleted';
  values: Partial<Record<TemplatePlaceholder, string>>;
};

export type SenderDeps = {
  /** The web app's address: a reset link opens its `/reset-password` page. */
  appUrl: string;
  deliveries: Pick<DeliveryData, 'store' | 'due' | 'stale' | 'count' | 'reconcile'>;
  preferences: AggregateStore<EmailPreferences>;
  templates: { get: (kind: EmailKind) => Promise<StoredTemplate> };
  settings: Pick<Settings, 'get'>;
  owners: Owners;
  mailer: Mailer;
  policy: RetryPolicy;
  logger: Logger;
  /** How often due deliveries are looked for (new ones wake the sender at once). */
  pollMs: number;
  /** A claim older than this is a sender that stopped mid-send (longer than any SMTP time-out). */
  leaseMs: number;
  /** How often stopped sends are looked for and the gauges refreshed (30 s unless told). */
  sweepMs?: number;
  outcome: (kind: EmailKind, outcome: 'sent' | 'skipped' | 'retried' | 'deferred' | 'parked') => void;
  counts: (parked: number, pending: number) => void;
  clock?: Clock;
};

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends due deliveries, each at most once:
 * 1. the recipient's address and the names the template needs are asked from their owners
 *    (an owner that cannot be asked: the delivery waits, nothing is lost);
 * 2. the recipient's settings and account status decide whether it goes at all;
 * 3. the delivery is claimed (`sending`, written before the mail server is asked; the store's
 *    guard lets one sender of any process win);
 * 4. the mail server is asked, and the outcome recorded: `sent`, or tried again later, or parked.
 * A sender that stops between 3 and 4 leaves the delivery `sending`; the sweep parks it rather
 * than send it again, since the server may have taken it (the at-most-once choice).
 */
export function createSender(deps: SenderDeps) {
  const { deliveries, owners, mailer, policy, logger, appUrl, clock = systemClock } = deps;
  const log = logger.child({ component: 'sender' });

  /** Applies one step of the delivery's state machine; answers the new state, or null if it did not apply. */
  async function step(id: string, next: (current: Delivery) => Delivery | null): Promise<Delivery | null> {
    let applied: Delivery | null = null;
    await deliveries.store.change(id, (current) => {
      applied = next(current);
      return applied ? { next: applied, events: [] } : { next: current, events: [] };
    });
    return applied;
  }

  /**
   * The values of a delivery's link: a link's token is asked from auth as the e-mail goes (it
   * is kept nowhere here); 'gone' once the link was used, has expired, or is not needed any more
   * (the address was confirmed meanwhile). A change of address goes elsewhere than the account's
   * address: its link to the new address (`to`), the notice of the change to the old one.
   */
  async function linkValues(delivery: Delivery): Promise<{ values: Target['values']; to?: string } | 'gone'> {
    const { linkId } = delivery.facts;
    if (!linkId) return { values: {} };
    if (delivery.kind === 'account.email-changed') {
      const change = await owners.emailChange(linkId);
      return change ? { values: {}, to: change.previousEmail } : 'gone';
    }
    const linked =
      delivery.kind === 'account.password-reset' ||
      delivery.kind === 'account.email-confirmation' ||
      delivery.kind === 'account.email-change';
    if (!linked) return { values: {} };
    const link = await owners.accountLink(linkId);
    if (!link) return 'gone';
    const token = encodeURIComponent(link.token);
    if (delivery.kind === 'account.password-reset') {
      return {
        values: {
          resetLink: `${appUrl}/reset-password?token=${token}`,
          linkValidMinutes: String(passwordResetLinkMinutes),
        },
      };
    }
    const values = {
      confirmLink: `${appUrl}/confirm-email?token=${token}`,
      linkValidHours: String(emailConfirmationLinkHours),
    };
    if (delivery.kind === 'account.email-change') return link.sendTo ? { values, to: link.sendTo } : 'gone';
    return { values };
  }

  async function resolve(delivery: Delivery): Promise<Target | 'search-gone' | undefined> {
    const needs: readonly TemplatePlaceholder[] = emailKindInfo[delivery.kind].placeholders;
    let userId: string;
    let candidateName: string | undefined;
    if (delivery.recipient.type === 'candidate') {
      const candidate = await owners.candidate(delivery.recipient.candidateId);
      if (!candidate) return undefined;
      userId = candidate.user_id;
      // the service lookup always carries the name (only admin lookups leave it out unasked)
      candidateName = candidate.full_name ?? undefined;
    } else {
      userId = delivery.recipient.userId;
    }
    const user = await owners.user(userId);
    if (!user) return undefined;
    const { facts } = delivery;
    let companyName = facts.companyName;
    if (companyName === undefined && facts.employerId && needs.includes('companyName')) {
      companyName = (await owners.company(facts.employerId))?.company_name;
    }
    // a digest's saved search is named by matching as the e-mail goes: a deleted one sends nothing
    let searchName: string | undefined;
    if (facts.savedSearchId) {
      searchName = await owners.savedSearchName(facts.savedSearchId);
      if (searchName === undefined) return 'search-gone' as const;
    }
    // the message and the note stay at matching (erased with either party): asked as the e-mail goes
    const texts =
      facts.textsAtMatching && facts.requestId
        ? await owners.requestTexts(facts.requestId, delivery.eventId)
        : undefined;
    return {
      userId,
      email: user.email,
      status: user.status,
      values: {
        ...(companyName !== undefined ? { companyName } : {}),
        ...(candidateName !== undefined ? { candidateName } : {}),
        ...(facts.candidateCode !== undefined ? { candidateCode: facts.candidateCode } : {}),
        contactNote: texts?.contactNote ?? facts.contactNote ?? '',
        employerMessage: texts?.message ?? facts.employerMessage ?? '',
        position: requestPositionText(texts?.position),
        ...(facts.inactiveMonths !== undefined ? { inactiveMonths: String(facts.inactiveMonths) } : {}),
        ...(searchName !== undefined ? { searchName } : {}),
        ...(facts.digestCandidates
          ? { candidateList: candidateListText(facts.digestCandidates, facts.digestMore ?? 0) }
          : {}),
      },
    };
  }

  async function skipped(delivery: Delivery, reason: string) {
    if (await step(delivery.id, (current) => skip(current, reason))) deps.outcome(delivery.kind, 'skipped');
  }

  async function deliver(delivery: Delivery) {
    let target: Target | 'search-gone' | undefined;
    let link: Awaited<ReturnType<typeof linkValues>>;
    try {
      target = await resolve(delivery);
      link = await linkValues(delivery);
    } catch (error) {
      if (isTransient(error)) {
        if (await step(delivery.id, (current) => defer(current, describe(error), clock(), policy)))
          deps.outcome(delivery.kind, 'deferred');
        return;
      }
      throw error;
    }
    if (target === 'search-gone') return skipped(delivery, 'the saved search was deleted');
    if (!target) return skipped(delivery, 'recipient unknown (no such account or profile)');
    if (link === 'gone') return skipped(delivery, 'the link was used or has expired');
    const security = emailKindInfo[delivery.kind].security;
    if (!wants(await deps.preferences.load(target.userId), delivery.kind)) {
      return skipped(delivery, 'turned off by the recipient');
    }
    if (!security && target.status !== 'active') return skipped(delivery, `account ${target.status}`);

    const [template, settings] = await Promise.all([deps.templates.get(delivery.kind), deps.settings.get()]);
    const { subject, body } = renderFor(delivery.kind, template, {
      ...target.values,
      ...link.values,
      senderName: settings.senderName,
    });
    if (!(await step(delivery.id, (current) => claim(current, clock())))) return;
    let messageId: string;
    try {
      ({ messageId } = await mailer.send({
        from: { name: settings.senderName, address: settings.senderAddress },
        to: link.to ?? target.email,
        subject,
        text: body,
        deliveryId: delivery.id,
        kind: delivery.kind,
      }));
    } catch (error) {
      const failure = classifySendFailure(error);
      const after = await step(delivery.id, (current) =>
        current.status === 'sending' ? sendFailed(current, failure, clock(), policy) : null,
      );
      const outcome = after?.status === 'parked' ? 'parked' : 'retried';
      deps.outcome(delivery.kind, outcome);
      log[outcome === 'parked' ? 'error' : 'warn'](
        { delivery: delivery.id, kind: delivery.kind, attempts: after?.attempts, reason: failure.reason },
        outcome === 'parked' ? 'e-mail parked' : 'e-mail not sent; trying again later',
      );
      return;
    }
    await recordSent(delivery, messageId);
  }

  /** The message is out: recording it is tried a few times (if it never lands, the sweep parks it, unsent again). */
  async function recordSent(delivery: Delivery, messageId: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await step(delivery.id, (current) =>
          current.status === 'sending' ? markSent(current, clock(), messageId) : null,
        );
        deps.outcome(delivery.kind, 'sent');
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timers: NodeJS.Timeout[] = [];
  const batch = 20;

  async function drain() {
    do {
      again = false;
      const due = await deliveries.due(clock(), batch);
      for (const delivery of due) {
        await deliver(delivery).catch(async (error) => {
          log.error({ err: error, delivery: delivery.id }, 'e-mail delivery failed; parked');
          if (await step(delivery.id, (current) => park(current, `failed: ${describe(error)}`)))
            deps.outcome(delivery.kind, 'parked');
        });
      }
      // a full batch: more may be due
      if (due.length === batch) again = true;
    } while (again && !stopped);
  }

  /** Runs the senders' loop now, or once more after the current run. */
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => log.warn({ err: error }, 'could not look for due e-mails; trying again shortly'))
      .finally(() => {
        running = undefined;
      });
  }

  /** Parks deliveries whose sender stopped mid-send, and refreshes the gauges. */
  async function sweep() {
    const before = new Date(clock().getTime() - deps.leaseMs);
    for (const stale of await deliveries.stale(before)) {
      const parked = await step(stale.id, (current) => interrupted(current, before));
      if (parked) {
        deps.outcome(stale.kind, 'parked');
        log.error({ delivery: stale.id, kind: stale.kind }, parked.reason ?? 'parked');
      }
    }
    deps.counts(await deliveries.count('parked'), await deliveries.count('pending'));
  }

  return {
    wake,
    sweep,
    /** Resolves once the current run of the loop, if any, has ended. */
    idle: async () => {
      await running;
    },
    start() {
      const safely = (work: () => Promise<void>) => () =>
        void work().catch((error) =>
          log.warn({ err: error }, 'e-mail housekeeping failed; trying again later'),
        );
      // deliveries stored before the queue existed get their entries first (one read of them all)
      safely(async () => {
        const added = await deliveries.reconcile();
        if (added > 0) log.info({ added }, 'queued deliveries in play that had no queue entry');
        await sweep();
      })();
      wake();
      timers = [setInterval(wake, deps.pollMs), setInterval(safely(sweep), deps.sweepMs ?? 30000)];
      for (const timer of timers) timer.unref();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await running;
    },
  };
}

export type Sender = ReturnType<typeof createSender>;
