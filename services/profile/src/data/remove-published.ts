import { type AnyModel, ApiError, documentKey, type Platform, writeFilter } from '@meritmatch/service-kit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes an aggregate once every event of its outbox has left. An erasure's marker must be the
 * last event of the key on a compacted topic; a projection still waiting in the outbox (the
 * account's 'deleted' status, handled a moment before) would otherwise be published after it,
 * or be in flight while the marker goes, and compaction would keep the profile. The document is
 * deleted under its write guard, so no change comes between the empty outbox and the delete.
 * Answers once the document is gone (also when it was gone already); a relay that cannot publish
 * makes it fail as unavailable, and the erasure is tried again.
 */
export async function removeOncePublished(
  platform: Pick<Platform, 'guard' | 'publishOutbox'>,
  { model, topic, id }: { model: AnyModel; topic: string; id: string },
  { attempts = 150, waitMs = 100 }: { attempts?: number; waitMs?: number } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const gone = await platform.guard.run(documentKey(model, id), async () => {
      const doc = (await model.findById(id, { _outboxCount: 1 }).lean()) as { _outboxCount?: number } | null;
      if (!doc) return true;
      if ((doc._outboxCount ?? 0) > 0) return false;
      const { deletedCount } = await model.deleteOne(writeFilter(platform.guard, id, { _outboxCount: 0 }));
      return deletedCount === 1;
    });
    if (gone) return;
    platform.publishOutbox(model, topic).notify(model, id);
    await sleep(waitMs);
  }
  throw new ApiError(
    'SERVICE_UNAVAILABLE',
    `the events of ${model.collection.collectionName}/${id} have not left yet`,
  );
}
