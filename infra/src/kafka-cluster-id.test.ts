import { describe, expect, it } from 'vitest';
import { clusterId } from './kafka';

describe('clusterId', () => {
  it('is 22 base64url characters that never start with a dash (the format tool would read an option)', () => {
    const ids = Array.from({ length: 5000 }, clusterId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
