import { lookupLimit } from '@meritmatch/contracts';

/**
 * The ids in groups of at most `size` (the contracts' `lookupLimit`, which an owner refuses past),
 * each with the entries that name one of its ids: a reason goes with its id, so that the owner
 * records each read for the reason it was made for.
 */
export function lookupGroups<E extends { id: string }>(
  ids: readonly string[],
  entries: readonly E[] = [],
  size = lookupLimit,
): Array<{ ids: string[]; entries: E[] }> {
  const unique = [...new Set(ids)];
  const groups: Array<{ ids: string[]; entries: E[] }> = [];
  for (let start = 0; start < unique.length; start += size) {
    const group = unique.slice(start, start + size);
    const named = new Set(group);
    groups.push({ ids: group, entries: entries.filter((entry) => named.has(entry.id)) });
  }
  return groups;
}
