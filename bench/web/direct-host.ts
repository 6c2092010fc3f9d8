import type { ComponentType } from 'react';

/**
 * The peer of the area-navigation case (bench/src/area-navigation), built for the browser: it stands in for the shell's federation host
 * (`shells/web/src/federation/host.ts`) in a build of the shell made by the bench, so that
 * each area is the same remote App bundled into the shell as a lazy chunk, with no
 * federation: no manifest, no remote entry, no share negotiation.
 */
const apps: Record<string, () => Promise<{ default: ComponentType }>> = {
  'mfe_jobseeker/App': () => import('../../mfe-jobseeker/src/exposes/App'),
  'mfe_employer/App': () => import('../../mfe-employer/src/exposes/App'),
  'mfe_admin/App': () => import('../../mfe-admin/src/exposes/App'),
};

export function startHost(_manifests: Record<string, string>) {
  return {
    load: <T>(id: string) => apps[id]!() as Promise<T>,
    forget: (_name: string, _entry: string) => undefined,
  };
}
