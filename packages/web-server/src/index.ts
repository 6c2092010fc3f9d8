import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { archiveAssets } from './archive';

export type WebServerOptions = {
  name: string;
  /** The built app (its `dist` folder). */
  root: string;
  host?: string;
  port: number;
  /** The shell: unknown paths answer index.html so the router can take them. */
  spa?: boolean;
  /** The shell: `/config.json`, written from the environment at start. */
  runtimeConfig?: unknown;
  /** A remote: its files are loaded by the shell from another origin. */
  crossOrigin?: boolean;
  /** The shell: its Content-Security-Policy (see csp.ts). */
  contentSecurityPolicy?: string;
  /**
   * A folder that outlives deploys: the hashed files of every build served here are kept
   * in it, so a tab still running the previous build finds the chunks it asks for later.
   */
  archiveDir?: string;
};

const immutable = /^\/static\//;

/** The id of the element that carries the runtime config in each page (the shell's runtime-config.ts reads it). */
export const runtimeConfigElementId = 'runtime-config';

/**
 * The shell's pages with `/config.json`'s content in them, as data (a script element of type
 * JSON, which no browser runs and the Content-Security-Policy does not govern): the shell starts
 * without a round trip for it. `<` is escaped, so no value can close the element.
 */
export function withRuntimeConfig(html: string, runtimeConfig: unknown) {
  if (runtimeConfig === undefined || !html.includes('</head>')) return html;
  const json = JSON.stringify(runtimeConfig).replaceAll('<', '\\u003c');
  return html.replace(
    '</head>',
    `<script id="${runtimeConfigElementId}" type="application/json">${json}</script></head>`,
  );
}

export function createWebApp({
  root,
  spa = false,
  runtimeConfig,
  crossOrigin = false,
  archiveDir,
  contentSecurityPolicy,
}: Omit<WebServerOptions, 'port' | 'name'>) {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile) && !existsSync(join(root, 'mf-manifest.json'))) {
    throw new Error(`${root} holds no build; run the package's build script first`);
  }
  // the shell's pages: `login.html` answers `/login` (prerendered at build time), and every other
  // page gets `app.html`, the page without content (a build without it: `index.html`)
  const pages = new Map(
    readdirSync(root)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [
        `/${file.slice(0, -'.html'.length)}`,
        withRuntimeConfig(readFileSync(join(root, file), 'utf8'), runtimeConfig),
      ]),
  );
  const appHtml = pages.get('/app') ?? pages.get('/index') ?? '';
  const app = new Hono();
  app.use(compress());
  app.use(
    secureHeaders({
      crossOriginResourcePolicy: crossOrigin ? 'cross-origin' : 'same-origin',
      crossOriginEmbedderPolicy: false,
      xFrameOptions: 'DENY',
    }),
  );
  app.use(async (c, next) => {
    await next();
    if (crossOrigin) c.header('Access-Control-Allow-Origin', '*');
    if (contentSecurityPolicy) c.header('Content-Security-Policy', contentSecurityPolicy);
    // hashed files never change; everything else (manifest, remoteEntry, html) is revalidated
    c.header(
      'Cache-Control',
      immutable.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  });
  app.get('/health', (c) => c.json({ status: 'ok' }));
  if (runtimeConfig !== undefined) app.get('/config.json', (c) => c.json(runtimeConfig as object));
  // the landing page as the other pages are answered (with the runtime config in it), not as its file
  const landing = pages.get('/index');
  if (spa && landing) app.get('/', (c) => c.html(landing));
  // the build's `.br` and `.gz` of each hashed file (web-build's precompress), when the browser takes them
  app.use('/*', serveStatic({ root, precompressed: true }));
  if (archiveDir) {
    archiveAssets(root, archiveDir);
    app.use('/static/*', serveStatic({ root: archiveDir, precompressed: true }));
  }
  app.notFound((c) => {
    const wantsPage = c.req.method === 'GET' && !/\.[a-z0-9]+$/i.test(c.req.path);
    const page = pages.get(c.req.path) ?? appHtml;
    if (spa && wantsPage && page && c.req.path !== '/app' && c.req.path !== '/index') return c.html(page);
    return c.text('Not found', 404);
  });
  return app;
}

export async function startWebServer(options: WebServerOptions) {
  const app = createWebApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = serve({ fetch: app.fetch, hostname: host, port: options.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${options.name} serving ${options.root} on http://${host}:${port}\n`);
  const stop = () => {
    server.close(() => process.exit(0));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}
