import { join } from 'node:path';
import { ProcessGroup, repoRoot, webServerArgs } from '@meritmatch/infra';
import getPort from 'get-port';
import { resultsDir } from './report';

/** The flags every browser case gives Debian's chromium. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Debian's chromium, or the one `CHROME_PATH` or `CHROMIUM_PATH` names. */
export const chromiumPath = () => process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The built shell served by its own web server on a free port, as `npm start` serves it
 * (prerendered pages included); `stop` ends it.
 */
export async function startShellServer() {
  const port = await getPort();
  const group = new ProcessGroup(join(resultsDir, 'logs'));
  group.start({
    name: 'shell',
    cwd: join(repoRoot, 'shells/web'),
    args: webServerArgs('source', 'shell', 'shell'),
    env: { PORT: String(port) },
    port,
    healthPath: '/health',
  });
  try {
    await group.waitHealthy('shell');
  } catch (error) {
    await group.stopAll();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => group.stopAll() };
}
