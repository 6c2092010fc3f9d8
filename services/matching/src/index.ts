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
  runService,
  startAuthentication,
  syncIndexes,
  systemClock,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createMatchRequestData } from './data/match-requests';
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
  const requests = createMatchRequestData(platform, matchRequestsTopic);
  await syncIndexes(platform.connection);

  // the index and the directory are rebuilt from their compacted topics at every start
  const candidates = new CandidateIndex();
  const directory = new EmployerDirectory();
  await Promise.all([
    platform.snapshot({
      name: 'candidates',
      topic: candidatesTopic,
      schema: ZCandidateEvent,
      apply: (event) => candidates.apply(event.data),
    }),
    platform.snapshot({
      name: 'employers',
      topic: employersTopic,
      schema: ZEmployerEvent,
      apply: (event) => directory.apply(event.data),
    }),
  ]);

  const matchRequests = createMatchRequests({ store: requests.store, queries: requests.queries, candidates });
  const authentication = await startAuthentication({
    platform,
    service: 'matching',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });
  const app = createApp({
    logger,
    readiness: platform.readiness,
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
    close: platform.close,
  };
});
