/**
 * Where the API and the remotes live, read at start from `/config.json`, which the
 * shell's server writes from its environment. Nothing here is baked into the bundle.
 */
export type RuntimeConfig = {
  apiBaseUrl: string;
  remotes: Record<AreaKey, string>;
};

export const areaKeys = ['jobseeker', 'employer', 'admin'] as const;
export type AreaKey = (typeof areaKeys)[number];

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  const config = (await response.json()) as Partial<RuntimeConfig>;
  if (typeof config.apiBaseUrl !== 'string' || !config.remotes) throw new Error('/config.json is incomplete');
  for (const key of areaKeys) {
    if (typeof config.remotes[key] !== 'string')
      throw new Error(`/config.json has no manifest URL for ${key}`);
  }
  return config as RuntimeConfig;
}
