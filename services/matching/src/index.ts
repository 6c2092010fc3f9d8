import {
  candidatesTopic,
  employersTopic,
  erasuresTopic,
  matchRequestsTopic,
  searchDigestsTopic,
  usersTopic,
  ZCandidateEvent,
  ZEmployerEvent,
} from '@meritmatch/contracts';
import { runPlatformService, startErasurePart, systemClock } from '@meritmatch/service-kit';
import { skillVocabulary } from '@meritmatch/skills';
import { createApp } from './app';
import { createMatchRequestData } from './data/match-requests';
import { createPositionData } from './data/positions';
import { createSavedSearchData } from './data/saved-searches';
import { createSearchLogData } from './data/search-log';
import { CandidateIndex } from './domain/candidate-index';
import { EmployerDirectory } from './domain/employer-directory';
import { loadEnv } from './env';
import { createMatchingErasure } from './use-cases/erasure';
import { createMatchRequests } from './use-cases/match-requests';
import { createPositions } from './use-cases/positions';
import { createSavedSearches } from './use-cases/saved-searches';
import { createSearchLog } from './use-cases/search-log';

/**
 * How often entries past the search log's retention are swept (FerretDB v1 has no TTL index), the
 * first an hour after the start: on FerretDB a sweep reads the whole log, which a benchmark run
 * or a busy start should not wait behind.
 */
const searchLogSweepMs = 6 * 3600 * 1000;
const firstSearchLogSweepMs = 3600 * 1000;

await runPlatformService('matching', {
  loadEnv,
  topics: [
    { name: usersTopic, compacted: true },
    { name: candidatesTopic, compacted: true },
    { name: employersTopic, compacted: true },
    { name: matchRequestsTopic },
    { name: erasuresTopic },
    { name: searchDigestsTopic },
  ],
  async start({ env, logger, platform, authenticate }) {
    const requests = createMatchRequestData(platform, matchRequestsTopic);
    // in the background: one read of every request, which need not hold the start up
    requests.reconcile().then(
      (queued) => queued > 0 && logger.info({ queued }, "pending match requests added to the admins' queue"),
      (error: unknown) =>
        logger.warn({ err: error }, "could not add older pending requests to the admins' queue"),
    );
    // the same for the employers' and candidates' lists, once: until then their pages read as before
    requests.backfillLists().then(
      (listed) => listed > 0 && logger.info({ listed }, "older match requests added to their owners' lists"),
      (error: unknown) =>
        logger.warn(
          { err: error },
          "could not add older match requests to their owners' lists (tried again at the next start)",
        ),
    );
    // the index and the directory are rebuilt from their compacted topics at every start
    // a searched skill finds its synonyms too ("JS" finds "JavaScript"): the skills vocabulary
    const vocabulary = skillVocabulary();
    const candidates = new CandidateIndex((term) => vocabulary.synonyms(term));
    const directory = new EmployerDirectory();
    const [candidateTopic, employerTopic] = await Promise.all([
      platform.snapshot({
        name: 'candidates',
        topic: candidatesTopic,
        schema: ZCandidateEvent,
        apply: (event) => {
          if (event.type === 'candidate.erased') candidates.erase(event.data);
          else candidates.apply(event.data);
        },
      }),
      platform.snapshot({
        name: 'employers',
        topic: employersTopic,
        schema: ZEmployerEvent,
        apply: (event) => {
          if (event.type === 'employer.erased') directory.erase(event.data.employerId);
          else directory.apply(event.data);
        },
      }),
    ]);
    const indexReady = () => candidateTopic.ready && employerTopic.ready;
    const positions = createPositions({ store: createPositionData(platform.connection) });
    const savedSearches = createSavedSearches({
      ...createSavedSearchData(platform, searchDigestsTopic),
      candidates,
      directory,
      positions,
    });
    // due digests, looked for every minute once the index is read (each made by one instance)
    const digests = setInterval(() => {
      if (!indexReady()) return;
      savedSearches
        .runDue()
        .catch((error: unknown) => logger.warn({ err: error }, 'saved search digests failed'));
    }, env.DIGEST_POLL_MS);
    digests.unref();
    const searchLogData = createSearchLogData(platform.connection);
    const searchLog = createSearchLog({ store: searchLogData.store, candidates, logger, clock: systemClock });
    // every instance sweeps: a second sweep of the same entries deletes nothing more
    const sweepSearchLog = () =>
      searchLog.sweep().then(
        (swept) => swept > 0 && logger.info({ swept }, 'search log entries past their retention removed'),
        (error: unknown) =>
          logger.warn({ err: error }, 'could not sweep the search log (tried again in 6 hours)'),
      );
    const firstSweep = setTimeout(sweepSearchLog, firstSearchLogSweepMs);
    const sweeps = setInterval(sweepSearchLog, searchLogSweepMs);
    platform.onClose(async () => {
      clearTimeout(firstSweep);
      clearInterval(sweeps);
    });
    await startErasurePart({
      platform,
      part: 'matching',
      erase: createMatchingErasure({
        store: requests.store,
        idsOf: requests.idsOf,
        candidates,
        positions,
        savedSearches,
        searchLog: searchLogData.store,
        whenIndexed: (ms) => candidateTopic.whenReady(ms),
      }),
    });
    return createApp({
      logger,
      indexReady,
      whenIndexed: async (ms) =>
        (await Promise.all([candidateTopic.whenReady(ms), employerTopic.whenReady(ms)])).every(Boolean),
      readiness: platform.readiness,
      verifyToken: await authenticate(),
      candidates,
      directory,
      matchRequests: createMatchRequests({
        store: requests.store,
        queries: requests.queries,
        candidates,
        directory,
        indexReady,
      }),
      positions,
      savedSearches,
      searchLog,
      clock: systemClock,
    });
  },
});
