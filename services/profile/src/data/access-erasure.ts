import type { Connection } from 'mongoose';

type WithJobSeekers = { userId: string }[];

const without = (jobSeekers: WithJobSeekers | undefined, userId: string) =>
  (jobSeekers ?? []).filter((jobSeeker) => jobSeeker.userId !== userId);

/**
 * Takes a job seeker out of the access log: their own list in `access_views` goes, and they are
 * taken out of every read that named them, in the records (`personal_data_reads`, and a record
 * still in its outbox) and in the admins' rows (`access_log`). An event of a read still waiting
 * in the outbox leaves as it is (ids only, like the topic's older events) for a few seconds, and
 * the views skip the erased person when it comes back (personal-data-reads-consumer.ts). A read of other
 * job seekers too keeps them; a read of this one alone stays as an admin's read of nobody (a
 * row of the sequenced list cannot go: its position holds the list together).
 *
 * Filters on fields other than `_id` make FerretDB read the whole collection: an erasure is rare.
 */
export function createAccessErasure(connection: Connection) {
  const views = connection.collection<{ _id: string }>('access_views');
  const rows = connection.collection<{ _id: string; item: { jobSeekers?: WithJobSeekers } }>('access_log');
  const records = connection.collection<{ _id: string; jobSeekers?: WithJobSeekers }>('personal_data_reads');
  const outbox = connection.collection<{ _id: string; jobSeekers?: WithJobSeekers }>(
    'personal_data_reads_outbox',
  );

  return {
    async forgetJobSeeker(userId: string) {
      // the list `seeker:<user id>` is its items `seeker:<user id>:<position>`
      const escaped = userId.replace(/[^0-9a-zA-Z]/g, (c) => `\\${c}`);
      await views.deleteMany({ _id: { $regex: `^seeker:${escaped}:` } });
      for (const row of await rows.find({ 'item.jobSeekers.userId': userId }).toArray()) {
        await rows.updateOne(
          { _id: row._id },
          { $set: { 'item.jobSeekers': without(row.item.jobSeekers, userId) } },
        );
      }
      // the outbox first: a record moved on from it meanwhile is then found in the records
      for (const pending of await outbox.find({ 'jobSeekers.userId': userId }).toArray()) {
        await outbox.updateOne(
          { _id: pending._id },
          { $set: { jobSeekers: without(pending.jobSeekers, userId) } },
        );
      }
      for (const record of await records.find({ 'jobSeekers.userId': userId }).toArray()) {
        await records.updateOne(
          { _id: record._id },
          { $set: { jobSeekers: without(record.jobSeekers, userId) } },
        );
      }
    },
  };
}

export type AccessErasure = ReturnType<typeof createAccessErasure>;
