import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('work for when the browser is idle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the idle callback where the browser has one', () => {
    const waiting: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => waiting.push(callback));
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    waiting[0]?.();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits a moment instead where it has none', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 200);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
