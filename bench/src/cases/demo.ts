import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@meritmatch/infra/demo';
import { backendProcesses, startStack, webProcesses } from '@meritmatch/testkit';
import { printTable } from '../report';
import { atMost, type BenchCase } from '../suite/outcome';
import { benchInfra, productionBuild } from '../support';

/**
 * `npm start -- --demo` on a warm machine (built, FerretDB and Kafka running): every process of
 * the product from its production build, then the demo data through the public API and the
 * events (300 job seekers, 8 employers, 48 requests), against the 60 s.
 */
export const demoCase: BenchCase = async () => {
  // warm means built: on a fresh checkout the production build is made first
  productionBuild();
  const infra = await benchInfra();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
  const started = performance.now();
  const stack = await startStack({
    infra,
    build: 'production',
    processes: [...backendProcesses, ...webProcesses],
  });
  const up = (performance.now() - started) / 1000;
  try {
    const lines: string[] = [];
    await seedDemo({ api: stack.api, admin: stack.admin, dataDir, log: (line) => lines.push(line) });
    const total = (performance.now() - started) / 1000;
    printTable('npm start -- --demo, warm', [
      { step: 'every process started and ready', seconds: up.toFixed(1) },
      { step: 'demo data seeded', seconds: (total - up).toFixed(1) },
      { step: 'total', seconds: total.toFixed(1) },
    ]);
    return [
      atMost(
        {
          case: 'demo: start and seed',
          size: '300 job seekers',
          figure: `${total.toFixed(1)} s (start ${up.toFixed(1)} s)`,
          peer: 'limit 60 s',
        },
        total,
        60,
        1,
      ),
    ];
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
