import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False while the page is the prerendered HTML (on the server, and while React takes it over),
 * true from then on. A control whose work is done by a handler stays disabled until then: a
 * click would do nothing, and a form would be sent by the browser itself (the password in the
 * address).
 */
export function useHydrated() {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
