import { areaNavigationCase } from './area-navigation/case';
import { areasSignedInCase } from './areas-signed-in/case';
import { capacityCase } from './cases/capacity';
import { demoCase } from './cases/demo';
import { eventsCase } from './cases/events';
import { httpHopCase } from './cases/http-hop';
import { memoryCase } from './cases/memory';
import { kanonBench } from './kanon';
import { lighthouseBench } from './lighthouse';
import { maskingBench } from './masking';
import { searchBench } from './search';
import { signInBench } from './signin';
import type { BenchCase } from './suite/outcome';
import { runSuite } from './suite/run';
import { webBench } from './web';

/** Every case of `npm run bench`, in the order it runs them (in-process ones first). */
const cases: Record<string, BenchCase> = {
  masking: maskingBench,
  kanon: kanonBench,
  web: webBench,
  lighthouse: lighthouseBench,
  areas: areaNavigationCase,
  'areas-signed-in': areasSignedInCase,
  http: httpHopCase,
  signin: signInBench,
  search: searchBench,
  events: eventsCase,
  demo: demoCase,
  memory: memoryCase,
  capacity: capacityCase,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknown = names.filter((name) => !(name in cases));
if (unknown.length > 0 || args.includes('--help')) {
  process.stdout.write(
    `usage: npm run bench [-- [--quick] [${Object.keys(cases).join('|')} ...]]\n` +
      'no case names: every case; --quick: smaller sizes and shorter runs (the whole suite in under 5 minutes)\n',
  );
  process.exit(unknown.length > 0 ? 1 : 0);
}
const chosen = names.length > 0 ? Object.fromEntries(names.map((name) => [name, cases[name]!])) : cases;
await runSuite(chosen, { quick });
process.exit(0);
