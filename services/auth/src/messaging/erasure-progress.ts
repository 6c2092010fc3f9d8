import { erasuresTopic, ZErasureEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { Erasures } from '../use-cases/erasures';

/** Records each service's answer on its erasure; the last answer lets auth erase the account. */
export function startErasureProgress({ platform, erasures }: { platform: Platform; erasures: Erasures }) {
  return platform.consume({
    name: 'erasure-progress',
    topics: [erasuresTopic],
    schema: ZErasureEvent,
    handle: async (event) => {
      if (event.type !== 'erasure.part-done') return;
      await erasures.recordPart(event.data.userId, event.data.part);
    },
  });
}
