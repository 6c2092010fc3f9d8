import { useSyncExternalStore } from 'react';
import { areas } from '../federation/areas';
import { remoteVersions } from '../federation/remote-versions';

const labelOf = (remote: string) =>
  Object.values(areas).find((area) => area.remote === remote)?.label ?? remote;

/** Which version of each area this tab runs: the footer line support asks for first. */
export function LoadedVersions() {
  const versions = useSyncExternalStore(remoteVersions.subscribe, remoteVersions.current);
  if (versions.length === 0) return null;
  return (
    <div className="container footer__versions muted" data-testid="loaded-versions">
      {versions.map(({ remote, version }) => (
        <span key={remote} data-remote={remote}>
          {labelOf(remote)} {version}
        </span>
      ))}
    </div>
  );
}
