import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A log's filter as the address holds it: each named parameter that is there and not blank. */
export type AddressFilter<Name extends string> = Partial<Record<Name, string>>;

/**
 * A filter kept in the address (?code=EM123456&from=2026-11-01), so that it survives a reload
 * and a link. `filter` is a new object only when one of `names` changes in the address. `change`
 * puts a new filter there, the other parameters kept; `also` may change those too (a page
 * number). It adds an entry to the history, so Back returns to the filter before, unless
 * `replace` is set.
 */
export function useAddressFilter<Name extends string>(
  names: readonly Name[],
  { replace = false }: { replace?: boolean } = {},
) {
  const [params, setParams] = useSearchParams();
  // one string of them all, so that the filter is a new object only when one of them changes
  const key = JSON.stringify(names.map((name) => params.get(name) ?? ''));
  const filter = useMemo(() => {
    const values = JSON.parse(key) as string[];
    const chosen: AddressFilter<Name> = {};
    names.forEach((name, index) => {
      if (values[index]) chosen[name] = values[index];
    });
    return chosen;
  }, [key, names]);
  const change = useCallback(
    (next: AddressFilter<Name>, also?: (params: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const name of names) {
            const value = next[name];
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          also?.(updated);
          return updated;
        },
        { replace },
      ),
    [names, replace, setParams],
  );
  return { filter, params, change };
}
