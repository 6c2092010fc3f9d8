import {
  candidatesTopic,
  employersTopic,
  erasuresTopic,
  matchRequestsTopic,
  usersTopic,
} from '@meritmatch/contracts';
import {
  createServiceToken,
  runPlatformService,
  startErasurePart,
  systemClock,
} from '@meritmatch/service-kit';
import { createApp } from './app';
import { createOwners } from './clients/owners';
import { createRequestTexts } from './clients/request-texts';
import { createCandidateCodes } from './data/candidate-codes';
import { createCandidateOwners } from './data/candidate-owners';
import { createContactLogRepository } from './data/contact-logs';
import { createEmployerDirectory } from './data/employer-directory';
import { loadEnv } from './env';
import {
  startCandidateCodeConsumer,
  startCandidateOwnerConsumer,
  startContactLogConsumer,
  startContactLogPartiesConsumer,
  startEmployerConsumer,
} from './messaging/consumers';
import { createCompanies } from './use-cases/companies';
import { createAdminErasure } from './use-cases/erasure';
import { createRequestViews } from './use-cases/requests';
import { createSearchLogViews } from './use-cases/search-log';
import { createUserViews } from './use-cases/users';

await runPlatformService('admin', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: matchRequestsTopic },
    { name: erasuresTopic },
  ],
  async start({ env, logger, platform, authenticate }) {
    const contactLogs = createContactLogRepository(platform.connection);
    const directory = createEmployerDirectory(platform.connection, platform.guard);
    const owners = createOwners({ auth: env.AUTH_URL, profile: env.PROFILE_URL, matching: env.MATCHING_URL });
    const companies = createCompanies({ owners, directory });
    const candidateOwners = createCandidateOwners(platform.connection);
    const erasure = createAdminErasure({ contactLogs, directory, candidateOwners });
    await startEmployerConsumer({ platform, directory, erasure });
    await startCandidateOwnerConsumer({ platform, candidateOwners, erasure });
    const candidateCodes = createCandidateCodes(platform.connection);
    await startCandidateCodeConsumer({ platform, candidateCodes });
    const requestTexts = createRequestTexts({
      matchingUrl: env.MATCHING_URL,
      serviceToken: createServiceToken({
        authUrl: env.AUTH_URL,
        account: env.SERVICE_ACCOUNT_NAME,
        secret: env.SERVICE_ACCOUNT_SECRET,
      }),
    });
    await startContactLogConsumer({ platform, directory, contactLogs, requestTexts });
    await startContactLogPartiesConsumer({ platform, contactLogs });
    await startErasurePart({ platform, part: 'admin', erase: erasure.erase });
    return createApp({
      logger,
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      requests: createRequestViews({ owners, companiesOf: companies }),
      users: createUserViews({ owners, companiesOf: companies }),
      searchLog: createSearchLogViews({ owners, companiesOf: companies }),
      contactLogs,
      candidateCodes,
      directory,
      owners,
      clock: systemClock,
    });
  },
});
