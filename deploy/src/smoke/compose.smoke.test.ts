import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inlineTexts, launchBrowser, sha256Source, versionsShownBy } from '@meritmatch/e2e/browser';
import { repoRoot } from '@meritmatch/infra';
import { seedDemo } from '@meritmatch/infra/demo';
import { readContactLog } from '@meritmatch/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsScript } from '../paths';
import {
  type ComposeProject,
  compose,
  containers,
  imageSize,
  removeImages,
  runHealthChecks,
  say,
  waitHealthy,
  wrongNames,
} from './compose';

const imagePrefix = 'localhost/meritmatch-smoke';
const standinPrefix = process.env.STANDIN_PREFIX ?? 'localhost/meritmatch-standin';
const deployables = [
  'auth',
  'profile',
  'matching',
  'admin',
  'notifications',
  'gateway',
  'shell',
  'mfe-jobseeker',
  'mfe-employer',
  'mfe-admin',
  'proxy',
];
const everything = ['mongo', 'kafka', 'mailpit', ...deployables];
const host = 'meritmatch.test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(join(process.env.TMPDIR ?? '/var/tmp', 'mm-compose-smoke-'));
const project: ComposeProject = { name: 'mmsmoke', envFile: join(work, '.env') };
const admin = { email: 'admin@meritmatch.test', password: '' };
let origin = '';
let stopHealthChecks = () => undefined as void;

/** The public origin as the browser sees it: a host name that is not localhost. */
const publicUrl = () => `http://${host}:${new URL(origin).port}`;

