import { outsideRequest } from '../core/request-context';

/**
 * A response body written as `chunks` come, for answers too large to hold (an export): each
 * chunk is asked for when the client has taken the one before, so memory holds one at a time.
 * The chunks are made outside the request's context: its deadline bounds the answer's start, not
 * how long the client takes to read it. A failure part-way breaks the body off (the client sees
 * a broken download, never a short file that looks whole); a client that goes away stops the
 * chunks, which then let go of what they hold (their `finally`).
 */
export function streamedBody(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await outsideRequest(() => chunks.next());
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await outsideRequest(() => chunks.return(undefined));
    },
  });
}
