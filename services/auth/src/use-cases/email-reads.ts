import { type AccessFor, type AccessReason, reasonsFor } from '@meritmatch/contracts';
import { type Clock, systemClock } from '@meritmatch/service-kit';
import type { User } from '../domain/account';

/** One job seeker whose e-mail an answer holds, and why an admin reads it. */
export type EmailRead = { userId: string; reason: AccessReason };

/** A read as the auth service records it: who, when, and whose e-mails for what. */
export type EmailReadRecord = {
  readId: string;
  adminUserId: string;
  readAt: Date;
  reads: EmailRead[];
};

export type EmailReadRepository = { record: (read: EmailReadRecord) => Promise<void> };

/**
 * The job seekers among the users of an answer, each with the reasons the caller gave for
 * it, or `fallback` when it gave none. E-mails of employers and admins are not a job
 * seeker's personal details and are not recorded.
 */
export function emailReadsOf(users: readonly User[], reasons: readonly AccessFor[], fallback: AccessReason) {
  return users
    .filter((user) => user.userType === 'job_seeker')
    .flatMap((user): EmailRead[] => {
      const given = reasonsFor(user.userId, reasons);
      return (given.length > 0 ? given : [fallback]).map((reason) => ({ userId: user.userId, reason }));
    });
}

/**
 * Every answer of the internal user routes that holds a job seeker's e-mail is recorded
 * before it is sent: the record is written first, and a record that cannot be written
 * fails the read (the answer is never sent without it).
 */
export function createEmailReadLog({
  repository,
  newId,
  clock = systemClock,
}: {
  repository: EmailReadRepository;
  newId: () => string;
  clock?: Clock;
}) {
  return {
    async record(
      adminUserId: string,
      users: readonly User[],
      reasons: readonly AccessFor[],
      fallback: AccessReason,
    ) {
      const reads = emailReadsOf(users, reasons, fallback);
      if (reads.length === 0) return;
      await repository.record({ readId: newId(), adminUserId, readAt: clock(), reads });
    },
  };
}

export type EmailReadLog = ReturnType<typeof createEmailReadLog>;
