import { type ReactNode, useEffect, useState } from 'react';
import { LoadingState } from './feedback';

/** A module fetched the first time a component wants it, then kept for every later one. */
export type CodeOnDemand<T> = { load: () => Promise<T>; loaded?: T };

/**
 * Code that no first view needs, such as dialogs and the forms inside them, declared once at a
 * module's top: `const editor = onDemand(() => import('./Editor'));`.
 */
export function onDemand<T>(load: () => Promise<T>): CodeOnDemand<T> {
  return { load };
}

/** How long a failed fetch waits before it is tried again, while the code is still wanted. */
export const onDemandRetryDelaysMs = [500, 2000] as const;

/**
 * The module of `code` once it has come, fetched the first time `wanted` is true (at once if
 * another component had it fetched). Unlike `React.lazy` it shows the code as soon as it has
 * come (a new Suspense boundary holds what it reveals for 300 ms). A failed fetch is tried again
 * after each of `onDemandRetryDelaysMs` while the code is still wanted (a dialog asked for once
 * must not stay shut because one chunk failed); after that it gives nothing, and the next
 * `wanted` starts again.
 */
export function useCodeOnDemand<T>(code: CodeOnDemand<T>, wanted: boolean): T | undefined {
  const [module, setModule] = useState(() => code.loaded);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!wanted) setFailures(0);
    if (!wanted || module || failures > onDemandRetryDelaysMs.length) return;
    let mounted = true;
    const fetchIt = () =>
      code
        .load()
        .then((result) => {
          code.loaded = result;
          if (mounted) setModule(() => result);
        })
        .catch(() => {
          if (mounted) setFailures((count) => count + 1);
        });
    const timer = failures === 0 ? undefined : setTimeout(fetchIt, onDemandRetryDelaysMs[failures - 1]);
    if (failures === 0) fetchIt();
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, [code, wanted, module, failures]);
  return module;
}

/**
 * Renders `children` with the module of `code`, fetched when this is first rendered, and
 * `waiting` (a spinner unless told) until then:
 * `<OnDemand code={profileForm}>{({ ProfileForm }) => <ProfileForm … />}</OnDemand>`.
 */
export function OnDemand<T>({
  code,
  waiting = <LoadingState />,
  children,
}: {
  code: CodeOnDemand<T>;
  waiting?: ReactNode;
  children: (loaded: T) => ReactNode;
}) {
  const loaded = useCodeOnDemand(code, true);
  return loaded ? children(loaded) : waiting;
}
