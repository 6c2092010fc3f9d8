import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
