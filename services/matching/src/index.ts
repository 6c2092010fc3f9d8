import {
  candidatesTopic,
  employersTopic,
  matchRequestsTopic,
  usersTopic,
  ZCandidateEvent,
  ZEmployerEvent,
} from '@meritmatch/contracts';
import {
  connectPlatform,
  jwksUrlOf,
  OutboxRelay,
  runService,
  startAuthentication,
  syncIndexes,
  systemClock,
  TopicSnapshot,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createMatchRequestRepository } from './data/match-requests';
import { CandidateIndex } from './domain/candidate-index';
import { EmployerDirectory } from './domain/employer-directory';
import { createMatchRequests } from './domain/match-requests';
import { loadEnv } from './env';

await runService('matching', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'matching',
    env,
    logger,
    topics: [
      { name: usersTopic, compacted: true },
      { name: candidatesTopic, compacted: true },
      { name: employersTopic, compacted: true },
      { name: matchRequestsTopic },
    ],
  });
  const requests = createMatchRequestRepository(platform.connection);
  await syncIndexes(platform.connection);

  // the index and the directory are rebuilt from their compacted topics at every start
  const candidates = new CandidateIndex();
  const candidateFeed = new TopicSnapshot({
    kafka: platform.kafka,
    topic: platform.topic(candidatesTopic),
    label: platform.group('candidates'),
    schema: ZCandidateEvent,
    logger,
    apply: (event) => candidates.apply(event.data),
  });
  const directory = new EmployerDirectory();
  const employerFeed = new TopicSnapshot({
    kafka: platform.kafka,
    topic: platform.topic(employersTopic),
    label: platform.group('employers'),
    schema: ZEmployerEvent,
    logger,
    apply: (event) => directory.apply(event.data),
  });
  await Promise.all([candidateFeed.start(), employerFeed.start()]);

  const relay = new OutboxRelay({
    sources: [{ model: requests.model, topic: platform.topic(matchRequestsTopic) }],
    producer: platform.producer,
    logger,
  });
  relay.start();
  const matchRequests = createMatchRequests({
    requests,
    candidates,
    published: (id) => relay.notify(requests.model, id),
  });
  const authentication = await startAuthentication({
    platform,
    service: 'matching',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });
  const caughtUp = (name: string, feed: { ready: boolean }) => ({
    name,
    check: async () => {
      if (!feed.ready) throw new Error(`still reading the ${name} topic`);
    },
  });

  const app = createApp({
    logger,
    readiness: [
      ...platform.readiness,
      authentication.readiness,
      caughtUp('candidates', candidateFeed),
      caughtUp('employers', employerFeed),
    ],
    verifyToken: authentication.verifyToken,
    candidates,
    directory,
    matchRequests,
    clock: systemClock,
  });
  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: async () => {
      await relay.stop();
      await Promise.all([candidateFeed.stop(), employerFeed.stop(), authentication.statuses.stop()]);
      await platform.close();
    },
  };
});
