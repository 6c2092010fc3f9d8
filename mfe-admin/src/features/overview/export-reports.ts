import {
  type AdminMatchRequest,
  type ContactLogEntry,
  contactLogActionLabels,
  contactLogMaxPageSize,
  matchStatuses,
  ZAdminRequestsAnswer,
  ZContactLogsAnswer,
} from '@meritmatch/contracts';
import type { ApiClient } from '@meritmatch/web-session';
import { type CsvValue, toCsv } from '../../shared/csv';

/** The largest page the queue answers; the export walks every page of every status. */
const exportPageSize = 100;

export async function loadAllRequests(api: ApiClient): Promise<AdminMatchRequest[]> {
  const all: AdminMatchRequest[] = [];
  for (const status of matchStatuses) {
    for (let page = 1; ; page += 1) {
      const answer = await api('/admin/requests', {
        query: { status, page, limit: exportPageSize },
        schema: ZAdminRequestsAnswer,
      });
      all.push(...answer.requests);
      if (!answer.pagination.hasNext || answer.requests.length === 0) break;
    }
  }
  return all;
}

/** The whole contact log, newest first: page after page, each from the cursor the one before gave. */
export async function loadContactLogs(api: ApiClient): Promise<ContactLogEntry[]> {
  const all: ContactLogEntry[] = [];
  let cursor: string | undefined;
  do {
    const answer = await api('/admin/contact-logs', {
      query: { limit: contactLogMaxPageSize, cursor },
      schema: ZContactLogsAnswer,
    });
    all.push(...answer.logs);
    cursor = answer.pagination.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

const requestColumns: ReadonlyArray<readonly [string, (row: AdminMatchRequest) => CsvValue]> = [
  ['Request ID', (r) => r.id],
  ['Status', (r) => r.status],
  ['Created', (r) => r.created_at],
  ['Updated', (r) => r.updated_at],
  ['Company', (r) => r.employer_info.companyName],
  ['Industry', (r) => r.employer_info.industry],
  ['Employer e-mail', (r) => r.employer_info.email],
  ['Candidate code', (r) => r.job_seeker_info.uniqueCode],
  ['Candidate location', (r) => r.job_seeker_info.location],
  ['Candidate name', (r) => r.job_seeker_info.fullName],
  ['Candidate e-mail', (r) => r.job_seeker_info.email],
  ['Employer message', (r) => r.message],
  ['Admin notes', (r) => r.admin_notes],
  ['Contact note', (r) => r.contact_note],
  ['Employer ID', (r) => r.employer_id],
  ['Job seeker ID', (r) => r.job_seeker_id],
];

const logColumns: ReadonlyArray<readonly [string, (row: ContactLogEntry) => CsvValue]> = [
  ['Entry ID', (l) => l.id],
  ['Date', (l) => l.created_at],
  ['Action', (l) => l.action],
  ['Action label', (l) => contactLogActionLabels[l.action]],
  ['Request ID', (l) => l.request_id],
  ['Admin e-mail', (l) => l.admin_email],
  ['Notes', (l) => l.notes],
];

export const requestsCsv = (rows: readonly AdminMatchRequest[]) => toCsv(requestColumns, rows);
export const contactLogCsv = (rows: readonly ContactLogEntry[]) => toCsv(logColumns, rows);
