import { describe, expect, it } from 'vitest';
import { contactLogCursor, ZContactLogQuery } from './admin';
import { ZCursorPagination } from './cursor';

const position = { createdAt: Date.UTC(2026, 10, 21, 9), id: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968' };
const badCursor = 'cursor is not valid: send the nextCursor of the page before';
const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('the contact log query', () => {
  it('reads a cursor it wrote back as the same position, in base64url', () => {
    const cursor = contactLogCursor.encode(position);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(ZContactLogQuery.parse({ cursor })).toEqual({ limit: 100, cursor: position });
  });

  it('starts at the newest entry without a cursor, or with a blank one', () => {
    expect(ZContactLogQuery.parse({})).toEqual({ limit: 100, cursor: undefined });
    expect(ZContactLogQuery.parse({ cursor: ' ', limit: '500' })).toEqual({ limit: 500, cursor: undefined });
  });

  it.each([
    ['not base64url', 'abc$def'],
    ['not JSON', base64url('createdAt=1')],
    ['a JSON of another shape', base64url(JSON.stringify([position.createdAt, position.id]))],
    ['a date out of range', base64url(JSON.stringify({ ...position, createdAt: 9e15 }))],
    ['a date that is not whole', base64url(JSON.stringify({ ...position, createdAt: 1.5 }))],
    ['an empty id', base64url(JSON.stringify({ ...position, id: '' }))],
    ['another field', base64url(JSON.stringify({ ...position, admin: true }))],
    ['too long', 'A'.repeat(401)],
    ['not UTF-8', Buffer.from([0xff, 0xfe]).toString('base64url')],
  ])('refuses a cursor that is %s', (_, cursor) => {
    const result = ZContactLogQuery.safeParse({ cursor });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cursor', badCursor],
    ]);
  });

  it.each([
    ['501', 'limit must be at most 500'],
    ['0', 'limit must be at least 1'],
    ['ten', 'limit must be a number'],
  ])('refuses limit=%s: %s', (limit, message) => {
    expect(ZContactLogQuery.safeParse({ limit }).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it('refuses another parameter and a cursor given twice', () => {
    expect(ZContactLogQuery.safeParse({ page: '2' }).success).toBe(false);
    expect(ZContactLogQuery.safeParse({ cursor: ['a', 'b'] }).error?.issues[0]?.message).toBe(badCursor);
  });
});

describe('cursor pagination', () => {
  it('gives a next cursor exactly when there is a next page', () => {
    expect(ZCursorPagination.safeParse({ hasNext: true, nextCursor: 'abc' }).success).toBe(true);
    expect(ZCursorPagination.safeParse({ hasNext: false, nextCursor: null }).success).toBe(true);
    expect(ZCursorPagination.safeParse({ hasNext: true, nextCursor: null }).success).toBe(false);
    expect(ZCursorPagination.safeParse({ hasNext: false, nextCursor: 'abc' }).success).toBe(false);
  });
});
