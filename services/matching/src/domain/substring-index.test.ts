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

    index.set('a', ['rust']);
    index.set('d', ['sql server']);
    index.remove('b');
    expect(sorted(index.containing('sql'))).toEqual(['d']);
    expect(sorted(index.containing('go'))).toEqual(['c']);
    expect(sorted(index.containing('ru'))).toEqual(['a']);
  });
});
