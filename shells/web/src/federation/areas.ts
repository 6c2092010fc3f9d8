import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { AreaKey, RuntimeConfig } from './runtime-config';

export type AreaDefinition = { key: AreaKey; remote: string; label: string };

export const areas: Record<AreaKey, AreaDefinition> = {
  jobseeker: { key: 'jobseeker', remote: 'mfe_jobseeker', label: 'job seeker area' },
  employer: { key: 'employer', remote: 'mfe_employer', label: 'employer area' },
  admin: { key: 'admin', remote: 'mfe_admin', label: 'admin area' },
};

let manifests: RuntimeConfig['remotes'] | undefined;

/** Registers the remotes by manifest URL; nothing is fetched until an area is opened. */
export function registerAreas(config: RuntimeConfig) {
  manifests = config.remotes;
  registerRemotes(
    Object.values(areas).map((area) => ({ name: area.remote, entry: config.remotes[area.key] })),
  );
}

/** Each area's load under way or done: a preload and the visit share one (one manifest fetch). */
const loads = new Map<AreaKey, Promise<{ default: ComponentType }>>();

/** Forgets a failed load (the runtime caches it), so that a retry fetches the remote again. */
export function resetArea(key: AreaKey) {
  loads.delete(key);
  if (!manifests) return;
  registerRemotes([{ name: areas[key].remote, entry: manifests[key] }], { force: true });
}

/** Loads an area's app once, failing after the product's 120 s budget; a failed load is forgotten. */
export function loadArea(key: AreaKey): Promise<{ default: ComponentType }> {
  let load = loads.get(key);
  if (!load) {
    const started = loadAreaNow(key);
    loads.set(key, started);
    started.catch(() => {
      if (loads.get(key) === started) loads.delete(key);
    });
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
    const module = await Promise.race([
      loadRemote<{ default: ComponentType }>(`${area.remote}/App`),
      timeout,
    ]);
    if (!module?.default) throw new Error(`${area.remote} did not provide an app`);
    return module;
  } finally {
    clearTimeout(timer);
  }
}
