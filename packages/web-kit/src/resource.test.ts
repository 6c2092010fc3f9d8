import { describe, expect, it } from 'vitest';
import { replaceIn } from './resource';

describe('replaceIn', () => {
  it('replaces the entry with the same identity and keeps the order', () => {
    const list = [
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'pending' },
    ];
    expect(replaceIn(list, { id: 'b', status: 'approved' }, 'id')).toEqual([
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'approved' },
    ]);
  });

  it('leaves a list not loaded yet as it is', () => {
    expect(replaceIn(undefined, { kind: 'welcome' }, 'kind')).toBeUndefined();
  });
});
