import { employersTopic, matchRequestsTopic, usersTopic } from '@meritmatch/contracts';
import {
  connectPlatform,
  jwksUrlOf,
  runService,
  startAuthentication,
  syncIndexes,
  systemClock,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createOwners } from './clients/owners';
import { createContactLogRepository } from './data/contact-logs';
import { createEmployerDirectory } from './data/employer-directory';
import { createCompanies } from './domain/companies';
import { createRequestViews } from './domain/requests';
import { createUserViews } from './domain/users';
import { loadEnv } from './env';
import { startContactLogConsumer, startEmployerConsumer } from './messaging/consumers';

await runService('admin', async (logger) => {
  const env = loadEnv();
  const platform = await connectPlatform({
    service: 'admin',
    env,
    logger,
    topics: [
      { name: usersTopic, compacted: true },
      { name: employersTopic, compacted: true },
      { name: matchRequestsTopic },
    ],
  });
  const contactLogs = createContactLogRepository(platform.connection);
  const directory = createEmployerDirectory(platform.connection, platform.guard);
  await syncIndexes(platform.connection);
  const owners = createOwners({ auth: env.AUTH_URL, profile: env.PROFILE_URL, matching: env.MATCHING_URL });
  const companies = createCompanies({ owners, directory });

  await startEmployerConsumer({ platform, directory });
  await startContactLogConsumer({ platform, directory, contactLogs });
  const authentication = await startAuthentication({
    platform,
    service: 'admin',
    logger,
    jwks: jwksUrlOf(env.AUTH_URL),
    usersTopic,
  });

  const app = createApp({
    logger,
    readiness: platform.readiness,
    verifyToken: authentication.verifyToken,
    requests: createRequestViews({ owners, companiesOf: companies }),
    users: createUserViews({ owners, companiesOf: companies }),
    contactLogs,
    owners,
    clock: systemClock,
  });
  return {
    app,
    host: env.HOST,
    port: env.PORT,
    close: platform.close,
  };
});
