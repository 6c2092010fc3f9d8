import {
  type ErasurePart,
  type ErasureRequester,
  type ErasureView,
  erasureParts,
  type UserType,
} from '@meritmatch/contracts';

/**
 * A person's erasure as auth records it (docs/decisions/0004-account-erasure.md): who asked,
 * when each service did its part, and when the account itself went. Ids and times only: it
 * outlives the account, as the proof that the erasure was carried out.
 */
export type Erasure = {
  userId: string;
  userType: UserType;
  by: ErasureRequester;
  /** The admin who started it; null when the person or the retention limit did. */
  requestedBy: string | null;
  requestedAt: Date;
  /** When `erasure.requested` was last sent (again) to the parts that have not answered. */
  lastSentAt: Date;
  parts: Record<ErasurePart, Date | null>;
  /** When auth erased the account, after every other part: the erasure is finished. */
  finishedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export const newErasure = (
  request: Pick<Erasure, 'userId' | 'userType' | 'by' | 'requestedBy'>,
  at: Date,
): Erasure => ({
  ...request,
  requestedAt: at,
  lastSentAt: at,
  parts: Object.fromEntries(erasureParts.map((part) => [part, null])) as Erasure['parts'],
  finishedAt: null,
  version: 1,
  createdAt: at,
  updatedAt: at,
});

/** The parts that have not answered yet. */
export const waitingParts = (erasure: Erasure): ErasurePart[] =>
  erasureParts.filter((part) => erasure.parts[part] === null);

/** Every other service has done its part: auth may erase the account. */
export const readyToFinish = (erasure: Erasure) =>
  erasure.finishedAt === null && waitingParts(erasure).length === 0;

/** A part's answer; null when it had answered already (a resend's second answer changes nothing). */
export const withPartDone = (erasure: Erasure, part: ErasurePart, at: Date): Erasure | null =>
  erasure.parts[part] === null ? { ...erasure, parts: { ...erasure.parts, [part]: at } } : null;

/** Whether the parts that have not answered are asked again now. */
export const resendDue = (erasure: Erasure, now: Date, everyMs: number) =>
  erasure.finishedAt === null &&
  waitingParts(erasure).length > 0 &&
  now.getTime() - erasure.lastSentAt.getTime() >= everyMs;

export const toErasureView = (erasure: Erasure): ErasureView => ({
  userId: erasure.userId,
  userType: erasure.userType,
  by: erasure.by,
  requestedAt: erasure.requestedAt.toISOString(),
  finishedAt: erasure.finishedAt?.toISOString() ?? null,
  lastSentAt: erasure.lastSentAt.toISOString(),
  parts: [
    ...erasureParts.map((part) => ({ part, doneAt: erasure.parts[part]?.toISOString() ?? null })),
    { part: 'auth' as const, doneAt: erasure.finishedAt?.toISOString() ?? null },
  ],
});
