import { describe, expect, it } from 'vitest';
import { filtersInWords } from './search-log-words';

describe("a search's filters in words", () => {
  it('says when the search came from one of the employer’s positions', () => {
    expect(
      filtersInWords({
        skills: ['Go'],
        preferred: [],
        location: null,
        experience: 'all',
        education: 'all',
        position: '1b2c3d4e-0000-4000-8000-000000000000',
        page: 1,
        limit: 12,
      }),
    ).toBe('Skills: Go; From position 1b2c3d4e; page 1 (12 a page)');
  });
});
