import { randomUUID } from 'node:crypto';
import { type PositionFields, positionLimit } from '@meritmatch/contracts';
import { type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import type { Position } from '../domain/position';

/** Where positions are kept: each employer's own, read and written only under its id. */
export type PositionStore = {
  /** The employer's positions, newest first (ties by id). */
  list: (employerId: string) => Promise<Position[]>;
  find: (employerId: string, id: string) => Promise<Position | undefined>;
  count: (employerId: string) => Promise<number>;
  insert: (position: Position) => Promise<void>;
  /** Replaces the employer's position; false when it has none of that id. */
  replace: (position: Position) => Promise<boolean>;
  /** Removes every position of the employer (its erasure); how many went. */
  removeAll: (employerId: string) => Promise<number>;
};

const notFound = () => new DomainError('position.not-found');

/** An employer's positions: create, edit, close and reopen, and the open one a search or request names. */
export function createPositions({ store, clock = systemClock }: { store: PositionStore; clock?: Clock }) {
  async function change(employerId: string, id: string, next: (current: Position) => Position) {
    const current = await store.find(employerId, id);
    if (!current) throw notFound();
    const changed = { ...next(current), updatedAt: clock() };
    if (!(await store.replace(changed))) throw notFound();
    return changed;
  }

  return {
    list: (employerId: string) => store.list(employerId),

    /** Refused past `positionLimit` positions (a count and an insert: two at once may pass it by one). */
    async create(employerId: string, fields: PositionFields) {
      if ((await store.count(employerId)) >= positionLimit) throw new DomainError('position.too-many');
      const now = clock();
      const position: Position = {
        ...fields,
        id: randomUUID(),
        employerId,
        status: 'open',
        createdAt: now,
        updatedAt: now,
      };
      await store.insert(position);
      return position;
    },

    update: (employerId: string, id: string, fields: PositionFields) =>
      change(employerId, id, (current) => ({ ...current, ...fields })),
    close: (employerId: string, id: string) =>
      change(employerId, id, (current) => ({ ...current, status: 'closed' })),
    reopen: (employerId: string, id: string) =>
      change(employerId, id, (current) => ({ ...current, status: 'open' })),

    /** The employer's position of that id, open or closed, or undefined. */
    get: (employerId: string, id: string) => store.find(employerId, id),

    /** The employer's open position of that id: another employer's, or a closed one, is refused. */
    async open(employerId: string, id: string) {
      const position = await store.find(employerId, id);
      if (!position) throw notFound();
      if (position.status !== 'open') throw new DomainError('position.closed');
      return position;
    },

    /** The employer's erasure: every position goes (positions hold the employer's words). */
    eraseEmployer: (employerId: string) => store.removeAll(employerId),
  };
}

export type Positions = ReturnType<typeof createPositions>;
