import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remotes, runtime } from '../test/fake-federation';
import { loadArea, registerAreas, resetArea } from './areas';

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

  it('names the first failure when a later load of the same remote gives no app', async () => {
    const mismatch = new Error(
      'Version 1.0.0 from shell of shared singleton module @meritmatch/web-session does not satisfy the requirement of mfe_employer which needs ^2.0.0)',
    );
    remotes.fail('mfe_employer', mismatch);
    resetArea('employer');
    await expect(loadArea('employer')).rejects.toBe(mismatch);
    // the remote's half-run module, cached in its own runtime, has no app the second time
    remotes.empty('mfe_employer');
    resetArea('employer');
    await expect(loadArea('employer')).rejects.toBe(mismatch);
    // once it loads, the failure is behind it
    remotes.serve('mfe_employer');
    resetArea('employer');
    await expect(loadArea('employer')).resolves.toHaveProperty('default');
    remotes.empty('mfe_employer');
    resetArea('employer');
    await expect(loadArea('employer')).rejects.toThrow('mfe_employer did not provide an app');
  });
});
