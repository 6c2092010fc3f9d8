import { topicDeclaration, usersTopic } from '@meritmatch/contracts';
import {
  createKafka,
  createTokenVerifier,
  ensureTopics,
  kafkaProbe,
  runService,
  topicName,
  UserStatusRegistry,
} from '@meritmatch/service-kit';
import { createGateway } from './app';
import { loadEnv } from './env';

await runService('gateway', async (logger) => {
  const env = loadEnv();
  const kafka = createKafka({ clientId: 'gateway', brokers: env.KAFKA_BROKERS, logger });
  const topic = topicName(env.KAFKA_TOPIC_PREFIX, usersTopic);
  await ensureTopics(kafka, [{ topic, declaration: topicDeclaration(usersTopic) }]).catch((error: Error) => {
    throw new Error(`cannot reach Kafka at ${env.KAFKA_BROKERS.join(',')}: ${error.message}`);
  });
  const statuses = new UserStatusRegistry({ kafka, topic, service: 'gateway', logger });
  await statuses.start();
  const verifyToken = createTokenVerifier({
    jwks: new URL(env.JWKS_URL ?? new URL('/.well-known/jwks.json', env.AUTH_URL).toString()),
    statuses,
  });
  const app = createGateway({
    logger,
    readiness: [
      { name: 'kafka', check: kafkaProbe(kafka) },
      {
        name: 'user-status',
        check: async () => {
          if (!statuses.ready) throw new Error('still reading the users topic');
        },
      },
    ],
    services: {
      auth: env.AUTH_URL,
      profile: env.PROFILE_URL,
      matching: env.MATCHING_URL,
      admin: env.ADMIN_URL,
    },
    verifyToken,
    webOrigins: env.WEB_ORIGINS,
    timeoutMs: env.PROXY_TIMEOUT_MS,
    maxBodyBytes: env.MAX_BODY_BYTES,
  });
  return { app, host: env.HOST, port: env.PORT, close: () => statuses.stop() };
});
