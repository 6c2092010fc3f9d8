import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archiveAssets } from './archive';
import { createWebApp } from './index';

function fakeBuild(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'web-server-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('serving a built web app', () => {
  it('serves the shell with its runtime config and hands unknown pages to the router', async () => {
    const root = fakeBuild({
      'index.html': '<div id="root"></div>',
      'static/js/main.abc.js': 'console.log(1)',
    });
    const app = createWebApp({ root, spa: true, runtimeConfig: { apiBaseUrl: 'http://api.test/api' } });
    expect(await (await app.request('/config.json')).json()).toEqual({ apiBaseUrl: 'http://api.test/api' });
    const page = await app.request('/job-seeker/skills');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await app.request('/static/js/main.abc.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/static/js/missing.js')).status).toBe(404);
    expect(asset.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('puts the runtime config in each page as data, with nothing in it able to close the element', async () => {
    const root = fakeBuild({
      'index.html': '<html><head><title>MeritMatch</title></head><body><div id="root"></div></body></html>',
      'app.html': '<html><head></head><body><div id="root"></div></body></html>',
    });
    const runtimeConfig = {
      apiBaseUrl: 'http://api.test/api',
      remotes: { admin: 'http://x.test/</script><b>' },
    };
    const app = createWebApp({ root, spa: true, runtimeConfig });
    for (const path of ['/', '/admin/requests']) {
      const html = await (await app.request(path)).text();
      const found = /<script id="runtime-config" type="application\/json">(.*?)<\/script><\/head>/.exec(html);
      expect(found?.[1]).not.toContain('<');
      expect(JSON.parse(found?.[1] ?? 'null')).toEqual(runtimeConfig);
    }
    // a remote's server (no runtime config) leaves its pages as they are
    const remote = createWebApp({ root, crossOrigin: true });
    expect(await (await remote.request('/')).text()).not.toContain('runtime-config');
  });

  it("sends the build's compressed copies of a chunk as they are, and the chunk itself to a browser that takes neither", async () => {
    const chunk = `export const text = ${JSON.stringify('a chunk of the build '.repeat(200))};`;
    const root = fakeBuild({ 'index.html': '<div id="root"></div>', 'static/js/area.abc.js': chunk });
    writeFileSync(join(root, 'static/js/area.abc.js.br'), brotliCompressSync(chunk));
    writeFileSync(join(root, 'static/js/area.abc.js.gz'), gzipSync(chunk));
    const app = createWebApp({ root, spa: true });

    const br = await app.request('/static/js/area.abc.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(chunk);

    const gz = await app.request('/static/js/area.abc.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer())).toEqual(gzipSync(chunk));

    const plain = await app.request('/static/js/area.abc.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(chunk);
  });

  it('answers the prerendered pages with their own file, and every other page without content', async () => {
    const root = fakeBuild({
      'index.html': '<div id="root"><h1>Landing</h1></div>',
      'login.html': '<div id="root"><h1>Sign in</h1></div>',
      'app.html': '<div id="root"></div>',
    });
    const app = createWebApp({ root, spa: true });
    expect(await (await app.request('/')).text()).toContain('Landing');
    expect(await (await app.request('/login')).text()).toContain('Sign in');
    expect(await (await app.request('/employer/search')).text()).toBe('<div id="root"></div>');
  });

  it('lets the shell load a remote from another origin, never caching its manifest', async () => {
    const root = fakeBuild({ 'mf-manifest.json': '{}', 'remoteEntry.js': 'var x' });
    const app = createWebApp({ root, crossOrigin: true });
    const manifest = await app.request('/mf-manifest.json');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/somewhere')).status).toBe(404);
  });

  it('refuses to start without a build', () => {
    expect(() => createWebApp({ root: mkdtempSync(join(tmpdir(), 'empty-')) })).toThrow(/holds no build/);
  });
});

describe('keeping the previous build through a deploy', () => {
  it('serves the chunks of an earlier build from the archive, and the current build first', async () => {
    const archive = mkdtempSync(join(tmpdir(), 'web-archive-'));
    const first = fakeBuild({ 'mf-manifest.json': '{"v":1}', 'static/js/search.v1.js': 'one' });
    createWebApp({ root: first, crossOrigin: true, archiveDir: archive });
    const second = fakeBuild({ 'mf-manifest.json': '{"v":2}', 'static/js/search.v2.js': 'two' });
    const app = createWebApp({ root: second, crossOrigin: true, archiveDir: archive });
    expect(await (await app.request('/mf-manifest.json')).json()).toEqual({ v: 2 });
    const old = await app.request('/static/js/search.v1.js');
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('one');
    expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await (await app.request('/static/js/search.v2.js')).text()).toBe('two');
    expect((await app.request('/static/js/never.js')).status).toBe(404);
  });

  it('forgets files no build has shipped for the retention time', () => {
    const archive = mkdtempSync(join(tmpdir(), 'web-archive-'));
    const day = 24 * 60 * 60 * 1000;
    archiveAssets(fakeBuild({ 'static/js/a.1.js': 'a' }), archive);
    const current = fakeBuild({ 'static/js/b.2.js': 'b' });
    expect(archiveAssets(current, archive, Date.now() + 29 * day)).toEqual({ archived: 1, removed: 0 });
    expect(archiveAssets(current, archive, Date.now() + 31 * day)).toEqual({ archived: 1, removed: 1 });
    expect(readdirSync(join(archive, 'static/js'))).toEqual(['b.2.js']);
  });
});
