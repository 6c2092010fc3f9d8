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
