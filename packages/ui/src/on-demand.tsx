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

/**
 * The module of `code` once it has come, fetched the first time `wanted` is true (at once if
 * another component had it fetched). Unlike `React.lazy` it shows the code as soon as it has
 * come (a new Suspense boundary holds what it reveals for 300 ms). Offline it gives nothing, and
 * the next `wanted` tries again.
 */
export function useCodeOnDemand<T>(code: CodeOnDemand<T>, wanted: boolean): T | undefined {
  const [module, setModule] = useState(() => code.loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let mounted = true;
    code
      .load()
      .then((result) => {
        code.loaded = result;
        if (mounted) setModule(() => result);
      })
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [code, wanted, module]);
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
