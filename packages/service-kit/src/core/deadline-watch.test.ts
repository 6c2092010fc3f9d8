import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { DeadlineWatch } from './deadline-watch';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the deadline watch', () => {
  it('expires what is due, once, and no later than a tick after its moment', async () => {
    const watch = new DeadlineWatch(10);
    const expired: number[] = [];
    const at = Date.now() + 150;
    watch.watch(at, () => expired.push(Date.now()));
    await sleep(15);
    expect(expired).toEqual([]);
    await sleep(300);
    expect(expired).toHaveLength(1);
    expect(expired[0]! - at).toBeGreaterThanOrEqual(0);
    expect(watch.size).toBe(0);
  });

  it('never expires what was cancelled, and stops its timer once nothing is watched', async () => {
    const watch = new DeadlineWatch(10);
    let expired = false;
    const cancel = watch.watch(Date.now() + 20, () => {
      expired = true;
    });
    expect(watch.running).toBe(true);
    cancel();
    await sleep(60);
    expect(expired).toBe(false);
    expect(watch.running).toBe(false);
  });

  it('expires outside the context of the work that started its timer', async () => {
    const storage = new AsyncLocalStorage<string>();
    const watch = new DeadlineWatch(10);
    const seen: (string | undefined)[] = [];
    storage.run('first request', () => watch.watch(Date.now() + 5, () => seen.push(storage.getStore())));
    storage.run('second request', () => watch.watch(Date.now() + 5, () => seen.push(storage.getStore())));
    await sleep(50);
    expect(seen).toEqual([undefined, undefined]);
  });
});
