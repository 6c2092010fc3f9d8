import { describe, expect, it } from 'vitest';
import { defaultPorts, productionNodeEnv, productProcesses } from './product';

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
    for (const spec of production) expect(spec.env).toMatchObject(productionNodeEnv);
    expect(productionNodeEnv).toEqual({ MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=2' });
  });

  it("leave the tests' source runs, and the web servers, with Node's defaults", () => {
    for (const spec of processes('source')) expect(spec.env.NODE_OPTIONS).toBeUndefined();
    for (const spec of processes('production').filter((spec) => !backend.includes(spec.name)))
      expect(spec.env.MALLOC_ARENA_MAX).toBeUndefined();
  });
});
