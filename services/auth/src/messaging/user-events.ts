import {
  type AccountType,
  type UserActivityChanged,
  type UserSessionsEnded,
  type UserStatus,
  ZUserActivityChanged,
  ZUserEmailConfirmed,
  ZUserRegistered,
  ZUserSessionsEnded,
  ZUserStatusChanged,
} from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';

const source = 'auth';

export const userRegistered = (
  user: {
    userId: string;
    userType: AccountType;
    status: UserStatus;
    createdAt: Date;
    emailConfirmed: boolean;
  },
  clock?: Clock,
) =>
  buildEvent(ZUserRegistered, {
    type: 'user.registered',
    version: 1,
    aggregateId: user.userId,
    source,
    ...(clock ? { clock } : {}),
    data: {
      userId: user.userId,
      userType: user.userType,
      status: user.status,
      registeredAt: user.createdAt.toISOString(),
      emailConfirmed: user.emailConfirmed,
    },
  });

export const userStatusChanged = (
  change: {
    userId: string;
    userType: AccountType;
    status: UserStatus;
    previousStatus: UserStatus;
    changedAt: Date;
    emailConfirmed: boolean;
  },
  clock?: Clock,
) =>
  buildEvent(ZUserStatusChanged, {
    type: 'user.status-changed',
    version: 1,
    aggregateId: change.userId,
    source,
    ...(clock ? { clock } : {}),
    data: { ...change, changedAt: change.changedAt.toISOString() },
  });

/** Every session of the account ended (a new password, or signed out elsewhere): every process refuses the older tokens. */
export const userSessionsEnded = (
  user: {
    userId: string;
    userType: AccountType;
    status: UserStatus;
    endedAt: Date;
    reason: UserSessionsEnded['data']['reason'];
    emailConfirmed: boolean;
  },
  clock?: Clock,
) =>
  buildEvent(ZUserSessionsEnded, {
    type: 'user.sessions-ended',
    version: 1,
    aggregateId: user.userId,
    source,
    ...(clock ? { clock } : {}),
    data: { ...user, endedAt: user.endedAt.toISOString() },
  });

/** The person confirmed the account's address (the profile service may now list or verify them). */
export const userEmailConfirmed = (
  user: { userId: string; userType: AccountType; status: UserStatus; confirmedAt: Date },
  clock?: Clock,
) =>
  buildEvent(ZUserEmailConfirmed, {
    type: 'user.email-confirmed',
    version: 1,
    aggregateId: user.userId,
    source,
    ...(clock ? { clock } : {}),
    data: { ...user, confirmedAt: user.confirmedAt.toISOString(), emailConfirmed: true },
  });

/** The retention limit's stage of an inactive account: reminded, out of search, or active again. */
export const userActivityChanged = (
  activity: {
    userId: string;
    userType: AccountType;
    status: UserStatus;
    stage: UserActivityChanged['data']['stage'];
    lastSignedInAt: Date;
    eraseAfter: Date;
    inactiveMonths: number;
    emailConfirmed: boolean;
  },
  clock?: Clock,
) =>
  buildEvent(ZUserActivityChanged, {
    type: 'user.activity-changed',
    version: 1,
    aggregateId: activity.userId,
    source,
    ...(clock ? { clock } : {}),
    data: {
      ...activity,
      lastSignedInAt: activity.lastSignedInAt.toISOString(),
      eraseAfter: activity.eraseAfter.toISOString(),
    },
  });
