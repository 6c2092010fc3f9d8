import { adminQueueTabs, movesFrom } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { decisionsFor } from './decisions';

describe("the queue's buttons", () => {
  it.each(adminQueueTabs)('offer on the %s tab exactly the moves the lifecycle gives the admin', (tab) => {
    const offered = decisionsFor[tab].map((decision) => decision.to).sort();
    expect(offered).toEqual(
      movesFrom(tab, 'admin')
        .map((move) => move.to)
        .sort(),
    );
  });
});
