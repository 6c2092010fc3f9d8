import { afterEach, describe, expect, it, vi } from 'vitest';
import { filesOf, prefetchManifest } from './manifest-prefetch';
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
    prefetchManifest(url, './App');
    prefetchManifest(url, './App');
    const plugin = remoteLoadingPlugin();
    const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response>;
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 1 });
    expect(fetched).toEqual([url]);
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 2 });
    expect(fetched).toEqual([url, url]);
  });

  it('fetches what the manifest names for the module while the runtime boots, and gives the runtime the whole manifest', async () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './Other', assets: { js: { sync: ['static/js/other.js'], async: [] } } },
        {
          path: './App',
          assets: {
            js: { sync: ['static/js/103.js', 'static/js/app.js'], async: ['static/js/later.js'] },
            css: { sync: ['static/css/app.css'], async: ['static/css/later.css'] },
          },
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(manifest))),
    );
    const url = 'http://127.0.0.1:3003/area/mf-manifest.json';
    prefetchManifest(url, './App');
    const fetchHook = remoteLoadingPlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
    expect(await (await fetchHook(url, {})).json()).toEqual(manifest);
    const hints = () =>
      Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map(
        (link) => `${link.as} ${link.href}`,
      );
    await vi.waitFor(() => expect(hints()).toHaveLength(4));
    expect(hints()).toEqual([
      'script http://127.0.0.1:3003/area/remoteEntry.js',
      'script http://127.0.0.1:3003/area/static/js/103.js',
      'script http://127.0.0.1:3003/area/static/js/app.js',
      'style http://127.0.0.1:3003/area/static/css/app.css',
    ]);
  });

  it('names only web addresses, and nothing for a manifest of another shape', () => {
    const url = 'http://127.0.0.1:3004/mf-manifest.json';
    expect(
      filesOf(
        { metaData: { publicPath: 'https://cdn.example/a/', remoteEntry: { name: 'e.js', path: 'x' } } },
        url,
        './App',
      ),
    ).toEqual([{ href: 'https://cdn.example/a/x/e.js', as: 'script' }]);
    expect(
      filesOf(
        { exposes: [{ path: './App', assets: { js: { sync: ['javascript:alert(1)', 7, 'a.js'] } } }] },
        url,
        './App',
      ),
    ).toEqual([{ href: 'http://127.0.0.1:3004/a.js', as: 'script' }]);
    expect(filesOf('not a manifest', url, './App')).toEqual([]);
    expect(filesOf({ exposes: 'none', metaData: [] }, url, './App')).toEqual([]);
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
    prefetchManifest(url, './App');
    await new Promise((settled) => setTimeout(settled));
    const fetchHook = remoteLoadingPlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
    expect(await (await fetchHook(url, {})).json()).toEqual({ n: 2 });
    expect(calls).toBe(2);
  });
});
