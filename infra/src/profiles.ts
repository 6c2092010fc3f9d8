import { join } from 'node:path';
import { profileDir } from './paths';

/**
 * A named set of ports and a data folder. `dev` is what `npm start` runs; `test` is what
 * the test command runs, on other ports so that both can run side by side. `containers` is
 * what the integration tests run on with MongoDB and Kafka as containers
 * (`npm run test:containers`): ports of its own too, because a container's published port is
 * a forwarding rule that a bind check cannot see. Containers left running by an interrupted
 * run on the test ports made the next `npm test` start FerretDB on a port whose connections
 * went to a dead container. Fault tests make throw-away profiles of their own.
 */
export type InfraProfile = {
  name: string;
  mongoPort: number;
  kafkaPort: number;
  kafkaControllerPort: number;
  /** Mailpit: its SMTP server and its inbox (web and API). */
  mailSmtpPort: number;
  mailHttpPort: number;
  dir: string;
};

const defaults: Record<string, Omit<InfraProfile, 'name' | 'dir'>> = {
  dev: {
    mongoPort: 27117,
    kafkaPort: 9192,
    kafkaControllerPort: 9193,
    mailSmtpPort: 1125,
    mailHttpPort: 8125,
  },
  test: {
    mongoPort: 27217,
    kafkaPort: 9292,
    kafkaControllerPort: 9293,
    mailSmtpPort: 1225,
    mailHttpPort: 8225,
  },
  containers: {
    mongoPort: 27317,
    kafkaPort: 9392,
    kafkaControllerPort: 9393,
    mailSmtpPort: 1325,
    mailHttpPort: 8325,
  },
};

const envPort = (name: string) => {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number`);
  return port;
};

export function infraProfile(
  name: string,
  ports?: Partial<Omit<InfraProfile, 'name' | 'dir'>>,
): InfraProfile {
  const base = defaults[name] ?? defaults.test!;
  return {
    name,
    mongoPort: ports?.mongoPort ?? envPort('MM_MONGO_PORT') ?? base.mongoPort,
    kafkaPort: ports?.kafkaPort ?? envPort('MM_KAFKA_PORT') ?? base.kafkaPort,
    kafkaControllerPort:
      ports?.kafkaControllerPort ?? envPort('MM_KAFKA_CONTROLLER_PORT') ?? base.kafkaControllerPort,
    mailSmtpPort: ports?.mailSmtpPort ?? envPort('MM_MAIL_SMTP_PORT') ?? base.mailSmtpPort,
    mailHttpPort: ports?.mailHttpPort ?? envPort('MM_MAIL_HTTP_PORT') ?? base.mailHttpPort,
    dir: profileDir(name),
  };
}

export const profilePaths = (profile: InfraProfile) => ({
  ferretData: join(profile.dir, 'ferretdb'),
  kafkaData: join(profile.dir, 'kafka'),
  mailData: join(profile.dir, 'mailpit'),
  logs: join(profile.dir, 'logs'),
  run: join(profile.dir, 'run'),
});

export const mongoUrlOf = (profile: InfraProfile) => `mongodb://127.0.0.1:${profile.mongoPort}`;
export const kafkaBrokersOf = (profile: InfraProfile) => `127.0.0.1:${profile.kafkaPort}`;
