import { randomUUID } from 'node:crypto';
import {
  type ContactLogEntry,
  type ContactLogFilter,
  type ContactLogInput,
  type ContactLogQuery,
  type ContactLogsAnswer,
  contactLogCursor,
} from '@meritmatch/contracts';
import { type Clock, idForCommand } from '@meritmatch/service-kit';
import type { Owners } from '../clients/owners';
import type { CandidateCodes } from '../data/candidate-codes';
import type { ContactLogRecord, ContactLogRepository, ContactLogSelection } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';

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

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The admin's filter as the log's selection: the code becomes its candidate, the days a period
 * (the first day's start to the end of the last, UTC). Null when nothing can match: a code no
 * candidate has.
 */
export async function selectionOf(
  filter: ContactLogFilter,
  candidateCodes: Pick<CandidateCodes, 'candidateOf'>,
): Promise<ContactLogSelection | null> {
  const candidateId = filter.code ? await candidateCodes.candidateOf(filter.code) : undefined;
  if (candidateId === null) return null;
  const selection: ContactLogSelection = {};
  if (filter.request) selection.requestId = filter.request;
  if (filter.employer) selection.employerId = filter.employer;
  if (candidateId) selection.candidateId = candidateId;
  if (filter.action) selection.action = filter.action;
  if (filter.from) selection.since = new Date(`${filter.from}T00:00:00.000Z`);
  if (filter.to) selection.until = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + dayMs);
  return selection;
}

export type EntryDescriptions = {
  contactLogs: ContactLogRepository;
  adminEmails: AdminEmails;
  directory: Pick<EmployerDirectory, 'findMany'>;
  candidateCodes: Pick<CandidateCodes, 'codesOf'>;
};

/**
 * Entries as admins read them: with the e-mail of the admin behind each, the request's company
 * and candidate code (null when unknown, or erased with its party), all read for the batch at once.
 */
export async function describeEntries(
  token: string,
  entries: readonly ContactLogRecord[],
  { adminEmails, directory, candidateCodes }: Omit<EntryDescriptions, 'contactLogs'>,
): Promise<ContactLogEntry[]> {
  const idsOf = (pick: (entry: ContactLogRecord) => string | null | undefined) => [
    ...new Set(entries.map(pick).filter((id): id is string => typeof id === 'string')),
  ];
  const [emailOf, companies, codes] = await Promise.all([
    adminEmails(
      token,
      idsOf((entry) => entry.actorUserId),
    ),
    directory.findMany(idsOf((entry) => entry.employerId)),
    candidateCodes.codesOf(idsOf((entry) => entry.candidateId)),
  ]);
  return entries.map((entry) => ({
    ...toContactLogEntry(entry, entry.actorUserId ? (emailOf.get(entry.actorUserId) ?? null) : null),
    company_name: (entry.employerId && companies.get(entry.employerId)?.companyName) || null,
    candidate_code: (entry.candidateId && codes.get(entry.candidateId)) || null,
  }));
}

/** A page of the log as admins read it, newest first, filtered, with the cursor of the next page. */
export async function readContactLogPage(
  token: string,
  { limit, cursor, ...filter }: ContactLogQuery,
  deps: EntryDescriptions & { candidateCodes: Pick<CandidateCodes, 'candidateOf'> },
): Promise<ContactLogsAnswer> {
  const selection = await selectionOf(filter, deps.candidateCodes);
  if (!selection) return { logs: [], pagination: { hasNext: false, nextCursor: null } };
  const after = cursor && { createdAt: new Date(cursor.createdAt), id: cursor.id };
  const { entries, hasNext } = await deps.contactLogs.page({ limit, after, selection });
  const last = entries.at(-1);
  return {
    logs: await describeEntries(token, entries, deps),
    pagination: {
      hasNext,
      nextCursor:
        hasNext && last
          ? contactLogCursor.encode({ createdAt: last.createdAt.getTime(), id: last.id })
          : null,
    },
  };
}

export const toContactLogEntry = (entry: ContactLogRecord, adminEmail: string | null): ContactLogEntry => ({
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
