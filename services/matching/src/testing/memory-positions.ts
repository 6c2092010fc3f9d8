import { newestPositionFirst } from '../data/positions';
import type { Position } from '../domain/position';
import type { PositionStore } from '../use-cases/positions';

/** The positions in memory, answering as the database does (copies in, copies out). */
export function memoryPositions(): PositionStore {
  const held = new Map<string, Position>();
  const copy = (position: Position): Position => structuredClone(position);
  return {
    list: async (employerId) =>
      [...held.values()]
        .filter((position) => position.employerId === employerId)
        .map(copy)
        .sort(newestPositionFirst),
    async find(employerId, id) {
      const position = held.get(id);
      return position?.employerId === employerId ? copy(position) : undefined;
    },
    count: async (employerId) =>
      [...held.values()].filter((position) => position.employerId === employerId).length,
    async insert(position) {
      if (held.has(position.id)) throw new Error(`duplicate position ${position.id}`);
      held.set(position.id, copy(position));
    },
    async replace(position) {
      if (held.get(position.id)?.employerId !== position.employerId) return false;
      held.set(position.id, copy(position));
      return true;
    },
    async removeAll(employerId) {
      let removed = 0;
      for (const [id, position] of held)
        if (position.employerId === employerId) {
          held.delete(id);
          removed += 1;
        }
      return removed;
    },
  };
}
