import { candidatesTopic } from './candidates';
import { employersTopic } from './employers';
import { matchRequestsTopic } from './match-requests';
import { usersTopic } from './users';

/**
 * Every topic, as the broker must hold it. Processes create a missing topic from this and
 * refuse to start when an existing one differs (`ensureTopics` in the service kit), so a
 * broker set up by hand or by an older version cannot silently drop data.
 */
export type TopicDeclaration = {
  name: string;
  partitions: number;
  /** `compact`: the last event per key is kept forever, a snapshot any consumer rebuilds its state from. */
  cleanupPolicy: 'compact' | 'delete';
  /** How long events are kept; -1 is forever. */
  retentionMs: number;
};

const forever = -1;

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
};

export function topicDeclaration(name: string): TopicDeclaration {
  const declaration = topicDeclarations[name];
  if (!declaration)
    throw new Error(`topic ${name} is not declared in packages/contracts/src/events/topics.ts`);
  return declaration;
}
