import { describe, expect, it } from 'vitest';
import { runWithContext, timeLeft } from '../core/request-context';
import { streamedBody } from './streamed-body';

const read = async (body: ReadableStream<Uint8Array>) => new Response(body).text();

describe('a streamed body', () => {
  it('asks for each chunk when the one before has been taken', async () => {
    const made: string[] = [];
    async function* chunks() {
      for (const chunk of ['a,b\r\n', '1,2\r\n', '3,4\r\n']) {
        made.push(chunk);
        yield chunk;
      }
    }
    const reader = streamedBody(chunks()).getReader();
    // a ReadableStream asks for one chunk ahead of the reader (its high-water mark)
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('a,b\r\n');
    expect(made.length).toBeLessThanOrEqual(2);
    reader.releaseLock();
  });

  it("makes its chunks outside the request's deadline", async () => {
    const left: number[] = [];
    async function* chunks() {
      left.push(timeLeft());
      yield 'x';
    }
    const body = runWithContext({ requestId: 'r', deadline: Date.now() - 1 }, () => streamedBody(chunks()));
    expect(await runWithContext({ requestId: 'r', deadline: Date.now() - 1 }, () => read(body))).toBe('x');
    expect(left).toEqual([Number.POSITIVE_INFINITY]);
  });

  it('breaks off when a chunk fails, and lets the chunks go when the client leaves', async () => {
    async function* failing() {
      yield 'first';
      throw new Error('the database went away');
    }
    await expect(read(streamedBody(failing()))).rejects.toThrow('the database went away');

    let released = false;
    async function* endless() {
      try {
        for (;;) yield 'row\r\n';
      } finally {
        released = true;
      }
    }
    const reader = streamedBody(endless()).getReader();
    await reader.read();
    await reader.cancel();
    expect(released).toBe(true);
  });
});
