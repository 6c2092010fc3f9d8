import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remotes, runtime } from '../test/fake-federation';
import { loadArea, registerAreas } from './areas';

vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'));

describe('loadArea', () => {
  it('starts the federation runtime on the first area loaded, not before, and once', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response('{}');
      }),
    );
    registerAreas({
      apiBaseUrl: '/api',
      remotes: { jobseeker: '/mfe/jobseeker/mf-manifest.json', employer: '/e.json', admin: '/a.json' },
    });
    expect(runtime.inits).toBe(0);
    await loadArea('jobseeker');
    await loadArea('employer');
    expect(runtime.inits).toBe(1);
    // the first area's manifest was fetched alongside the runtime; the next one's by the runtime
    expect(fetched).toEqual(['/mfe/jobseeker/mf-manifest.json']);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    remotes.reset();
  });

  it('gives up on a remote after the 120 s load time-out, not before', async () => {
    vi.useFakeTimers();
    remotes.hang('mfe_admin');
    let settled = false;
    const outcome = loadArea('admin')
      .then(
        () => 'loaded',
        (error: Error) => error.message,
      )
      .finally(() => {
        settled = true;
      });
    expect(remoteLoadTimeoutMs).toBe(120_000);
    await vi.advanceTimersByTimeAsync(remoteLoadTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('mfe_admin did not load within 120 s');
  });

  it('refuses a remote that provides no app', async () => {
    remotes.empty('mfe_admin');
    await expect(loadArea('admin')).rejects.toThrow('mfe_admin did not provide an app');
  });
});
