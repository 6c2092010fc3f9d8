import type autocannon from 'autocannon';
import { Agent, request } from 'undici';

/** One kind of request of a mix: its share of the requests, its requests (taken in turn) and where they go. */
export type MixPart = { share: number; requests: autocannon.Request[]; origin: string };

/**
 * The order a caller sends the mix in, as part indexes: each part gets its share of `slots`
 * places, spread out (the part furthest behind its share goes next).
 */
export function mixOrder(shares: number[], slots = 10): number[] {
  const total = shares.reduce((sum, share) => sum + share, 0);
  const taken = shares.map(() => 0);
  const order: number[] = [];
  for (let slot = 1; slot <= slots; slot++) {
    let next = 0;
    let furthest = Number.NEGATIVE_INFINITY;
    shares.forEach((share, index) => {
      const behind = (share / total) * slot - taken[index]!;
      if (behind > furthest) {
        furthest = behind;
        next = index;
      }
    });
    taken[next]! += 1;
    order.push(next);
  }
  return order;
}

export type MixRun = { answered: number; non2xx: number; errors: number };

/**
 * Closed-loop callers (keep-alive, undici) that each send the whole mix in `mixOrder`, one request
 * after another, for `seconds`. Unlike a group of callers per part (autocannon, one instance a
 * part), what is answered holds every part at its share whatever each costs: a path where the
 * cheap part answers faster does not count more of the cheap part. `onAnswer` gets each answer's
 * part and time (ms, from the request's start to its body's end).
 */
export async function runMixCallers({
  parts,
  callers,
  seconds,
  onAnswer,
}: {
  parts: MixPart[];
  callers: number;
  seconds: number;
  onAnswer: (part: number, tookMs: number) => void;
}): Promise<MixRun> {
  const order = mixOrder(parts.map((part) => part.share));
  const turns = parts.map(() => 0);
  const dispatcher = new Agent({ connections: callers, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const until = performance.now() + seconds * 1000;
  const run: MixRun = { answered: 0, non2xx: 0, errors: 0 };

  const caller = async (first: number) => {
    for (let place = first; performance.now() < until; place++) {
      const index = order[place % order.length]!;
      const part = parts[index]!;
      const template = part.requests[turns[index]!++ % part.requests.length]!;
      // a function that makes each request's body (autocannon's; a string names a file there)
      const setup = typeof template.setupRequest === 'function' ? template.setupRequest : undefined;
      const prepared = setup ? setup(template, {}) : template;
      const started = performance.now();
      try {
        const answer = await request(`${part.origin}${prepared.path}`, {
          method: prepared.method ?? 'GET',
          headers: prepared.headers,
          body: prepared.body,
          dispatcher,
        });
        await answer.body.dump();
        onAnswer(index, performance.now() - started);
        run.answered += 1;
        if (answer.statusCode < 200 || answer.statusCode >= 300) run.non2xx += 1;
      } catch {
        run.errors += 1;
      }
    }
  };
  try {
    // each caller starts at its own place, so the callers are spread over the mix at any moment
    await Promise.all(Array.from({ length: callers }, (_, index) => caller(index)));
  } finally {
    await dispatcher.close();
  }
  return run;
}
