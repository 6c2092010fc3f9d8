import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadArea } from './areas';
import { connectEarly } from './early-connections';
import { preloadOwnAreaOpened } from './preload';
import { loadRuntimeConfig } from './runtime-config';

vi.mock('./areas', () => ({ loadArea: vi.fn(() => new Promise(() => undefined)), resetArea: vi.fn() }));

const config = {
  apiBaseUrl: 'http://127.0.0.1:4100/api',
  remotes: {
    jobseeker: 'http://127.0.0.1:3001/mf-manifest.json',
    employer: 'http://127.0.0.1:3002/mf-manifest.json',
    admin: 'http://127.0.0.1:3003/mf-manifest.json',
  },
};

function pageWithConfig(value: unknown) {
  const element = document.createElement('script');
  element.id = 'runtime-config';
  element.type = 'application/json';
  element.textContent = JSON.stringify(value);
  document.head.append(element);
}

const preconnects = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')).map(
    (link) => `${link.href} ${link.crossOrigin}`,
  );

describe('a signed-in page starting early', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the config the page came with, without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    pageWithConfig(config);
    expect(await loadRuntimeConfig()).toEqual(config);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks /config.json when the page has none (the container's server)", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(config)));
    vi.stubGlobal('fetch', fetch);
    expect(await loadRuntimeConfig()).toEqual(config);
    expect(fetch).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it("connects to the API and the person's own area, and to nothing for a visitor", () => {
    pageWithConfig(config);
    connectEarly();
    expect(preconnects()).toEqual([]);
    localStorage.setItem('token', 'a.token');
    localStorage.setItem('user', JSON.stringify({ id: 'u1', email: 'e@example.com', userType: 'employer' }));
    connectEarly();
    expect(preconnects()).toEqual(['http://127.0.0.1:4100/ anonymous', 'http://127.0.0.1:3002/ anonymous']);
  });

  it('connects to no origin of its own, and gives up quietly on a session it cannot read', () => {
    pageWithConfig({ apiBaseUrl: '/api', remotes: { admin: '/mfe/admin/mf-manifest.json' } });
    localStorage.setItem('token', 'a.token');
    localStorage.setItem('user', JSON.stringify({ userType: 'admin' }));
    connectEarly();
    expect(preconnects()).toEqual([]);
    localStorage.setItem('user', '{not json');
    expect(() => connectEarly()).not.toThrow();
  });
});

describe("the person's own area opened directly", () => {
  it('starts loading with the shell, only for a page of that area', () => {
    preloadOwnAreaOpened('employer', '/employers-elsewhere');
    preloadOwnAreaOpened('employer', '/job-seeker');
    preloadOwnAreaOpened('employer', '/');
    expect(loadArea).not.toHaveBeenCalled();
    preloadOwnAreaOpened('employer', '/employer/search');
    expect(loadArea).toHaveBeenCalledWith('employer');
    preloadOwnAreaOpened('admin', '/admin');
    expect(loadArea).toHaveBeenLastCalledWith('admin');
  });
});
