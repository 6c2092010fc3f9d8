import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { isAlive, pauseDaemon, readPid, startDaemon, stopDaemon } from './daemon';
import { withLock } from './lock';
import { cacheDir, repoRoot } from './paths';
import { assertPortFree, InfraError, requireCommand, waitForDaemon, waitUntil } from './preflight';
import { type InfraProfile, kafkaBrokersOf, profilePaths } from './profiles';

const kafkaHome = join(cacheDir, 'kafka');
const pom = join(repoRoot, 'infra/kafka/pom.xml');
const log4jConfig = join(repoRoot, 'infra/kafka/log4j.properties');
export const kafkaLibs = join(kafkaHome, 'libs-3.9.1');
const installedMarker = join(kafkaLibs, '.complete');
const classpath = `${kafkaLibs}/*`;

function requireJava() {
  requireCommand('java', ['-version'], 'the Kafka broker runs on Java 17 or newer; install a JDK');
}

/** Fetches the broker's jars from Maven Central with the small pom in infra/kafka, once. */
export async function installKafka(log: (line: string) => void = () => undefined) {
  if (existsSync(installedMarker)) return kafkaLibs;
  requireJava();
  requireCommand('mvn', ['-v'], 'the Kafka jars are fetched from Maven Central with Maven; install Maven');
  mkdirSync(kafkaHome, { recursive: true });
  return withLock(join(kafkaHome, '.lock'), async () => {
    if (existsSync(installedMarker)) return kafkaLibs;
    log('fetching Apache Kafka 3.9.1 from Maven Central (once)');
    rmSync(kafkaLibs, { recursive: true, force: true });
    const result = spawnSync(
      'mvn',
      [
        '-q',
        '-B',
        '-f',
        pom,
        'dependency:copy-dependencies',
        `-DoutputDirectory=${kafkaLibs}`,
        '-DincludeScope=runtime',
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0)
      throw new InfraError(`cannot fetch Kafka with Maven: ${result.stdout}${result.stderr}`);
    writeFileSync(installedMarker, new Date().toISOString());
    return kafkaLibs;
  });
}

function serverProperties(profile: InfraProfile, dataDir: string) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${profile.kafkaControllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${profile.kafkaPort},CONTROLLER://127.0.0.1:${profile.kafkaControllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${profile.kafkaPort}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${dataDir}`,
    'num.partitions=3',
    'auto.create.topics.enable=true',
    // one node: every internal topic has one replica; few partitions keep start-up quick
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=5',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=1',
    'group.initial.rebalance.delay.ms=0',
    // local data is kept until deleted, so projections can be rebuilt from the start
    'log.retention.ms=-1',
    'log.cleaner.enable=true',
    '',
  ].join('\n');
}

