import { accountNoticesTopic } from './account-notices';
import { candidatesTopic } from './candidates';
import { employersTopic } from './employers';
import { deadLettersTopic } from './envelope';
import { erasuresTopic } from './erasures';
import { matchRequestsTopic } from './match-requests';
import { personalDataReadsTopic } from './personal-data-reads';
import { searchDigestsTopic } from './search-digests';
import { sessionsTopic } from './sessions';
import { systemSettingsTopic } from './system-settings';
import { usersTopic } from './users';

/**
 * Every topic, as the broker must hold it. Processes create a missing topic from this and
 * refuse to start when an existing one differs (`ensureTopics` in the service kit), so a
 * broker set up by hand or by an older version cannot silently drop data.
 */
export type TopicDeclaration = {
  name: string;
  partitions: number;
  /**
   * `compact`: the last event per key is kept forever, a snapshot any consumer rebuilds its state
   * from; `compact,delete`: the last per key, and nothing older than the retention.
   */
  cleanupPolicy: 'compact' | 'delete' | 'compact,delete';
  /** How long events are kept; -1 is forever. */
  retentionMs: number;
  /**
   * A compacted topic's promise that a replaced value is gone within this time (an erased
   * person's old profile): `max.compaction.lag.ms`, with segments rolled often enough
   * (`segment.ms`) for the cleaner to reach them. Unlike the fields above, a broker that holds
   * other values is brought to these at start (they never lose a kept value).
   */
  compactedWithinMs?: number;
  /** How often a segment rolls (`segment.ms`), for a topic whose retention must bite on time. */
  segmentMs?: number;
};

const forever = -1;
const hours = (count: number) => count * 3600 * 1000;
const days = (count: number) => count * hours(24);
/** Old values of an erased person leave the compacted topics within a day. */
const erasedWithin = days(1);

export const topicDeclarations: Record<string, TopicDeclaration> = {
  [usersTopic]: {
    name: usersTopic,
    partitions: 3,
    cleanupPolicy: 'compact',
    retentionMs: forever,
    compactedWithinMs: erasedWithin,
  },
  [candidatesTopic]: {
    name: candidatesTopic,
    partitions: 3,
    cleanupPolicy: 'compact',
    retentionMs: forever,
    compactedWithinMs: erasedWithin,
  },
  [employersTopic]: {
    name: employersTopic,
    partitions: 3,
    cleanupPolicy: 'compact',
    retentionMs: forever,
    compactedWithinMs: erasedWithin,
  },
  // the history of every request (the admin service's contact log is written from it). Its
  // events carry the employer's message and the team's notes: kept a month (and a day for the
  // segment to roll), so that an erased person's go within that (SECURITY.md)
  [matchRequestsTopic]: {
    name: matchRequestsTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: days(30),
    segmentMs: days(1),
  },
  // every recorded read of personal details (ids and reasons only): the access log's views are built from it
  [personalDataReadsTopic]: {
    name: personalDataReadsTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: forever,
  },
  // what auth asks notifications to tell a person about their account (a reset link: 30 minutes)
  [accountNoticesTopic]: {
    name: accountNoticesTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: days(2),
  },
  // sessions ended by signing out: remembered longer than any token lives (one day)
  [sessionsTopic]: {
    name: sessionsTopic,
    partitions: 3,
    cleanupPolicy: 'compact,delete',
    retentionMs: days(2),
  },
  // the admin's System Settings (one key): the last one is what counts
  [systemSettingsTopic]: {
    name: systemSettingsTopic,
    partitions: 1,
    cleanupPolicy: 'compact',
    retentionMs: forever,
  },
  // each erasure asked of every service, and each part's answer: kept long past the hourly resend
  [erasuresTopic]: {
    name: erasuresTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: days(30),
  },
  // each saved search's daily news: codes and matched skills, read by notifications within minutes
  [searchDigestsTopic]: {
    name: searchDigestsTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: days(7),
  },
  // events a consumer could not handle, with the reason: kept a month to look at and replay
  [deadLettersTopic]: {
    name: deadLettersTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: days(30),
  },
};

export function topicDeclaration(name: string): TopicDeclaration {
  const declaration = topicDeclarations[name];
  if (!declaration)
    throw new Error(`topic ${name} is not declared in packages/contracts/src/events/topics.ts`);
  return declaration;
}
