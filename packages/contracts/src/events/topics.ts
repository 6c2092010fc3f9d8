import { accountNoticesTopic } from './account-notices';
import { candidatesTopic } from './candidates';
import { employersTopic } from './employers';
import { deadLettersTopic } from './envelope';
import { matchRequestsTopic } from './match-requests';
import { personalDataReadsTopic } from './personal-data-reads';
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
};

const forever = -1;
const days = (count: number) => count * 24 * 3600 * 1000;

export const topicDeclarations: Record<string, TopicDeclaration> = {
  [usersTopic]: { name: usersTopic, partitions: 3, cleanupPolicy: 'compact', retentionMs: forever },
  [candidatesTopic]: { name: candidatesTopic, partitions: 3, cleanupPolicy: 'compact', retentionMs: forever },
  [employersTopic]: { name: employersTopic, partitions: 3, cleanupPolicy: 'compact', retentionMs: forever },
  // the history of every request: the admin service's contact log can be written again from it
  [matchRequestsTopic]: {
    name: matchRequestsTopic,
    partitions: 3,
    cleanupPolicy: 'delete',
    retentionMs: forever,
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
