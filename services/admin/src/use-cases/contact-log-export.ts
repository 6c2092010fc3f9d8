import { type ContactLogEntry, type ContactLogFilter, contactLogActionLabels } from '@meritmatch/contracts';
import { stringify } from 'csv-stringify/sync';
import type { CandidateCodes } from '../data/candidate-codes';
import { describeEntries, type EntryDescriptions, selectionOf } from './contact-log';

/** Entries read, described and written at a time: memory holds one batch, whatever the log's size. */
export const exportBatchSize = 500;

const columns: ReadonlyArray<readonly [header: string, pick: (entry: ContactLogEntry) => string | null]> = [
  ['Entry ID', (entry) => entry.id],
  ['Date', (entry) => entry.created_at],
  ['Action', (entry) => entry.action],
  ['Action label', (entry) => contactLogActionLabels[entry.action]],
  ['Request ID', (entry) => entry.request_id],
  ['Company', (entry) => entry.company_name ?? null],
  ['Candidate code', (entry) => entry.candidate_code ?? null],
  ['Admin e-mail', (entry) => entry.admin_email],
  ['Notes', (entry) => entry.notes],
];

/** Cells a spreadsheet would run as a formula get a leading apostrophe (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
const safe = (text: string) => (formulaStart.test(text) ? `'${text}` : text);

/** Rows of CSV (RFC 4180: quoted where needed, CRLF line ends), the header first when asked. */
function csvRows(entries: readonly ContactLogEntry[], header: boolean): string {
  return stringify(
    entries.map((entry) => columns.map(([, pick]) => pick(entry))),
    {
      header,
      columns: columns.map(([name]) => name),
      record_delimiter: 'windows',
      cast: { string: safe },
    },
  );
}

/** The file's name: the day of the export (UTC). */
export const exportFileName = (now: Date) => `contact-log-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The whole filtered log as CSV, newest first, a batch at a time: a byte-order mark (spreadsheet
 * apps then read UTF-8), the header, then each batch's rows as soon as they are described. No cap:
 * the next batch is read when the last has been taken.
 */
export async function* contactLogCsv(
  token: string,
  filter: ContactLogFilter,
  deps: EntryDescriptions & { candidateCodes: Pick<CandidateCodes, 'candidateOf'> },
): AsyncGenerator<string> {
  yield '\uFEFF';
  yield csvRows([], true);
  const selection = await selectionOf(filter, deps.candidateCodes);
  if (!selection) return;
  for await (const batch of deps.contactLogs.batches(selection, exportBatchSize))
    yield csvRows(await describeEntries(token, batch, deps), false);
}
