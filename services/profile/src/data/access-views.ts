import type { AccessReason, PersonalDetail } from '@meritmatch/contracts';
import { createSequencedLists } from '@meritmatch/service-kit';
import type { Connection } from 'mongoose';
import type { AccessRow, AccessViews, SeekerViewEntry } from '../use-cases/access-log';

/** An item as stored (dates as ISO text: the lists hold plain values). */
type StoredSeekerEntry = { id: string; readAt: string; details: PersonalDetail[]; reason: AccessReason };
type StoredRow = Omit<AccessRow, 'readAt'> & { readAt: string };

const seekerList = (userId: string) => `seeker:${userId}`;
const everyone = 'all';

/**
 * The views of the access log, built by the consumer of `personal-data-reads` and read by
 * `_id` only (`sequenced-lists.ts`): in `access_views`, a list per job seeker
 * (`seeker:<user id>`, an item per read of their details); in `access_log`, one list of every
 * read (`all`, an item per event, naming up to a thousand job seekers) for the Data Access Log.
 * Two collections, because FerretDB's `_id` lookups still read through a collection's rows
 * (docs/ferretdb.md): a job seeker's page does not read through the big rows.
 */
export function createAccessViews(connection: Connection): AccessViews {
  const seekers = createSequencedLists<StoredSeekerEntry>(connection, 'access_views');
  const log = createSequencedLists<StoredRow>(connection, 'access_log');
  return {
    async add(entriesByUser, row) {
      // the job seekers' entries first: the row is the last thing added for an event
      await seekers.append(
        [...entriesByUser].flatMap(([userId, entries]) =>
          entries.map((entry) => ({
            list: seekerList(userId),
            key: entry.id,
            item: { ...entry, readAt: entry.readAt.toISOString() },
          })),
        ),
      );
      await log.append([{ list: everyone, key: row.id, item: { ...row, readAt: row.readAt.toISOString() } }]);
    },

    async seekerEntries(userId, skip, limit) {
      const { items, length } = await seekers.page(seekerList(userId), skip, limit);
      return {
        entries: items.map(
          (entry): SeekerViewEntry => ({
            ...entry,
            readAt: new Date(entry.readAt),
          }),
        ),
        totalCount: length,
      };
    },

    async rows(skip, limit) {
      const { items, length } = await log.page(everyone, skip, limit);
      return {
        rows: items.map((row): AccessRow => ({ ...row, readAt: new Date(row.readAt) })),
        totalCount: length,
      };
    },
  };
}
