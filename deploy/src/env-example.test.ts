import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolate, loadCompose, parseEnvFile, variablesOf } from './compose-file';
import { checkProcesses } from './env-check';
import { composeFile, envExample, secretsScript, standinsFile } from './paths';

const example = parseEnvFile(readFileSync(envExample, 'utf8'));
const secretsDir = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
const made = spawnSync('bash', [secretsScript, secretsDir], { encoding: 'utf8' });

describe('.env.example', () => {
  it('documents every variable the compose files read, and no other', () => {
    const read = new Set([
      ...variablesOf(readFileSync(composeFile, 'utf8')),
      ...variablesOf(readFileSync(standinsFile, 'utf8')),
    ]);
    expect(Object.keys(example).sort()).toEqual([...read].sort());
  });

  it('with the generated secrets, gives every process an environment its schema accepts', () => {
    expect(made.status, made.stderr).toBe(0);
    const compose = loadCompose([composeFile], { ...example, SECRETS_DIR: secretsDir });
    expect(checkProcesses(compose, '/')).toEqual(
      ['auth', 'profile', 'matching', 'admin', 'notifications', 'gateway'].map((service) => ({ service })),
    );
  });

  it('names the process and the variable when a value does not fit', () => {
    const compose = loadCompose([composeFile], { ...example, SECRETS_DIR: secretsDir, LOG_LEVEL: 'loud' });
    expect(checkProcesses(compose, '/')[0]).toEqual({
      service: 'auth',
      problem: expect.stringMatching(/^LOG_LEVEL /),
    });
  });

  it('catches an admin password that auth would refuse at start', () => {
    const shortPassword = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
    spawnSync('bash', [secretsScript, shortPassword]);
    spawnSync('sh', ['-c', `printf 'short\\n' > ${join(shortPassword, 'admin_password')}`]);
    const compose = loadCompose([composeFile], { ...example, SECRETS_DIR: shortPassword });
    expect(checkProcesses(compose, '/')[0]).toEqual({
      service: 'auth',
      problem: 'ADMIN_PASSWORD must be at least 12 characters',
    });
  });

  it('refuses a variable a process does not read', () => {
    const compose = loadCompose([composeFile], { ...example, SECRETS_DIR: secretsDir });
    compose.services.profile!.environment!.KAFKA_BROKER = 'kafka:9092';
    expect(checkProcesses(compose, '/')[1]).toEqual({
      service: 'profile',
      problem: 'sets variables it does not read: KAFKA_BROKER',
    });
  });
});

describe('compose interpolation', () => {
  it('follows compose for defaults, required values and $$', () => {
    expect(interpolate('${A:-x} ${B-y} ${C:-z} $$D', { A: '', B: '', C: 'c' })).toBe('x  c $D');
    expect(() => interpolate('${PUBLIC_URL:?set PUBLIC_URL}', {})).toThrow('PUBLIC_URL: set PUBLIC_URL');
  });
});
