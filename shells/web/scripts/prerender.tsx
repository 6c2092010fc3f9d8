/**
 * Build step (after rspack): the public pages as a signed-out visitor sees them, rendered to
 * HTML so that they paint before any JavaScript runs; the browser's React then takes that
 * markup over (src/bootstrap.tsx). The stylesheet is linked in the head: a file from the
 * shell's own origin, so the strict Content-Security-Policy (no inline styles) holds as it is.
 * Every other path gets `app.html`, the page without content.
 *
 * Run by `npm run build` with tsx: `tsx --tsconfig tsconfig.prerender.json scripts/prerender.tsx`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebPlatform } from '@meritmatch/web-session';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ShellApp } from '../src/app/ShellApp';

/** The prerendered pages and their files (the servers answer `/login` with `login.html`). */
const prerenderedPages = ['/', '/login', '/register'] as const;
const pageFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const rootElement = '<div id="root"></div>';

async function render(path: string) {
  // no storage on the server: the visitor is signed out
  const platform = createWebPlatform({ apiBaseUrl: '/api', onUnauthorized: () => undefined });
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <ShellApp platform={platform} router={router} onNavigate={() => undefined} />,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

async function prerender() {
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!template.includes(rootElement)) throw new Error(`dist/index.html has no ${rootElement}`);
  writeFileSync(join(dist, 'app.html'), template);
  const stylesheets = readdirSync(join(dist, 'static/css'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="/static/css/${file}">`)
    .join('');
  for (const path of prerenderedPages) {
    const page = template
      .replace(rootElement, `<div id="root">${await render(path)}</div>`)
      .replace('</head>', `${stylesheets}</head>`);
    writeFileSync(join(dist, pageFile(path)), page);
  }
  process.stdout.write(`prerendered ${prerenderedPages.join(', ')}\n`);
}

await prerender();
