import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import type { ComponentType } from 'react';
import { prefetchManifest } from './manifest-prefetch';
import type { AreaKey, RuntimeConfig } from './runtime-config';

export type AreaDefinition = { key: AreaKey; remote: string; label: string };

export const areas: Record<AreaKey, AreaDefinition> = {
  jobseeker: { key: 'jobseeker', remote: 'mfe_jobseeker', label: 'job seeker area' },
  employer: { key: 'employer', remote: 'mfe_employer', label: 'employer area' },
  admin: { key: 'admin', remote: 'mfe_admin', label: 'admin area' },
};

let manifests: RuntimeConfig['remotes'] | undefined;

/** Notes where each area's manifest is; nothing is fetched, nor the federation runtime started. */
export function registerAreas(config: RuntimeConfig) {
  manifests = config.remotes;
}

type Host = ReturnType<typeof import('./host').startHost>;
let host: Promise<Host> | undefined;

/** The shell's federation host, started on first use (its runtime is a chunk of its own). */
function federationHost(): Promise<Host> {
  if (!host) {
    const entries = Object.fromEntries(
      Object.values(areas).map((area) => [area.remote, manifests?.[area.key] ?? '']),
    );
    const started = import('./host').then(({ startHost }) => startHost(entries));
    started.catch(() => {
      if (host === started) host = undefined;
    });
    host = started;
  }
  return host;
}

/** Areas whose last load failed: the runtime caches a failure, so the next load starts afresh. */
const stale = new Set<AreaKey>();

/**
 * Each area's last failure from the runtime, until it loads. A remote whose code threw while
 * it ran (a shared singleton of the wrong version) keeps that half-run module in its own
 * module cache for the tab's life, so a later load may give a module without its app: the
 * cause the area shows is then the first failure, not "did not provide an app".
 */
const failures = new Map<AreaKey, unknown>();

/** Each area's load under way or done: a preload and the visit share one (one manifest fetch). */
const loads = new Map<AreaKey, Promise<{ default: ComponentType }>>();

/** Each area's app once loaded, for a visit that can show it at once. */
const loaded = new Map<AreaKey, ComponentType>();

/** Forgets a failed load (the runtime caches it), so that a retry fetches the remote again. */
export function resetArea(key: AreaKey) {
  loads.delete(key);
  loaded.delete(key);
  stale.add(key);
}

/** The area's app if it has loaded in this tab (preloaded, or visited before), else undefined. */
export function loadedArea(key: AreaKey): ComponentType | undefined {
  return loaded.get(key);
}

/** Loads an area's app once, failing after the product's 120 s budget; a failed load is forgotten. */
export function loadArea(key: AreaKey): Promise<{ default: ComponentType }> {
  let load = loads.get(key);
  if (!load) {
    const started = loadAreaNow(key);
    loads.set(key, started);
    started.then(
      (module) => {
        if (loads.get(key) === started) loaded.set(key, module.default);
      },
      () => {
        if (loads.get(key) === started) loads.delete(key);
      },
    );
    load = started;
  }
  return load;
}

async function loadAreaNow(key: AreaKey): Promise<{ default: ComponentType }> {
  const area = areas[key];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${area.remote} did not load within ${remoteLoadTimeoutMs / 1000} s`)),
      remoteLoadTimeoutMs,
    );
  });
  try {
    // the tab's first area: its manifest travels with the runtime's own chunk
    const manifest = manifests?.[key];
    if (!host && manifest) prefetchManifest(manifest, './App');
    const module = await Promise.race([
      federationHost().then((federation) => {
        if (stale.delete(key)) federation.forget(area.remote, manifests?.[key] ?? '');
        return federation.load<{ default: ComponentType }>(`${area.remote}/App`).catch((error: unknown) => {
          failures.set(key, error);
          throw error;
        });
      }),
      timeout,
    ]);
    if (!module?.default) throw failures.get(key) ?? new Error(`${area.remote} did not provide an app`);
    failures.delete(key);
    return module;
  } finally {
    clearTimeout(timer);
  }
}
