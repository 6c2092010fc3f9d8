import { type CandidateFit, rankingVersion, ZCandidateSearchQuery } from '@meritmatch/contracts';
import { describe, expect, it } from 'vitest';
import { searchEntry, weekCountsOf, weeklyAppearances, weekOf, weekStartOf, weeksUpTo } from './search-log';

const at = (iso: string) => new Date(iso);

describe('the search log entries', () => {
  const shown = [
    { candidateId: '11111111-1111-4111-8111-111111111111', uniqueCode: 'EM100001' },
    { candidateId: '22222222-2222-4222-8222-222222222222', uniqueCode: 'EM100002' },
  ];

  it('logs a ranked search with its filters as read, the ranking version and each score in order', () => {
    const query = ZCandidateSearchQuery.parse({ skills: ' React, ,Node ', preferred: 'Go', page: '2' });
    const fit = (score: number, label: CandidateFit['label']): CandidateFit => ({
      score,
      label,
      ranking: rankingVersion,
      matched: [],
      missing: [],
      factors: { skills: score, experience: null, education: null },
    });
    const fits = new Map([
      [shown[0]!.candidateId, fit(90, 'Strong fit')],
      [shown[1]!.candidateId, fit(55, 'Good fit')],
    ]);
    expect(searchEntry('id', 'employer', at('2026-05-01T10:00:00Z'), query, shown, fits)).toEqual({
      id: 'id',
      kind: 'search',
      employerId: 'employer',
      at: at('2026-05-01T10:00:00Z'),
      filters: {
        skills: ['React', 'Node'],
        preferred: ['Go'],
        location: null,
        experience: 'all',
        education: 'all',
        position: null,
        page: 2,
        limit: 12,
      },
      rankingVersion,
      results: [
        { ...shown[0], score: 90 },
        { ...shown[1], score: 55 },
      ],
    });
  });

  it('logs a search that named no skill with no ranking version and no scores', () => {
    const query = ZCandidateSearchQuery.parse({ location: 'Berlin', experience: 'senior' });
    const entry = searchEntry('id', 'employer', at('2026-05-01T10:00:00Z'), query, shown, new Map());
    expect(entry.rankingVersion).toBeNull();
    expect(entry.filters).toMatchObject({ skills: [], location: 'Berlin', experience: 'senior' });
    expect(entry.results.map((result) => result.score)).toEqual([null, null]);
  });
});

describe('weeks of appearances', () => {
  it('starts an ISO week on Monday, in UTC', () => {
    expect(weekStartOf(at('2026-05-06T23:59:00Z'))).toEqual(at('2026-05-04T00:00:00Z')); // a Wednesday
    expect(weekStartOf(at('2026-05-10T12:00:00Z'))).toEqual(at('2026-05-04T00:00:00Z')); // a Sunday
    expect(weekStartOf(at('2026-05-11T00:00:00Z'))).toEqual(at('2026-05-11T00:00:00Z')); // a Monday
    expect(weekStartOf(at('2027-01-01T08:00:00Z'))).toEqual(at('2026-12-28T00:00:00Z')); // across a year
    expect(weekOf(at('2026-05-10T12:00:00Z'))).toBe('2026-05-04');
    const weeks = weeksUpTo(at('2026-05-06T12:00:00Z'));
    expect([weeks.length, weeks[0], weeks[25]]).toEqual([26, '2026-05-04', '2025-11-10']);
  });

  it('gives 26 weeks newest first from the counts held, the empty ones too, and leaves other weeks out', () => {
    const now = at('2026-05-06T12:00:00Z');
    const weeks = weeklyAppearances(
      [
        { weekStart: '2026-05-04', searches: 2, opened: 1 },
        { weekStart: '2026-04-27', searches: 1, opened: 0 },
        { weekStart: '2025-11-10', searches: 0, opened: 1 },
        { weekStart: '2025-11-03', searches: 7, opened: 7 }, // before the oldest week: not counted
      ],
      now,
    );
    expect(weeks).toHaveLength(26);
    expect(weeks[0]).toEqual({ weekStart: '2026-05-04', searches: 2, opened: 1 });
    expect(weeks[1]).toEqual({ weekStart: '2026-04-27', searches: 1, opened: 0 });
    expect(weeks[2]).toEqual({ weekStart: '2026-04-20', searches: 0, opened: 0 });
    expect(weeks[25]).toEqual({ weekStart: '2025-11-10', searches: 0, opened: 1 });
    expect(weeks.reduce((sum, week) => sum + week.searches + week.opened, 0)).toBe(5);
  });

  it('adds one to each candidate an entry shows, in the week of the entry (a Sunday is the week before)', () => {
    const entry = searchEntry(
      'id',
      'employer',
      at('2026-05-03T23:59:59Z'),
      { experience: 'all', education: 'all', page: 1, limit: 12 },
      [
        { candidateId: 'a', uniqueCode: 'EM1' },
        { candidateId: 'b', uniqueCode: 'EM2' },
      ],
      new Map(),
    );
    expect(weekCountsOf(entry)).toEqual({
      weekStart: '2026-04-27',
      field: 'searches',
      candidateIds: ['a', 'b'],
    });
  });
});
