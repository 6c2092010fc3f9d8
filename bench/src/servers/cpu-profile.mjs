// Preloaded with `--import` (BENCH_CPU_PROFILE=<folder>): records a V8 CPU profile of the
// process and writes it when the process exits (node refuses --cpu-prof in NODE_OPTIONS).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error)
      writeFileSync(
        join(process.env.BENCH_CPU_PROFILE, `${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
});
