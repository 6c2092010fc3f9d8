import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** The CLI from source (tsx) serving a built shell, with `env` in an otherwise clean environment. */
function cliArgs(env: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'web-server-cli-'));
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
  const args = ['--import', 'tsx', cli, '--name', 'shell', '--root', root, '--shell'];
  return { args, options: { env: { PATH: process.env.PATH ?? '', ...env } } };
}

describe('the web server at start', () => {
  it('stops with exit code 1 and one line naming a bad variable', () => {
    const { args, options } = cliArgs({ PORT: '0', API_BASE_URL: 'api.example.com' });
    const run = spawnSync(process.execPath, args, { ...options, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe(
      'invalid environment: API_BASE_URL must be an http(s) URL or a path starting with /\n',
    );
    expect(run.status).toBe(1);
  });

  it('serves the runtime configuration from the variables it was given', async () => {
    const { args, options } = cliArgs({ PORT: '0', API_BASE_URL: 'http://127.0.0.1:4100/api' });
    const server = spawn(process.execPath, args, options);
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const serving = /on (http:\/\/\S+)\n/.exec(output);
          if (serving?.[1]) resolve(serving[1]);
        });
        server.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const config = await (await fetch(`${address}/config.json`)).json();
      expect(config).toMatchObject({
        apiBaseUrl: 'http://127.0.0.1:4100/api',
        remotes: { admin: '/mfe/admin/mf-manifest.json' },
      });
    } finally {
      server.kill('SIGTERM');
    }
  });
});
