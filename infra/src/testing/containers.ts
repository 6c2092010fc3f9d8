import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { pingMongo } from '../ferretdb';
import { probeKafka, warmUpKafka } from '../kafka';
import { waitUntil } from '../preflight';
import type { InfraProfile } from '../profiles';

const infraLabel = 'dev.meritmatch.infra';

/** Open files the Kafka container may hold (the host allows 20000 here). */
const kafkaOpenFiles = 16384;

/**
 * MongoDB and Kafka as containers, through testcontainers, for `MM_TEST_INFRA=containers`
 * (a container runtime at DOCKER_HOST: Docker, or podman's API socket). The images default
 * to the official ones; where no registry is reachable, MM_MONGO_IMAGE and MM_KAFKA_IMAGE name
 * local stand-ins (docker/standins/build.sh). Testcontainers' reaper (Ryuk) is an image of
 * its own, so it is off and the containers are stopped by the returned function.
 */
export async function startContainerInfra(profile: InfraProfile, log: (line: string) => void) {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const mongoImage = process.env.MM_MONGO_IMAGE ?? 'mongo:7.0';
  const kafkaImage = process.env.MM_KAFKA_IMAGE ?? 'apache/kafka:3.9.1';
  log(`starting ${mongoImage} and ${kafkaImage} with testcontainers`);
  const started: StartedTestContainer[] = [];
  const stop = async () => {
    await Promise.all(started.map((container) => container.stop({ timeout: 10000 }).catch(() => undefined)));
  };
  try {
    const labels = { [infraLabel]: profile.name };
    const mongo = await new GenericContainer(mongoImage)
      .withLabels(labels)
      .withExposedPorts({ container: 27017, host: profile.mongoPort })
      .withTmpFs({ '/data/db': 'rw' })
      .start();
    started.push(mongo);
    // the broker advertises the address tests reach it by, so its host port is fixed
    const kafka = await new GenericContainer(kafkaImage)
      .withLabels(labels)
      // every test stack's topics stay (three partitions each, files held open): podman's default
      // of 1024 open files ran out in a whole run once an erasures topic was added to each stack
      .withUlimits({
        nofile: { soft: kafkaOpenFiles, hard: kafkaOpenFiles },
        // podman sets every limit once one is given: the process limit as its command line is given here
        nproc: { soft: 1024, hard: 1024 },
      })
      .withExposedPorts({ container: 9092, host: profile.kafkaPort })
      .withEnvironment({
        CLUSTER_ID: 'Bz9SNA_o1YwK1SQYa2gazg',
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${profile.kafkaPort}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_LOG_DIRS: '/var/lib/kafka/data',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '5',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      })
      .start();
    started.push(kafka);
    const mongoUrl = `mongodb://127.0.0.1:${profile.mongoPort}`;
    const kafkaBrokers = `127.0.0.1:${profile.kafkaPort}`;
    await waitUntil(() => pingMongo(mongoUrl), 60000, `MongoDB container on port ${profile.mongoPort}`);
    await waitUntil(
      () => probeKafka(kafkaBrokers),
      120000,
      `Kafka container on port ${profile.kafkaPort}`,
      500,
    );
    await warmUpKafka(kafkaBrokers).catch(() => undefined);
    return { mongoUrl, kafkaBrokers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Stops and removes the profile's containers, also those a finished process left running (`infra up --containers`). */
export async function stopContainerInfra(profile: InfraProfile) {
  const client = await getContainerRuntimeClient();
  const ours = (await client.container.list()).filter((info) => info.Labels?.[infraLabel] === profile.name);
  for (const info of ours) {
    const container = client.container.getById(info.Id);
    await client.container.stop(container, { timeout: 10 }).catch(() => undefined);
    await client.container.remove(container, { removeVolumes: true }).catch(() => undefined);
  }
  return ours.length;
}
