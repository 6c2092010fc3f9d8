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
});
