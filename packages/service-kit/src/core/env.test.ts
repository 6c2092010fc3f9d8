import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, ZBaseEnv, ZDataEnv } from './env';

const schema = ZBaseEnv.extend(ZDataEnv.shape);
const valid = {
  PORT: '4000',
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
};

describe('parseEnv', () => {
  it('parses and fills defaults', () => {
    const env = parseEnv(schema, valid);
    expect(env).toMatchObject({ PORT: 4000, HOST: '127.0.0.1', KAFKA_TOPIC_PREFIX: '', LOG_LEVEL: 'info' });
    expect(env.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9093']);
  });

  it('names a missing variable in one line', () => {
    expect(() => parseEnv(schema, { ...valid, MONGO_URL: undefined })).toThrow(
      new EnvError('MONGO_URL is missing'),
    );
  });

  it('says why a variable is bad', () => {
    expect(() => parseEnv(schema, { ...valid, MONGO_URL: 'postgres://x' })).toThrow(
      'MONGO_URL must be a mongodb:// URL (for example mongodb://127.0.0.1:27017)',
    );
    expect(() => parseEnv(schema, { ...valid, KAFKA_BROKERS: 'localhost' })).toThrow(
      /KAFKA_BROKERS\.0 must be/,
    );
  });
});

describe('parseEnv with <NAME>_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
  const secret = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('reads a variable from the named file, trimming one trailing newline', () => {
    const env = parseEnv(schema, {
      ...valid,
      MONGO_URL: undefined,
      MONGO_URL_FILE: secret('mongo-url', 'mongodb://auth:s3cret@mongo:27017/?authSource=admin\n'),
    });
    expect(env.MONGO_URL).toBe('mongodb://auth:s3cret@mongo:27017/?authSource=admin');
  });

  it('keeps inner whitespace and trims only one newline', () => {
    const env = parseEnv(schema.extend({ SECRET: schema.shape.HOST }), {
      ...valid,
      SECRET_FILE: secret('padded', ' two words \n\n'),
    });
    expect(env.SECRET).toBe(' two words \n');
  });

  it('validates the content like a plain variable', () => {
    expect(() =>
      parseEnv(schema, { ...valid, MONGO_URL: undefined, MONGO_URL_FILE: secret('bad', 'postgres://x\n') }),
    ).toThrow(/^MONGO_URL must be a mongodb:\/\/ URL/);
  });

  it('names an unreadable file in one line', () => {
    expect(() =>
      parseEnv(schema, { ...valid, MONGO_URL: undefined, MONGO_URL_FILE: join(dir, 'absent') }),
    ).toThrow(
      new EnvError(`MONGO_URL_FILE names a file that cannot be read (${join(dir, 'absent')}: ENOENT)`),
    );
  });

  it('leaves alone the *_FILE variables of other programs', () => {
    expect(parseEnv(schema, { ...valid, TF_CLI_CONFIG_FILE: join(dir, 'absent') }).PORT).toBe(4000);
  });

  it('refuses a variable set both ways', () => {
    expect(() => parseEnv(schema, { ...valid, MONGO_URL_FILE: secret('both', 'mongodb://x:1\n') })).toThrow(
      new EnvError('MONGO_URL and MONGO_URL_FILE are both set; keep one'),
    );
  });
});
