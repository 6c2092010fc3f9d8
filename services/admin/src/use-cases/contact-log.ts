import { randomUUID } from 'node:crypto';
import {
  type ContactLogInput,
  type ContactLogQuery,
  type ContactLogsAnswer,
  contactLogCursor,
} from '@meritmatch/contracts';
import { type Clock, idForCommand } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { ContactLogRecord, ContactLogRepository } from '../data/contact-logs';

/**
 * Admins' e-mails by user id, asked from auth once and kept for a few minutes: there are
 * few admins, and the contact log is read often.
 */
export function createAdminEmails(owners: Owners, ttlMs = 5 * 60 * 1000) {
  const known = new Map<string, { email: string; at: number }>();
  return async (token: string, ids: string[]) => {
    const now = Date.now();
    const missing = ids.filter((id) => (known.get(id)?.at ?? Number.NEGATIVE_INFINITY) < now - ttlMs);
    if (missing.length > 0) {
      const { users } = await owners.users.lookup(token, missing);
      for (const user of users) known.set(user.id, { email: user.email, at: now });
    }
    return new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!.email] as const] : [])));
  };
}

export type AdminEmails = ReturnType<typeof createAdminEmails>;

/**
 * A page of the log as admins read it, newest first, with the e-mail of the admin behind each
 * entry, and the cursor of the next page.
 */
export async function readContactLogPage(
  token: string,
  { limit, cursor }: ContactLogQuery,
  { contactLogs, adminEmails }: { contactLogs: ContactLogRepository; adminEmails: AdminEmails },
): Promise<ContactLogsAnswer> {
  const after = cursor && { createdAt: new Date(cursor.createdAt), id: cursor.id };
  const { entries, hasNext } = await contactLogs.page({ limit, after });
  const actors = [
    ...new Set(entries.map((entry) => entry.actorUserId).filter((id): id is string => id !== null)),
  ];
  const emailOf = await adminEmails(token, actors);
  const last = entries.at(-1);
  return {
    logs: entries.map((entry) =>
      toContactLogEntry(entry, entry.actorUserId ? (emailOf.get(entry.actorUserId) ?? null) : null),
    ),
    pagination: {
      hasNext,
      nextCursor:
        hasNext && last
          ? contactLogCursor.encode({ createdAt: last.createdAt.getTime(), id: last.id })
          : null,
    },
  };
}

export const toContactLogEntry = (entry: ContactLogRecord, adminEmail: string | null) => ({
  id: entry.id,
  action: entry.action,
  notes: entry.notes,
  request_id: entry.requestId,
  admin_email: adminEmail,
  created_at: entry.createdAt.toISOString(),
});

/**
 * An admin's own entry in the contact log (a call made, a note): for a request that exists
 * (its owner says so, with the admin's token), once per idempotency key.
 */
export function createManualEntries({
  contactLogs,
  owners,
  adminEmails,
  clock,
}: {
  contactLogs: ContactLogRepository;
  owners: Owners;
  adminEmails: AdminEmails;
  clock: Clock;
}) {
  return async (token: string, adminId: string, { requestId, action, notes }: ContactLogInput) => {
    // a request that does not exist is the owner's 404
    const { request } = await owners.requests.get(token, requestId);
    const id = idForCommand(randomUUID, 'contact-log');
    const entry: ContactLogRecord = {
      id,
      requestId,
      action,
      notes,
      actorUserId: adminId,
      createdAt: clock(),
      employerId: request.employer_id,
      candidateId: request.job_seeker_id,
    };
    // a retry of the same command finds the entry the first attempt wrote
    const written = (await contactLogs.add(entry)) ? entry : ((await contactLogs.find(id)) ?? entry);
    const adminEmail = (await adminEmails(token, [adminId])).get(adminId) ?? null;
    return toContactLogEntry(written, adminEmail);
  };
}
