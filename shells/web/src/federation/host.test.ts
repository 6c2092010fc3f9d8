import * as router from '@meritmatch/web-build/router';
import * as webSession from '@meritmatch/web-session';
import React from 'react';
import ReactDOM from 'react-dom';
import { describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ init: vi.fn(), loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { startHost } = await import('./host');

type Shared = { version: string; lib: () => unknown; shareConfig: Record<string, unknown> };

describe('the shell as a federation host', () => {
  const manifests = { mfe_admin: 'http://127.0.0.1:3003/mf-manifest.json' };
  startHost(manifests);
  const options = runtime.init.mock.calls[0]?.[0] as {
    name: string;
    remotes: unknown[];
    shareStrategy: string;
    shared: Record<string, Shared>;
  };

  it('finds remotes by manifest and fetches none of them to negotiate versions', () => {
    expect(options.name).toBe('shell');
    expect(options.remotes).toEqual([{ name: 'mfe_admin', entry: manifests.mfe_admin }]);
    expect(options.shareStrategy).toBe('loaded-first');
  });

  it.each([
    ['react', React],
    ['react-dom', ReactDOM],
    ['react-router-dom', router],
    ['@meritmatch/web-session', webSession],
  ])('offers the very %s the shell runs, as a strict singleton of its version', (name, instance) => {
    const shared = options.shared[name];
    expect(shared?.lib()).toBe(instance);
    expect(shared?.shareConfig).toEqual({
      singleton: true,
      strictVersion: true,
      requiredVersion: `^${shared?.version}`,
    });
  });

  it('offers its ui kit without making remotes use it', () => {
    expect(options.shared['@meritmatch/ui']?.shareConfig).toMatchObject({
      singleton: false,
      strictVersion: false,
    });
    expect(options.shared['@meritmatch/ui/dialogs']?.lib()).toBeDefined();
  });
});
