import { type EmailRecord, ZNotificationsMyData } from '@meritmatch/contracts';
import type { AppEnv } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Owners } from '../clients/owners';
import type { DeliveryData } from '../data/deliveries';
import type { Delivery } from '../domain/delivery';
import type { Recipient } from '../domain/notification-rules';
import type { PreferenceSettings } from '../use-cases/preference-settings';

/** An e-mail as its recipient downloads it: what it was, whether it went, and the facts it carried. */
export const toEmailRecord = (delivery: Delivery): EmailRecord => ({
  id: delivery.id,
  kind: delivery.kind,
  status: delivery.status,
  created_at: delivery.createdAt.toISOString(),
  sent_at: delivery.sentAt?.toISOString() ?? null,
  request_id: delivery.facts.requestId ?? null,
  candidate_code: delivery.facts.candidateCode ?? null,
  company_name: delivery.facts.companyName ?? null,
  employer_message: delivery.facts.employerMessage ?? null,
  // not the team's contact note: it introduces the other party (a candidate's or a company's
  // contact details), another person's data
});

/**
 * `GET /my-data`: the notifications service's part of "Download my data" (the gateway composes
 * it; the roles are checked before): the person's e-mail settings and every e-mail to them. A
 * job seeker's e-mails about match requests are addressed to their candidate id, which the
 * profile service gives (a failure to ask fails the export rather than leave e-mails out).
 */
export function myDataRoutes({
  preferences,
  deliveries,
  owners,
}: {
  preferences: PreferenceSettings;
  deliveries: Pick<DeliveryData, 'forRecipients'>;
  owners: Pick<Owners, 'candidateIdOf'>;
}) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { userId, role } = c.get('identity');
    const holder = role === 'employer' ? 'employer' : 'job_seeker';
    const recipients: Recipient[] = [{ type: 'user', userId }];
    if (holder === 'job_seeker') {
      const candidateId = await owners.candidateIdOf(userId);
      if (candidateId) recipients.push({ type: 'candidate', candidateId });
    }
    const [emailSettings, sent] = await Promise.all([
      preferences.get(userId, holder),
      deliveries.forRecipients(recipients),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json(ZNotificationsMyData.parse({ emailSettings, emails: sent.map(toEmailRecord) }));
  });
}
