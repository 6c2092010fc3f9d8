import { LRUCache } from 'lru-cache';

/**
 * Candidates by the values they have (skill names, a location), found by any part of a value:
 * an inverted index (value → candidates). The candidates of a searched text are the union of the
 * values containing it (or, for a skill, equal to one of its synonyms); the unions of the texts
 * searched lately are kept and follow every change, so a repeated search costs a lookup instead
 * of copying every candidate of those values.
 * The sets it answers are its own: read them, never change them.
 */
export class SubstringIndex {
  private readonly byValue = new Map<string, Set<string>>();
  private readonly unions = new LRUCache<string, { matches: (value: string) => boolean; ids: Set<string> }>({
    max: 64,
  });

  /**
   * Sets a candidate's values (lower-cased by the caller) in place of `previous`, the values it set
   * before (none for a new candidate). The caller keeps each candidate's values, so that this index
   * holds no second list of them for every candidate.
   */
  set(id: string, values: readonly string[], previous: readonly string[] = []) {
    this.remove(id, previous);
    for (const value of values) {
      const ids = this.byValue.get(value);
      if (ids) ids.add(id);
      else this.byValue.set(value, new Set([id]));
    }
    for (const union of this.unions.values()) {
      if (values.some(union.matches)) union.ids.add(id);
    }
  }

  /** Takes a candidate out, with the values it set. */
  remove(id: string, values: readonly string[]) {
    for (const value of values) {
      const ids = this.byValue.get(value);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size === 0) this.byValue.delete(value);
    }
    for (const union of this.unions.values()) union.ids.delete(id);
  }

  /** The candidates with a value containing `text`. */
  containing(text: string): ReadonlySet<string> {
    return this.matching(text, (value) => value.includes(text));
  }

  /**
   * The candidates with a value containing `text` or equal to one of `alike` (the other names of
   * the skill `text` names): "js" finds "Node.js" as before, and "JavaScript" and "ECMAScript" too.
   */
  containingOrEqual(text: string, alike: readonly string[]): ReadonlySet<string> {
    const others = alike.filter((name) => name !== text);
    if (others.length === 0) return this.containing(text);
    const equal = new Set(others);
    return this.matching(
      `${text}\u0000${others.join('\u0000')}`,
      (value) => value.includes(text) || equal.has(value),
    );
  }

  private matching(key: string, matches: (value: string) => boolean): ReadonlySet<string> {
    const known = this.unions.get(key);
    if (known) return known.ids;
    const ids = new Set<string>();
    for (const [value, holders] of this.byValue) {
      if (!matches(value)) continue;
      for (const id of holders) ids.add(id);
    }
    this.unions.set(key, { matches, ids });
    return ids;
  }
}
