import { employersTopic, matchRequestsTopic, usersTopic } from '@meritmatch/contracts';
import { runPlatformService, systemClock } from '@meritmatch/service-kit';
import { createApp } from './app';
import { createOwners } from './clients/owners';
import { createContactLogRepository } from './data/contact-logs';
import { createEmployerDirectory } from './data/employer-directory';
import { createCompanies } from './domain/companies';
import { createRequestViews } from './domain/requests';
import { createUserViews } from './domain/users';
import { loadEnv } from './env';
import { startContactLogConsumer, startEmployerConsumer } from './messaging/consumers';

await runPlatformService('admin', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: matchRequestsTopic },
  ],
  async start({ env, logger, platform, authenticate }) {
    const contactLogs = createContactLogRepository(platform.connection);
    const directory = createEmployerDirectory(platform.connection, platform.guard);
    const owners = createOwners({ auth: env.AUTH_URL, profile: env.PROFILE_URL, matching: env.MATCHING_URL });
    const companies = createCompanies({ owners, directory });
    await startEmployerConsumer({ platform, directory });
    await startContactLogConsumer({ platform, directory, contactLogs });
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      requests: createRequestViews({ owners, companiesOf: companies }),
      users: createUserViews({ owners, companiesOf: companies }),
      contactLogs,
      owners,
      clock: systemClock,
    });
  },
});
