import { LRUCache } from 'lru-cache';

/**
 * The candidates of one value: a list that is only appended to, and the ids taken out of it since
 * it was last compacted (tombstones). Appending to an array costs a fraction of adding to a `Set`
 * (a rebuild at a million candidates spent 12 s of its 55 s in such adds, decision 0027), and a
 * removal costs no search through the list; the list is compacted once an eighth of it is gone.
 */
class Posting<K> {
  private ids: K[] = [];
  private removed = new Set<K>();

  /** How many candidates hold the value. */
  get size() {
    return this.ids.length - this.removed.size;
  }

  add(id: K) {
    // taken out and back before a compaction: its entry is still in the list
    if (!this.removed.delete(id)) this.ids.push(id);
  }

  /** Takes out a candidate that holds the value. */
  remove(id: K) {
    this.removed.add(id);
    if (this.removed.size * 8 > this.ids.length) {
      const { removed } = this;
      this.ids = this.ids.filter((held) => !removed.has(held));
      this.removed = new Set();
    }
  }

  /** Adds every candidate holding the value to `into`. */
  collect(into: Set<K>) {
    const { ids, removed } = this;
    if (removed.size === 0) for (const id of ids) into.add(id);
    else for (const id of ids) if (!removed.has(id)) into.add(id);
  }
}

/** Each value of a list once: a candidate may give two skills the same lower-cased name. */
const distinct = (values: readonly string[]) =>
  values.length < 2 || new Set(values).size === values.length ? values : [...new Set(values)];

/**
 * Candidates by the values they have (skill names, a location), found by any part of a value:
 * an inverted index (value → candidates). The candidates of a searched text are the union of the
 * values containing it (or, for a skill, equal to one of its synonyms); the unions of the texts
 * searched lately are kept and follow every change, so a repeated search costs a lookup instead
 * of copying every candidate of those values.
 * The sets it answers are its own: read them, never change them.
 */
export class SubstringIndex<K = string> {
  private readonly byValue = new Map<string, Posting<K>>();
  private readonly unions = new LRUCache<string, { matches: (value: string) => boolean; ids: Set<K> }>({
    max: 64,
  });

  /**
   * Sets a candidate's values (lower-cased by the caller) in place of `previous`, the values it set
   * before (none for a new candidate). The caller keeps each candidate's values, so that this index
   * holds no second list of them for every candidate.
   */
  set(id: K, values: readonly string[], previous: readonly string[] = []) {
    this.remove(id, previous);
    for (const value of distinct(values)) {
      const posting = this.byValue.get(value);
      if (posting) posting.add(id);
      else {
        const created = new Posting<K>();
        created.add(id);
        this.byValue.set(value, created);
      }
    }
    if (this.unions.size === 0) return;
    for (const union of this.unions.values()) {
      if (values.some(union.matches)) union.ids.add(id);
    }
  }

  /** Takes a candidate out, with the values it set. */
  remove(id: K, values: readonly string[]) {
    for (const value of distinct(values)) {
      const posting = this.byValue.get(value);
      if (!posting) continue;
      posting.remove(id);
      if (posting.size === 0) this.byValue.delete(value);
    }
    if (this.unions.size === 0) return;
    for (const union of this.unions.values()) union.ids.delete(id);
  }

  /** The candidates with a value containing `text`. */
  containing(text: string): ReadonlySet<K> {
    return this.matching(text, (value) => value.includes(text));
  }

  /**
   * The candidates with a value containing `text` or equal to one of `alike` (the other names of
   * the skill `text` names): "js" finds "Node.js" as before, and "JavaScript" and "ECMAScript" too.
   */
  containingOrEqual(text: string, alike: readonly string[]): ReadonlySet<K> {
    const others = alike.filter((name) => name !== text);
    if (others.length === 0) return this.containing(text);
    const equal = new Set(others);
    return this.matching(
      `${text}\u0000${others.join('\u0000')}`,
      (value) => value.includes(text) || equal.has(value),
    );
  }

  /** The candidates with a value equal to one of `values` (a value a text is only part of does not count). */
  equalTo(values: readonly string[]): ReadonlySet<K> {
    const equal = new Set(values);
    return this.matching(`\u0001equal\u0000${[...equal].join('\u0000')}`, (value) => equal.has(value));
  }

  private matching(key: string, matches: (value: string) => boolean): ReadonlySet<K> {
    const known = this.unions.get(key);
    if (known) return known.ids;
    const ids = new Set<K>();
    for (const [value, posting] of this.byValue) if (matches(value)) posting.collect(ids);
    this.unions.set(key, { matches, ids });
    return ids;
  }
}
