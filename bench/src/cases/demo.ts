import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@meritmatch/infra/demo';
import { backendProcesses, startStack, webProcesses } from '@meritmatch/testkit';
import { cpuMeter, ferretDbPid } from '../process-stats';
import { printTable } from '../report';
import { atMost, type BenchCase } from '../suite/outcome';
import { benchInfra, productionBuild } from '../support';

/**
 * `npm start -- --demo` on a warm machine (built, FerretDB and Kafka running): every process of
 * the product from its production build, then the demo data through the public API and the
 * events (300 job seekers, 8 employers, 48 requests), against the 60 s; `--quick` seeds
 * 40 job seekers against the limit scaled to them (8 s). With the CPU each process (FerretDB
 * too) used while seeding, in % of one core.
 */
export const demoCase: BenchCase = async ({ quick }) => {
  const seekers = quick ? 40 : 300;
  const limitS = (60 * seekers) / 300;
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
    const pids: Record<string, number> = Object.fromEntries(
      backendProcesses.map((name) => [name, stack.pid(name)!]),
    );
    const ferretDb = ferretDbPid(infra.mongoUrl);
    if (ferretDb) pids.ferretdb = ferretDb;
    const cpuOver = cpuMeter(pids);
    await seedDemo({
      api: stack.api,
      admin: stack.admin,
      dataDir,
      candidates: seekers,
      log: (line) => lines.push(line),
    });
    const total = (performance.now() - started) / 1000;
    const seeding = total - up;
    const cpu = Object.entries(cpuOver(seeding))
      .map(([name, percent]) => `${name} ${percent}%`)
      .join(', ');
    printTable('npm start -- --demo, warm', [
      { step: 'every process started and ready', seconds: up.toFixed(1) },
      { step: 'demo data seeded', seconds: seeding.toFixed(1) },
      { step: 'total', seconds: total.toFixed(1) },
    ]);
    process.stdout.write(`CPU while seeding (% of one core): ${cpu}\n`);
    return [
      atMost(
        {
          case: 'demo: start and seed',
          size: `${seekers} job seekers`,
          figure: `${total.toFixed(1)} s (start ${up.toFixed(1)} s; CPU while seeding: ${cpu})`,
          peer: `limit ${limitS} s${quick ? ' (60 s scaled to the job seekers)' : ''}`,
        },
        total,
        limitS,
        1,
      ),
    ];
  } finally {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
