import * as ui from '@meritmatch/ui';
import * as dialogs from '@meritmatch/ui/dialogs';
import * as feedback from '@meritmatch/ui/feedback';
import * as router from '@meritmatch/web-build/router';
import * as webSession from '@meritmatch/web-session';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import provideRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import React from 'react';
import ReactDOM from 'react-dom';
import remoteLoadingPlugin from './remote-loading-plugin';

type Rules = { version: string; singleton: boolean; strictVersion: boolean; requiredVersion: string };
/** The shared modules' versions and rules, from the build (`offeredModules` of web-build). */
declare const MERITMATCH_SHARED: Record<string, Rules>;

/**
 * The module instances the shell offers under each shared name: the very ones its own pages
 * run, so that a remote rendering inside the shell uses the shell's React, router context
 * and session. CommonJS packages (React) as their `module.exports`, the rest as namespaces.
 */
const offered: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-router-dom': router,
  '@meritmatch/web-session': webSession,
  '@meritmatch/ui': ui,
  '@meritmatch/ui/dialogs': dialogs,
  '@meritmatch/ui/feedback': feedback,
};

/**
 * The shell as a Module Federation host, made when the first area is opened (or preloaded):
 * nothing of the federation runtime runs for `/`, `/login` or `/register`. Remotes are found
 * by their manifests and load on first use (`loaded-first`: no remote is fetched to negotiate
 * versions); a remote that needs another version of a singleton fails in its own area with
 * the runtime's message.
 */
export function startHost(manifests: Record<string, string>) {
  init({
    name: 'shell',
    remotes: Object.entries(manifests).map(([name, entry]) => ({ name, entry })),
    shareStrategy: 'loaded-first',
    // the remotes' entries carry no federation runtime of their own (web-build: `externalRuntime`):
    // they run on the shell's, which this plugin hands them
    plugins: [provideRuntimeCore(), remoteLoadingPlugin()],
    shared: Object.fromEntries(
      Object.entries(MERITMATCH_SHARED)
        .filter(([name]) => name in offered)
        .map(([name, { version, singleton, strictVersion, requiredVersion }]) => [
          name,
          { version, lib: () => offered[name], shareConfig: { singleton, strictVersion, requiredVersion } },
        ]),
    ),
  });
  return {
    load: <T>(id: string) => loadRemote<T>(id),
    /** Forgets what the runtime cached of a remote (a failed load), so the next load fetches it again. */
    forget: (name: string, entry: string) => registerRemotes([{ name, entry }], { force: true }),
  };
}
