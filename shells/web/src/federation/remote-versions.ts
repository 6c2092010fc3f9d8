/**
 * The version of each remote as loaded in this tab (its manifest's build version), for the
 * footer. Filled by the remote-loading runtime plugin, so it imports nothing shared.
 */
export type RemoteVersion = { remote: string; version: string };

const loaded = new Map<string, string>();
const listeners = new Set<() => void>();
let snapshot: RemoteVersion[] = [];

export function recordRemoteVersion(remote: string, version: string) {
  if (loaded.get(remote) === version) return;
  loaded.set(remote, version);
  snapshot = [...loaded].map(([name, value]) => ({ remote: name, version: value }));
  for (const listener of listeners) listener();
}

export const remoteVersions = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => snapshot,
};
