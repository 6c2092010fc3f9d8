import {
  type Position,
  type PositionFields,
  ZPositionsAnswer,
  ZPositionWriteAnswer,
} from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { employerKeys } from '../../shared/employer-keys';

const positions = defineResource(employerKeys.positions, ZPositionsAnswer, 'positions');

/** The employer's positions, open and closed, newest first as the server sends them. */
export const usePositionsQuery = positions.useRead;

/** The open positions, for a search or a request to name; empty while they load or when they failed. */
export function useOpenPositions(): Position[] {
  const { data } = usePositionsQuery();
  return data?.filter((position) => position.status === 'open') ?? [];
}

/** Creates a position; the new one goes first in the list. */
export const useCreatePosition = () =>
  positions.useWrite({
    write: (api, fields: PositionFields) =>
      api('/employer/positions', { method: 'POST', body: fields, schema: ZPositionWriteAnswer }),
    update: ({ position }, list) => (list ? [position, ...list] : list),
  });

/** Saves a position's new terms and puts the answer's position into the list. */
export const useUpdatePosition = () =>
  positions.useWrite({
    write: (api, { id, fields }: { id: string; fields: PositionFields }) =>
      api(`/employer/positions/${id}`, { method: 'PUT', body: fields, schema: ZPositionWriteAnswer }),
    update: ({ position }, list) => replaceIn(list, position, 'id'),
  });

export type PositionMove = 'close' | 'reopen';

/** Closes or reopens a position; the answer's position replaces the one in the list. */
export const useMovePosition = () =>
  positions.useWrite({
    write: (api, { id, move }: { id: string; move: PositionMove }) =>
      api(`/employer/positions/${id}/${move}`, { method: 'POST', schema: ZPositionWriteAnswer }),
    update: ({ position }, list) => replaceIn(list, position, 'id'),
  });
