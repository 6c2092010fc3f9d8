import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchManifest } from './manifest-prefetch';
import remoteLoadingPlugin from './remote-loading-plugin';

describe('the first area manifest, fetched early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is fetched once: the runtime takes the early answer, and fetches afresh after that', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(`{"n":${fetched.length}}`);
      }),
    );
    const url = 'http://127.0.0.1:3001/mf-manifest.json';
    prefetchManifest(url);
    prefetchManifest(url);
    const plugin = remoteLoadingPlugin();
    const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 1 });
    expect(fetched).toEqual([url]);
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 2 });
    expect(fetched).toEqual([url, url]);
  });

  it('forgets an early fetch that failed, so the runtime asks again', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response('{"n":2}');
      }),
    );
    const url = 'http://127.0.0.1:3002/mf-manifest.json';
    prefetchManifest(url);
    await new Promise((settled) => setTimeout(settled));
    const fetchHook = remoteLoadingPlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 2 });
    expect(calls).toBe(2);
  });
});
