import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { SlotStore } from './slot-store';

export type LimitDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

const decision = (points: number, consumed: number, msBeforeNext: number): LimitDecision => ({
  allowed: consumed <= points,
  remaining: Math.max(points - consumed, 0),
  retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
});

/**
 * One limit (`points` per `durationSeconds`) counted in the shared store, so that every
 * gateway instance sees the same count. While the store cannot be reached, an in-memory
 * rate-limiter-flexible limiter of the same size stands in (per instance, until the store
 * answers again), so an outage of the store neither opens the door nor closes it.
 */
export class SharedLimiter {
  private readonly insurance: RateLimiterMemory;

  constructor(
    readonly name: string,
    readonly points: number,
    readonly durationSeconds: number,
    private readonly store: SlotStore,
    private readonly onStoreError: (error: unknown) => void,
  ) {
    this.insurance = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
  }

  async consume(key: string): Promise<LimitDecision> {
    try {
      const { consumed, msBeforeNext } = await this.store.take(
        `${this.name}:${key}`,
        this.points,
        this.durationSeconds * 1000,
      );
      return decision(this.points, consumed, msBeforeNext);
    } catch (error) {
      this.onStoreError(error);
      try {
        const res = await this.insurance.consume(key);
        return decision(this.points, res.consumedPoints, res.msBeforeNext);
      } catch (res) {
        if (res instanceof RateLimiterRes) return decision(this.points, res.consumedPoints, res.msBeforeNext);
        throw res;
      }
    }
  }
}
