import { contactLogLabelOf, ZAdminMyData } from '@meritmatch/contracts';
import type { AppEnv } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Owners } from '../clients/owners';
import type { ContactLogRecord, ContactLogRepository } from '../data/contact-logs';

/** An entry as the person downloads it: what happened to which request, and when; no notes, no admin. */
const toContactLogData = (entry: ContactLogRecord) => ({
  id: entry.id,
  request_id: entry.requestId,
  action: entry.action,
  action_label: contactLogLabelOf(entry.action),
  created_at: entry.createdAt.toISOString(),
});

/**
 * `GET /my-data`: the admin service's part of "Download my data" (the gateway composes it; the
 * roles are checked before): the contact-log entries about the person's match requests. Which
 * requests are theirs, the matching service says, asked with the person's own token. The admins'
 * free-text notes and the acting admin stay out, since they may name other people.
 */
export function myDataRoutes({
  contactLogs,
  owners,
}: {
  contactLogs: Pick<ContactLogRepository, 'forRequests'>;
  owners: { requests: Pick<Owners['requests'], 'mine'> };
}) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { matchRequests } = await owners.requests.mine(c.get('bearerToken'));
    const entries = await contactLogs.forRequests(matchRequests.map((request) => request.id));
    c.header('Cache-Control', 'no-store');
    return c.json(ZAdminMyData.parse({ contactLog: entries.map(toContactLogData) }));
  });
}
