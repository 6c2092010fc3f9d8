import { describe, expect, it } from 'vitest';
import { SubstringIndex } from './substring-index';

const sorted = (ids: ReadonlySet<string>) => [...ids].sort();

describe('substring index', () => {
  it('finds candidates by any part of a value, and keeps a searched text up to date through changes', () => {
    const index = new SubstringIndex();
    index.set('a', ['postgresql', 'go']);
    index.set('b', ['mysql']);
    index.set('c', ['django']);
    expect(sorted(index.containing('sql'))).toEqual(['a', 'b']);
    expect(sorted(index.containing('go'))).toEqual(['a', 'c']);

    index.set('a', ['rust'], ['postgresql', 'go']);
    index.set('d', ['sql server']);
    index.remove('b', ['mysql']);
    expect(sorted(index.containing('sql'))).toEqual(['d']);
    expect(sorted(index.containing('go'))).toEqual(['c']);
    expect(sorted(index.containing('ru'))).toEqual(['a']);
  });

  it('finds a term by its text or a synonym by its whole value, and keeps that search up to date too', () => {
    const index = new SubstringIndex();
    index.set('a', ['javascript']);
    index.set('b', ['node.js']);
    index.set('c', ['jsx templates', 'ecmascript']);
    index.set('d', ['es6 modules']);
    const js = () => sorted(index.containingOrEqual('js', ['js', 'javascript', 'ecmascript', 'es6']));
    // "es6 modules" only contains a synonym: synonyms match whole values
    expect(js()).toEqual(['a', 'b', 'c']);

    index.set('e', ['es6']);
    index.set('a', ['python'], ['javascript']);
    expect(js()).toEqual(['b', 'c', 'e']);
    // the plain search of the same text is its own
    expect(sorted(index.containing('js'))).toEqual(['b', 'c']);
    expect(index.containingOrEqual('go', ['go'])).toBe(index.containing('go'));
  });

  it('keeps each candidate once per value through many changes, duplicates and removals', () => {
    const index = new SubstringIndex();
    const held = new Map<string, string[]>();
    const values = ['python', 'postgresql', 'go', 'rust', 'mysql'];
    // a fixed walk of adds, changes and removals, checked against a plain model at every step
    let seed = 7;
    // mulberry32: 32-bit integer arithmetic only, so the walk is the same on every machine
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    for (let step = 0; step < 6000; step++) {
      const id = `c${next(400)}`;
      const previous = held.get(id) ?? [];
      if (next(4) === 0) {
        index.remove(id, previous);
        held.delete(id);
      } else {
        const chosen = values.filter(() => next(2) === 0);
        // a candidate may give two skills the same lower-cased name
        if (chosen.length > 0 && next(5) === 0) chosen.push(chosen[0]!);
        index.set(id, chosen, previous);
        held.set(id, chosen);
      }
      if (step % 100 === 0 || step === 5999) {
        for (const text of ['sql', 'go', 'py', 'r']) {
          const expected = [...held].filter(([, list]) => list.some((value) => value.includes(text)));
          const ids = expected.map(([candidate]) => candidate).sort();
          // kept up to date since the first search of the text, and read afresh from the values
          expect(sorted(index.containing(text)), `${text} at step ${step}`).toEqual(ids);
          expect(sorted(index.containingOrEqual(text, [text, `never ${step}`])), `${text} afresh`).toEqual(
            ids,
          );
        }
      }
    }
  });
});
