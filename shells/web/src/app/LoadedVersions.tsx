import { areas } from '../federation/areas';
import { loadedRemoteVersions } from '../federation/remote-versions';

const labelOf = (remote: string) =>
  Object.values(areas).find((area) => area.remote === remote)?.label ?? remote;

/** Which version of each area this tab runs: the line support asks for first. */
export default function LoadedVersions() {
  const versions = [...loadedRemoteVersions];
  return (
    <div className="container footer__versions" data-testid="loaded-versions">
      {versions.length === 0
        ? 'No area loaded in this tab yet.'
        : versions.map(([remote, version]) => (
            <span key={remote} data-remote={remote}>
              {labelOf(remote)} {version}
            </span>
          ))}
    </div>
  );
}