export function kafkaClient(brokers: string, clientId = 'meritmatch-infra') {
  return new Kafka({
    clientId,
    brokers: brokers.split(','),
    connectionTimeout: 1000,
    requestTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
}

/** A metadata request answered by the broker: it is really ready, not just listening. */
export async function probeKafka(brokers: string) {
  const admin = kafkaClient(brokers).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0 || cluster.controller === null)
      throw new Error('no controller elected yet');
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

const pidFileOf = (profile: InfraProfile) => join(profilePaths(profile).run, 'kafka.pid');

/** The process of the profile's Kafka broker, when it runs (benchmarks report its CPU). */
export const kafkaPid = (profile: InfraProfile) => readPid(pidFileOf(profile));

/** Starts the single-node KRaft broker for the profile unless it already runs; formats storage on first start. */
export async function startKafka(profile: InfraProfile) {
  await installKafka();
  const brokers = kafkaBrokersOf(profile);
  const pidFile = pidFileOf(profile);
  if (isAlive(readPid(pidFile))) {
    await waitUntil(() => probeKafka(brokers), 60000, `Kafka on port ${profile.kafkaPort}`, 500);
    return { brokers, started: false };
  }
  requireJava();
  await assertPortFree(profile.kafkaPort, 'Kafka', 'MM_KAFKA_PORT');
  await assertPortFree(profile.kafkaControllerPort, 'the Kafka controller', 'MM_KAFKA_CONTROLLER_PORT');
  const { kafkaData, logs } = profilePaths(profile);
  const dataDir = join(kafkaData, 'data');
  const config = join(kafkaData, 'server.properties');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(config, serverProperties(profile, dataDir));
  if (!existsSync(join(dataDir, 'meta.properties'))) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const format = spawnSync(
      'java',
      [
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId(),
        '-c',
        config,
        '--ignore-formatted',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, KAFKA_LOG4J_OPTS: `-Dlog4j.configuration=file:${log4jConfig}` },
      },
    );
    if (format.status !== 0) throw new InfraError(`cannot format Kafka storage: ${format.stderr}`);
  }
  const logFile = join(logs, 'kafka.log');
  const pid = startDaemon({
    command: 'java',
    args: [
      '-Xms256m',
      '-Xmx768m',
      '-XX:+UseG1GC',
      '-XX:MaxGCPauseMillis=20',
      '-Djava.awt.headless=true',
      `-Dlog4j.configuration=file:${log4jConfig}`,
      `-Dkafka.logs.dir=${logs}`,
      '-cp',
      classpath,
      'kafka.Kafka',
      config,
    ],
    logFile,
    pidFile,
  });
  await waitForDaemon({
    pid,
    logFile,
    probe: () => probeKafka(brokers),
    timeoutMs: 90000,
    what: `Kafka on port ${profile.kafkaPort}`,
    intervalMs: 500,
  });
  // an optimisation only: a broker that is slow to settle must not fail the start
  await warmUpKafka(brokers).catch(() => undefined);
  return { brokers, started: true };
}

/**
 * The first consumer group on a new broker creates the offsets topic, which takes seconds:
 * do it once here, so the first real consumer joins as fast as the others.
 */
export async function warmUpKafka(brokers: string) {
  const kafka = new Kafka({
    clientId: 'meritmatch-warmup',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const topic = 'meritmatch.warmup';
  const admin = kafka.admin();
  await admin.connect();
  try {
    await waitUntil(
      async () => {
        if (!(await admin.listTopics()).includes(topic)) {
          await admin.createTopics({
            waitForLeaders: true,
            topics: [{ topic, numPartitions: 1, replicationFactor: 1 }],
          });
        }
        await admin.fetchTopicOffsets(topic);
      },
      30000,
      'the warm-up topic',
      500,
    );
  } finally {
    await admin.disconnect();
  }
  const consumer = kafka.consumer({ groupId: 'meritmatch.warmup' });
  const producer = kafka.producer();
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: false });
    let seen = false;
    await consumer.run({
      eachMessage: async () => {
        seen = true;
      },
    });
    await producer.connect();
    await waitUntil(
      async () => {
        await producer.send({ topic, messages: [{ value: 'warm' }] });
        if (!seen) throw new Error('no consumer assigned yet');
      },
      60000,
      'the first Kafka consumer group',
      500,
    );
  } finally {
    await producer.disconnect().catch(() => undefined);
    await consumer.disconnect().catch(() => undefined);
  }
}

/** A KRaft cluster id: 16 random bytes in URL-safe base64 without padding. */
/** A KRaft cluster id as Kafka makes them: base64url of a UUID, never starting with '-' (the format tool would take it for an option). */
export function clusterId(): string {
  const id = Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url');
  return id.startsWith('-') ? clusterId() : id;
}

export const stopKafka = (profile: InfraProfile) => stopDaemon(pidFileOf(profile), 30000);
/** Freezes or thaws the broker (fault tests). */
export const pauseKafka = (profile: InfraProfile, paused: boolean) => pauseDaemon(pidFileOf(profile), paused);
export const kafkaRunning = (profile: InfraProfile) => isAlive(readPid(pidFileOf(profile)));
export const kafkaDataExists = (profile: InfraProfile) =>
  existsSync(profilePaths(profile).kafkaData) && readdirSync(profilePaths(profile).kafkaData).length > 0;
