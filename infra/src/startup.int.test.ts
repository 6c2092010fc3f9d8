import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from './paths';

const start = (dir: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: join(repoRoot, dir),
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60000,
  });

describe('a process with a bad configuration prints one clear line and exits non-zero', () => {
  const processes = ['services/auth', 'services/profile', 'services/matching', 'services/admin'];

  it.each(processes)('%s with a MONGO_URL that is not a URL', (dir) => {
    const result = start(dir, { MONGO_URL: 'localhost:27017', KAFKA_BROKERS: inject('infra').kafkaBrokers });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/: cannot start: invalid environment: MONGO_URL must be a mongodb:\/\/ URL/);
  });

  it('services/profile with MONGO_URL missing', () => {
    const result = start('services/profile', { KAFKA_BROKERS: inject('infra').kafkaBrokers });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('profile: cannot start: invalid environment: MONGO_URL is missing');
  });

  it('services/matching with a MongoDB that does not answer', () => {
    const result = start('services/matching', {
      MONGO_URL: 'mongodb://127.0.0.1:1',
      KAFKA_BROKERS: inject('infra').kafkaBrokers,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^matching: cannot start: cannot reach MongoDB at mongodb:\/\/127\.0\.0\.1:1/);
  });

  it('the gateway with a bad service URL', () => {
    const result = start('gateway', {
      KAFKA_BROKERS: inject('infra').kafkaBrokers,
      PROFILE_URL: 'not a url',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'gateway: cannot start: invalid environment: PROFILE_URL must be an http(s) URL',
    );
  });
});
