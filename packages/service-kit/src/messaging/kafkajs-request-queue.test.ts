import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixKafkajsRequestQueue, kafkajsRequestQueue } from './kafkajs-request-queue';

type Queue = {
  push(request: {
    entry: { correlationId: number; resolve(): void; reject(): void };
    expectResponse: boolean;
    sendRequest(): void;
  }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  checkPendingRequests(): void;
  destroy(): void;
  throttleCheckTimeoutId: unknown;
};

const RequestQueue = kafkajsRequestQueue() as unknown as {
  new (options: Record<string, unknown>): Queue;
  prototype: { scheduleCheckPendingRequests(): void };
};
const original = RequestQueue.prototype.scheduleCheckPendingRequests;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A queue of one connection, as kafkajs makes it, with a count of its pending-request checks. */
function queue(maxInFlightRequests: number | null = null) {
  const made = new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: silent,
  });
  const checks = vi.spyOn(made, 'checkPendingRequests');
  const sent: number[] = [];
  const push = (correlationId: number) =>
    made.push({
      entry: { correlationId, resolve() {}, reject() {} },
      expectResponse: true,
      sendRequest: () => sent.push(correlationId),
    });
  const answer = (correlationId: number) =>
    made.fulfillRequest({ correlationId, payload: Buffer.alloc(0), size: 0 });
  return { made, checks, sent, push, answer };
}

describe("kafkajs's request queue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    fixKafkajsRequestQueue();
  });

  it('as released, checks an empty connection every millisecond after its first answer', () => {
    RequestQueue.prototype.scheduleCheckPendingRequests = original;
    const { made, checks, push, answer } = queue();
    push(1);
    answer(1);
    vi.advanceTimersByTime(100);
    expect(checks.mock.calls.length).toBeGreaterThan(50);
    made.destroy();
  });

  it('with the fix, leaves an empty connection alone', () => {
    fixKafkajsRequestQueue();
    const { made, checks, push, answer } = queue();
    push(1);
    answer(1);
    vi.advanceTimersByTime(1000);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(made.throttleCheckTimeoutId).toBeNull();
  });

  it('with the fix, still sends a request that waited for a free slot once an answer frees one', () => {
    fixKafkajsRequestQueue();
    const { sent, push, answer } = queue(1);
    push(1);
    push(2);
    expect(sent).toEqual([1]);
    answer(1);
    expect(sent).toEqual([1, 2]);
  });

  it('with the fix, still sends a request held back by the broker once the throttling ends', () => {
    fixKafkajsRequestQueue();
    const { made, sent, push, answer } = queue();
    push(1);
    answer(1);
    made.maybeThrottle(50);
    push(2);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(49);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(20);
    expect(sent).toEqual([1, 2]);
  });
});
