import { contactLogBench } from './contact-log';
import { kanonBench } from './kanon';
import { maskingBench } from './masking';
import { searchBench } from './search';
import { signInBench } from './signin';
import { webBench } from './web';

const benches: Record<string, () => Promise<void>> = {
  web: webBench,
  signin: signInBench,
  search: searchBench,
  'contact-log': contactLogBench,
  masking: maskingBench,
  kanon: kanonBench,
};

const name = process.argv[2] ?? '';
const bench = benches[name];
if (!bench) {
  process.stdout.write(`usage: npm run bench -- <${Object.keys(benches).join('|')}>\n`);
  process.exit(name ? 1 : 0);
}
await bench();
process.exit(0);
