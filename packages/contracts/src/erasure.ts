import { z } from 'zod';
import { ZErasurePart, ZErasureRequester } from './events/erasures';
import { ZUserType } from './primitives';

/**
 * "Delete my account" (GDPR Art. 17): confirmed with the password. At once the account is
 * disabled, its tokens refused and the person out of search; within minutes every service
 * erases its own data (SECURITY.md lists what remains).
 */
export const ZEraseAccountRequest = z.strictObject({
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(200),
});
export type EraseAccountRequest = z.infer<typeof ZEraseAccountRequest>;

export const erasureMessages = {
  /** Shown once the account is disabled ("successfully" marks it as a success). */
  started:
    'Your account was deleted successfully. Your data is being erased from every part of MeritMatch within minutes.',
  /** The admin started the erasure of a request that arrived by other means. */
  adminStarted: 'Erasure started successfully. The account is disabled and every service erases its part.',
  /** An admin account is never erased through this. */
  adminProtected: 'An admin account cannot be erased',
  /** The account is already being erased: nothing else may change it. */
  inProgress: 'This account is being erased',
  /** Beside User Management's "delete", which is a suspension. */
  notErasure:
    '"Delete" here is a suspension that can be undone: the data is kept. To erase a person\'s data for good, use "Erase for good".',
} as const;

/** Every part of an erasure: auth's (the account, last) and each service's. */
export const ZErasurePartView = z.object({
  part: z.union([ZErasurePart, z.literal('auth')]),
  doneAt: z.iso.datetime().nullable(),
});

/** An erasure as the admin's "Leaving" view lists it: ids and times only. */
export const ZErasureView = z.object({
  userId: z.uuid(),
  userType: ZUserType,
  by: ZErasureRequester,
  requestedAt: z.iso.datetime(),
  /** When the last part was done and the account erased; null while it is unfinished. */
  finishedAt: z.iso.datetime().nullable(),
  /** When the request was last sent to the parts that have not answered. */
  lastSentAt: z.iso.datetime(),
  parts: z.array(ZErasurePartView),
});
export type ErasureView = z.infer<typeof ZErasureView>;

export const ZErasuresAnswer = z.object({ erasures: z.array(ZErasureView) });
export type ErasuresAnswer = z.infer<typeof ZErasuresAnswer>;

export const ZErasureStarted = z.object({ message: z.string(), erasure: ZErasureView });

/** What the other party's screens show in place of an erased person's code or company. */
export const erasedCandidateLabel = 'a deleted candidate';
export const erasedCompanyLabel = 'a deleted company';
