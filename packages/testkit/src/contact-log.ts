import { type ContactLogEntry, contactLogMaxPageSize, ZContactLogsAnswer } from '@meritmatch/contracts';
import { call } from './http';

/**
 * The whole contact log, newest first, as `GET /admin/contact-logs` pages it: follows the cursor
 * to the last page, in the largest pages the API answers. `api` is a stack's `/api` base.
 */
export async function readContactLog(api: string, token: string): Promise<ContactLogEntry[]> {
  const logs: ContactLogEntry[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(contactLogMaxPageSize) });
    if (cursor) query.set('cursor', cursor);
    const answer = await call(`${api}/admin/contact-logs?${query}`, { token });
    if (answer.status !== 200) throw new Error(`the contact log: ${answer.status} ${answer.text}`);
    const page = ZContactLogsAnswer.parse(answer.body);
    logs.push(...page.logs);
    cursor = page.pagination.nextCursor;
  } while (cursor);
  return logs;
}
