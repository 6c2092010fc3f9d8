import { LRUCache } from 'lru-cache';

/**
 * Candidates by the values they have (skill names, a location), found by any part of a value:
 * an inverted index (value → candidates). The candidates of a searched text are the union of the
 * values containing it; the unions of the texts searched lately are kept and follow every change,
 * so a repeated search costs a lookup instead of copying every candidate of those values.
 * The sets it answers are its own: read them, never change them.
 */
export class SubstringIndex {
  private readonly byValue = new Map<string, Set<string>>();
  private readonly valuesOf = new Map<string, readonly string[]>();
  private readonly unions = new LRUCache<string, Set<string>>({ max: 64 });

  /** Sets a candidate's values (lower-cased by the caller), in place of any earlier ones. */
  set(id: string, values: readonly string[]) {
    this.remove(id);
    this.valuesOf.set(id, values);
    for (const value of values) {
      const ids = this.byValue.get(value);
      if (ids) ids.add(id);
      else this.byValue.set(value, new Set([id]));
    }
    for (const [text, union] of this.unions.entries()) {
      if (values.some((value) => value.includes(text))) union.add(id);
    }
  }

  remove(id: string) {
    const values = this.valuesOf.get(id);
    if (!values) return;
    this.valuesOf.delete(id);
    for (const value of values) {
      const ids = this.byValue.get(value);
      if (!ids) continue;
      ids.delete(id);
      if (ids.size === 0) this.byValue.delete(value);
    }
    for (const union of this.unions.values()) union.delete(id);
  }

  /** The candidates with a value containing `text`. */
  containing(text: string): ReadonlySet<string> {
    const known = this.unions.get(text);
    if (known) return known;
    const union = new Set<string>();
    for (const [value, ids] of this.byValue) {
      if (!value.includes(text)) continue;
      for (const id of ids) union.add(id);
    }
    this.unions.set(text, union);
    return union;
  }
}
