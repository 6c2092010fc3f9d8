/**
 * Build step (after rspack): the public pages as a signed-out visitor sees them, rendered to
 * HTML so that they paint before any JavaScript runs; the browser's React then takes that
 * markup over (src/bootstrap.tsx). Each page carries the CSS rules its markup uses inline in
 * its head (beasties), and links the whole stylesheet at the end of its body, where it blocks
 * nothing above it. The inline styles' SHA-256 hashes go to `dist/inline-style-hashes.txt`,
 * which the servers add to the Content-Security-Policy (it allows no other inline style).
 * Every other path gets `app.html`, the page without content.
 *
 * Run by `npm run build` with tsx: `tsx --tsconfig tsconfig.prerender.json scripts/prerender.tsx`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebPlatform } from '@meritmatch/web-session';
import Beasties from 'beasties';
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
  // the whole stylesheet stays as it is: the pages' later routes and the areas need the rest
  const critical = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    logLevel: 'warn',
  });
  const hashes = new Set<string>();
  for (const path of prerenderedPages) {
    const page = await critical.process(
      template
        .replace(rootElement, `<div id="root">${await render(path)}</div>`)
        .replace('</head>', `${stylesheets}</head>`),
    );
    const styles = inlineStyles(page);
    if (styles.length === 0) throw new Error(`${path}: no critical CSS was inlined`);
    for (const style of styles) hashes.add(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    writeFileSync(join(dist, pageFile(path)), page);
  }
  writeFileSync(join(dist, 'inline-style-hashes.txt'), `${[...hashes].join(' ')}\n`);
  process.stdout.write(`prerendered ${prerenderedPages.join(', ')}, critical CSS inline\n`);
}

/** The text of each `<style>` element, as the browser hashes it for the policy. */
function inlineStyles(html: string) {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

await prerender();
