import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Stands in for `@module-federation/enhanced/runtime` in the shell's component tests
 * (`vi.mock('@module-federation/enhanced/runtime', () => import('../test/fake-federation'))`):
 * there are no built remotes to fetch here. Each remote serves a small app naming its area,
 * unless a test makes it fail or hang; the shell's own loading code (time-out, retry,
 * error boundary) runs as it is.
 */
type Outcome = () => Promise<{ default: ComponentType } | undefined>;

/** What every remote serves unless told otherwise: "employer area loaded" under /employer. */
function RemoteApp() {
  const area = useLocation().pathname.split('/')[1];
  return <p data-testid="remote-app">{area} area loaded</p>;
}

const outcomes = new Map<string, Outcome>();
const served: Outcome = async () => ({ default: RemoteApp });

export const remotes = {
  /** The next loads of `remote` fail with `error`. */
  fail(remote: string, error: Error) {
    outcomes.set(remote, () => Promise.reject(error));
  },
  /** The next loads of `remote` give a module without an app. */
  empty(remote: string) {
    outcomes.set(remote, async () => undefined);
  },
  /** The next loads of `remote` never finish. */
  hang(remote: string) {
    outcomes.set(remote, () => new Promise(() => undefined));
  },
  /** The next loads of `remote` give `App`, or its usual small app. */
  serve(remote: string, App?: ComponentType) {
    outcomes.set(remote, App ? async () => ({ default: App }) : served);
  },
  reset() {
    outcomes.clear();
  },
};

export async function loadRemote(id: string) {
  const remote = id.slice(0, id.indexOf('/'));
  return (outcomes.get(remote) ?? served)();
}

/** How often the shell started its federation host (`init`). */
export const runtime = { inits: 0 };

export function init() {
  runtime.inits += 1;
}

export function registerRemotes() {}
