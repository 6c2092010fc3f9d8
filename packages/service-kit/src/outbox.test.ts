import { describe, expect, it } from 'vitest';
import { withEvents, withInitialEvents } from './outbox';

const event = (id: string) => ({
  id,
  type: 't.happened',
  version: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'test',
  aggregateId: 'a1',
  data: {},
});

describe('outbox update helpers', () => {
  it('adds the events to the same update as the change', () => {
    expect(withEvents({ $set: { name: 'x' }, $inc: { version: 1 } }, [event('e1'), event('e2')])).toEqual({
      $set: { name: 'x', _outboxPending: true },
      $inc: { version: 1, _outboxCount: 2 },
      $push: { _outbox: { $each: [event('e1'), event('e2')] } },
    });
  });

  it('leaves an update without events alone', () => {
    expect(withEvents({ $set: { name: 'x' } }, [])).toEqual({ $set: { name: 'x' } });
  });

  it('starts a new document with its events pending', () => {
    expect(withInitialEvents([event('e1')])).toEqual({
      _outbox: [event('e1')],
      _outboxCount: 1,
      _outboxPending: true,
    });
  });
});
