import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Variables every service and the gateway read. */
export const ZBaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
});

export const ZMongoUrl = z.string().regex(/^mongodb(\+srv)?:\/\/[^/?#\s]+/, {
  message: 'must be a mongodb:// URL (for example mongodb://127.0.0.1:27017)',
});

export const ZKafkaBrokers = z
  .string()
  .min(1)
  .transform((value) => value.split(',').map((broker) => broker.trim()))
  .pipe(
    z
      .array(
        z.string().regex(/^[^:\s]+:\d{1,5}$/, { message: 'must be a comma-separated list of host:port' }),
      )
      .min(1),
  );

export const ZDataEnv = z.object({
  MONGO_URL: ZMongoUrl,
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, { message: 'must be a database name' })
    .optional(),
  KAFKA_BROKERS: ZKafkaBrokers,
  /** Prepended to every topic name, so that stacks sharing one broker stay apart (tests). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
});

export const ZUrl = z.url({ message: 'must be an http(s) URL' });

/** Where a service finds the auth service (its JWKS) and, for the admin service, the owners it asks. */
export const ZServiceUrls = z.object({
  AUTH_URL: ZUrl.default('http://127.0.0.1:4101'),
  PROFILE_URL: ZUrl.default('http://127.0.0.1:4102'),
  MATCHING_URL: ZUrl.default('http://127.0.0.1:4103'),
  ADMIN_URL: ZUrl.default('http://127.0.0.1:4104'),
});

/** Thrown when the environment does not fit; the runner prints its one line and exits. */
export class EnvError extends Error {
  override name = 'EnvError';
}

const fileSuffix = '_FILE';

/**
 * `<NAME>_FILE=/run/secrets/x` stands for `NAME` with the file's content (one trailing
 * newline trimmed), so that compose and Kubernetes secrets never sit in plain variables.
 * Only names in `known` are read (other programs' `*_FILE` variables are left alone).
 * Setting both is refused: one of them would be silently ignored.
 */
export function resolveFileVariables(source: Record<string, string | undefined>, known: Set<string>) {
  const resolved: Record<string, string | undefined> = { ...source };
  for (const [key, path] of Object.entries(source)) {
    if (!key.endsWith(fileSuffix) || !path) continue;
    const name = key.slice(0, -fileSuffix.length);
    if (!known.has(name)) continue;
    if (source[name] !== undefined && source[name] !== '') {
      throw new EnvError(`${name} and ${key} are both set; keep one`);
    }
    let content: string;
    try {
      content = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new EnvError(`${key} names a file that cannot be read (${path}: ${code})`);
    }
    resolved[name] = content.replace(/\r?\n$/, '');
    delete resolved[key];
  }
  return resolved;
}

/**
 * Parses the environment once. On failure the message names the first bad variable and
 * why, in one line, e.g. `MONGO_URL must be a mongodb:// URL`. Any variable can come
 * from a file instead (`MONGO_URL_FILE`, see `resolveFileVariables`).
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  given: Record<string, string | undefined> = process.env,
) {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  const source = resolveFileVariables(given, new Set(Object.keys(shape)));
  const result = schema.safeParse(source);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  const variable = issue?.path.join('.') || 'environment';
  const value = issue?.path.length ? source[String(issue.path[0])] : undefined;
  const why = value === undefined || value === '' ? 'is missing' : (issue?.message ?? 'is invalid');
  throw new EnvError(`${variable} ${why}`);
}

/** The secret the gateway and the services share (`x-gateway-key`). */
export const ZGatewaySecret = z.string().min(32, { message: 'must be at least 32 characters' });

/**
 * The environment of a service of the platform: base, data, the other services' addresses, its
 * port, and the gateway's secret (without it, forwarded client addresses are never believed).
 */
export const serviceEnvSchema = (defaultPort: number) =>
  ZBaseEnv.extend(ZDataEnv.shape)
    .extend(ZServiceUrls.shape)
    .extend({
      PORT: ZBaseEnv.shape.PORT.default(defaultPort),
      GATEWAY_SECRET: ZGatewaySecret.optional(),
    });