async function api<T = any>(path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${origin}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const signIn = async (email: string, password: string) => {
  const answer = await api('/auth/login', { body: { email, password } });
  if (answer.status !== 200)
    throw new Error(`${email} cannot sign in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token as string;
};

/** The body of a 200 answer, or an error naming the path and what came instead. */
async function read(path: string, token: string) {
  const answer = await api(path, { token });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * What must survive: who can sign in, what an employer finds, what the contact log holds. After
 * a restart the sign-ins and reads are tried again for up to `answerWithinMs` while a service
 * still answers with an error (a healthy container may still be taking its projections back from
 * the topics, and the gateway finds a restarted service by name); what they answer is compared
 * by the caller, never retried here. Each failed round says what the gateway's container
 * resolves the services' names to, when that differs from their containers.
 */
async function productState(demoPassword: string, answerWithinMs = 0) {
  const deadline = Date.now() + answerWithinMs;
  for (;;) {
    try {
      const adminToken = await signIn(admin.email, admin.password);
      const employerToken = await signIn('demo.employer1@meritmatch.local', demoPassword);
      await signIn('demo.seeker1@meritmatch.local', demoPassword);
      const search = await read('/employer/search?limit=10', employerToken);
      const logs = await readContactLog(`${origin}/api`, adminToken);
      const users = await read('/admin/users', adminToken);
      return {
        users: users.users.length as number,
        candidates: search.pagination.totalCount as number,
        contactLog: logs.length,
      };
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      const gateway = containers(project).find((container) => container.service === 'gateway');
      const wrong = gateway ? wrongNames(project, gateway) : [];
      say(
        `not answering yet: ${(error as Error).message}${wrong.length > 0 ? ` (the gateway resolves ${wrong.join('; ')})` : ''}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  say(`${name}…`);
  const result = await work();
  say(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

describe('docker compose, as an operator runs it (podman, local stand-ins for the public images)', () => {
  let browser: Browser;
  let demoPassword = '';
  let before: Awaited<ReturnType<typeof productState>>;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const secrets = join(work, 'secrets');
    const made = spawnSync('bash', [secretsScript, secrets], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(made.stderr);
    admin.password = readFileSync(join(secrets, 'admin_password'), 'utf8').trim();
    writeFileSync(
      project.envFile,
      [
        `PUBLIC_URL=http://${host}:${port}`,
        `HTTP_PORT=${port}`,
        `ADMIN_EMAIL=${admin.email}`,
        // the smoke signs the admin in by password (API, demo seeder, browser); the second factor's
        // required mode is tested through the gateway (services/auth second-factor.routes.test.ts, in process)
        'ADMIN_SECOND_FACTOR=optional',
        // the demo data signs up 40 job seekers and their employers from this one address
        'RATE_LIMIT_MULTIPLIER=100',
        'MAIL_SENDER_ADDRESS=no-reply@meritmatch.test',
        `MAILPIT_PORT=${await freePort()}`,
        `IMAGE_PREFIX=${imagePrefix}`,
        'IMAGE_TAG=smoke',
        'LOG_LEVEL=warn',
        'KAFKA_CLUSTER_ID=Bz9SNA_o1YwK1SQYa2gazg',
        `SECRETS_DIR=${secrets}`,
        `STANDIN_PREFIX=${standinPrefix}`,
        '',
      ].join('\n'),
    );
    await compose(project, ['down', '--volumes', '--remove-orphans']).catch(() => undefined);
    // two at a time: one image's install waits on the network and the disk while the other builds
    await step('build the images (two at a time)', () =>
      compose(project, ['build', '--parallel'], { COMPOSE_PARALLEL_LIMIT: '2' }),
    );
    stopHealthChecks = runHealthChecks(project);
    await step('start everything (docker-compose up -d)', () => compose(project, ['up', '-d']));
    await step('wait until every container is healthy', () => waitHealthy(project, everything));
    const rows = containers(project).map((container) => {
      const size = imageSize(container.image);
      const base = container.image.startsWith(imagePrefix)
        ? imageSize(
            ['shell', 'mfe-jobseeker', 'mfe-employer', 'mfe-admin', 'proxy'].includes(container.service)
              ? `${standinPrefix}/nginx:bookworm`
              : `${standinPrefix}/node:20`,
          )
        : size;
      return {
        container: container.service,
        image: container.image,
        health: container.health,
        size,
        beyondBase: size - base,
      };
    });
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    say('containers:');
    for (const row of rows) {
      say(
        `  ${row.container.padEnd(14)} ${row.health.padEnd(8)} ${mb(row.size).padStart(9)}  (${mb(row.beyondBase)} beyond its base)  ${row.image}`,
      );
    }
    mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
    writeFileSync(
      join(repoRoot, 'bench/results/images.json'),
      JSON.stringify({ at: new Date().toISOString(), rows }, null, 2),
    );
    browser = await launchBrowser([`--host-resolver-rules=MAP ${host} 127.0.0.1`]);
  });

  afterAll(async () => {
    await browser?.close();
    stopHealthChecks();
    if (process.env.MM_SMOKE_KEEP) return;
    await compose(project, ['down', '--volumes', '--remove-orphans']).catch((error) => say(String(error)));
    removeImages(`${imagePrefix}/`);
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the shell, every remote and the API through the one public origin', async () => {
    const config = await (await fetch(`${origin}/config.json`)).json();
    expect(config).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        jobseeker: '/mfe/jobseeker/mf-manifest.json',
        employer: '/mfe/employer/mf-manifest.json',
        admin: '/mfe/admin/mf-manifest.json',
      },
    });
    for (const area of ['jobseeker', 'employer', 'admin']) {
      const manifest = await fetch(`${origin}/mfe/${area}/mf-manifest.json`);
      expect(manifest.status, area).toBe(200);
      expect((await manifest.json()).metaData.buildInfo.buildVersion).toBe('1.0.0');
    }
    const app = await fetch(`${origin}/employer/search`);
    expect(app.headers.get('content-type')).toContain('text/html');
    // every page carries the config as JSON data: the shell starts its area without asking for it
    const embeddedConfig = (page: string) =>
      JSON.parse(
        /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(page)?.[1] ?? 'null',
      );
    expect(embeddedConfig(await app.text())).toEqual(config);
    expect(embeddedConfig(await (await fetch(`${origin}/`)).text())).toEqual(config);
    // one policy (the shell's, passed on by the proxy), allowing the page's inline critical CSS
    // and its entry's loader by their hashes, and nothing else inline
    const login = await fetch(`${origin}/login`);
    const html = await login.text();
    expect(embeddedConfig(html)).toEqual(config);
    const hashOf = (tag: 'style' | 'script') => {
      const [inline] = inlineTexts(html, tag);
      expect(inline, tag).toBeTruthy();
      return sha256Source(inline ?? '');
    };
    const policy = login.headers.get('content-security-policy') ?? '';
    expect(policy.match(/default-src/g)).toHaveLength(1);
    const sources = (directive: string) =>
      policy
        .split(';')
        .map((part) => part.trim().split(' '))
        .find(([name]) => name === directive)
        ?.slice(1);
    expect(sources('style-src')).toContain(hashOf('style'));
    expect(sources('script-src')).toEqual(["'self'", hashOf('script')]);
    expect(policy).not.toContain('unsafe-inline');
    expect((await api('/auth/me')).status).toBe(401);
  });

  it('fills the product with demo data through the public API', async () => {
    const seeded = await step('seed demo data', () =>
      seedDemo({ api: `${origin}/api`, admin, dataDir: work, candidates: 40, log: say }),
    );
    demoPassword = seeded.password;
    before = await productState(demoPassword);
    say(`before: ${JSON.stringify(before)}`);
    expect(before.candidates).toBeGreaterThan(0);
    expect(before.contactLog).toBeGreaterThan(0);
  });

  const signInThroughTheBrowser = async (email: string, password: string, page: Page) => {
    await page.goto(`${publicUrl()}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  const browseAsEveryone = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const refusedByPolicy: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
    await signInThroughTheBrowser('demo.employer1@meritmatch.local', demoPassword, page);
    await page.getByRole('link', { name: 'Search Candidates' }).first().click();
    await page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
    await expect.poll(() => versionsShownBy(page)).toBe('employer area 1.0.0');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await signInThroughTheBrowser(admin.email, admin.password, page);
    await page.goto(`${publicUrl()}/admin/contact-log`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const requests = (
      await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
    ).map((url) => new URL(url).origin);
    expect(new Set(requests)).toEqual(new Set([publicUrl()]));
    expect(refusedByPolicy).toEqual([]);
    await context.close();
  };

  it('works in a browser from a host name other than localhost: employer search, admin contact log', async () => {
    await browseAsEveryone();
  });

  it('keeps users, search results and the contact log when kafka and the database are recreated', async () => {
    await step('recreate the kafka and mongo containers', () =>
      compose(project, ['up', '-d', '--force-recreate', '--no-deps', 'kafka', 'mongo']),
    );
    // as `docker compose up` would through depends_on: the services restart once both answer
    await step('wait until kafka and mongo are healthy', () => waitHealthy(project, ['kafka', 'mongo']));
    await step('restart every service, so projections are rebuilt from the topics', () =>
      compose(project, ['restart', 'auth', 'profile', 'matching', 'admin', 'notifications', 'gateway']),
    );
    await step('wait until every container is healthy again', () => waitHealthy(project, everything));
    const after = await productState(demoPassword, 60_000);
    say(`after: ${JSON.stringify(after)}`);
    expect(after).toEqual(before);
    await browseAsEveryone();
  });
});
