import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths';
import { defaultPorts, matchingNodeEnv, productionNodeEnv, productProcesses } from './product';

const processes = (build: 'production' | 'source') =>
  productProcesses({
    ports: defaultPorts,
    mongoUrl: 'mongodb://127.0.0.1:27017',
    kafkaBrokers: '127.0.0.1:9092',
    smtpUrl: 'smtp://127.0.0.1:1025',
    admin: { email: 'admin@meritmatch.test', password: 'kestrel-Tide-42' },
    build,
  });
const backend = ['auth', 'profile', 'matching', 'admin', 'notifications', 'gateway'];

describe('the product processes', () => {
  it('size every backend process of a production build for memory: two malloc arenas, small semi-spaces', () => {
    const production = processes('production').filter((spec) => backend.includes(spec.name));
    expect(production.map((spec) => spec.name).sort()).toEqual([...backend].sort());
    for (const spec of production)
      expect(spec.env).toMatchObject(
        spec.name === 'matching' ? { ...productionNodeEnv, ...matchingNodeEnv } : productionNodeEnv,
      );
    expect(productionNodeEnv).toEqual({ MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=2' });
  });

  it("size matching's young generation for rebuilding its index at a start, in the compose file too", () => {
    expect(matchingNodeEnv).toEqual({ NODE_OPTIONS: '--max-semi-space-size=8' });
    const compose = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const matching = compose.slice(compose.indexOf('\n  matching:'), compose.indexOf('\n  admin:'));
    expect(matching).toContain(`NODE_OPTIONS: ${matchingNodeEnv.NODE_OPTIONS}`);
  });

  it("leave the tests' source runs, and the web servers, with Node's defaults", () => {
    for (const spec of processes('source')) expect(spec.env.NODE_OPTIONS).toBeUndefined();
    for (const spec of processes('production').filter((spec) => !backend.includes(spec.name)))
      expect(spec.env.MALLOC_ARENA_MAX).toBeUndefined();
  });
});
