import { describe, expect, it } from 'vitest';
import { ZCandidateSearchQuery } from './matching';

describe('query integers', () => {
  it.each([
    ['500', 'limit must be at most 50'],
    ['abc', 'limit must be a number'],
    ['2.5', 'limit must be a whole number'],
    ['0', 'limit must be at least 1'],
  ])('limit=%s says what is wrong: %s', (limit, message) => {
    const result = ZCandidateSearchQuery.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('takes the default for a blank value', () => {
    expect(ZCandidateSearchQuery.parse({ limit: '' }).limit).toBe(12);
  });
});
