import type { UserType } from '@meritmatch/contracts';

/**
 * Where the API and the remotes live, read at start from the page or `/config.json`, which the
 * shell's server writes from its environment. Nothing here is baked into the bundle.
 */
export type RuntimeConfig = {
  apiBaseUrl: string;
  remotes: Record<AreaKey, string>;
};

export const areaKeys = ['jobseeker', 'employer', 'admin'] as const;
export type AreaKey = (typeof areaKeys)[number];

/** Each role's own area. */
export const areaOfRole: Record<UserType, AreaKey> = {
  job_seeker: 'jobseeker',
  employer: 'employer',
  admin: 'admin',
};

/**
 * The config the page came with (the shell's web server puts `/config.json`'s content in each page,
 * web-server's `withRuntimeConfig`), else `/config.json` itself (a server that does not, such as
 * the container's nginx): one round trip fewer before anything of a signed-in page can start.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const config = embeddedConfig() ?? (await fetchedConfig());
  if (typeof config.apiBaseUrl !== 'string' || !config.remotes) throw new Error('/config.json is incomplete');
  for (const key of areaKeys) {
    if (typeof config.remotes[key] !== 'string')
      throw new Error(`/config.json has no manifest URL for ${key}`);
  }
  return config as RuntimeConfig;
}

/** The config the page came with, when it came with one that reads. */
export function embeddedConfig(): Partial<RuntimeConfig> | undefined {
  const text = document.getElementById('runtime-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<RuntimeConfig>;
  } catch {
    return undefined;
  }
}

async function fetchedConfig(): Promise<Partial<RuntimeConfig>> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return (await response.json()) as Partial<RuntimeConfig>;
}
