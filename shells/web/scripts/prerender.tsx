/**
 * Build step (after rspack): the public pages as a signed-out visitor sees them, rendered to
 * HTML so that they paint before any JavaScript runs; the browser's React then takes that
 * markup over (src/bootstrap.tsx). Each page carries the CSS rules its markup uses inline in
 * its head (beasties), and links the whole stylesheet at the end of its body, where it blocks
 * nothing above it. Its entry script is fetched from the head (a preload) but run only once the
 * page has been painted, by a one-line loader after the content: a deferred script may run
 * before the first paint, and the paint then waits for it (Lighthouse's simulated LCP then
 * counts the script's download). The SHA-256 hashes of the inline styles and of the loader go
 * to `dist/inline-style-hashes.txt` and `dist/inline-script-hashes.txt`, which the servers add
 * to the Content-Security-Policy (it allows nothing else inline).
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
const prerenderedPages = ['/', '/login', '/register', '/how-matching-works'] as const;
const pageFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const rootElement = '<div id="root"></div>';

/**
 * The page without content, for every other path (signed-in pages above all): what the entry
 * imports once it runs (rspack.config.mjs writes the list) is fetched beside it from the head, and
 * its stylesheet is linked there, instead of both waiting for the entry to come and run first.
 */
function appPage(template: string) {
  const { scripts, styles } = JSON.parse(readFileSync(join(dist, 'bootstrap-files.json'), 'utf8')) as {
    scripts: string[];
    styles: string[];
  };
  const links = [
    ...styles.map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...scripts.map((file) => `<link rel="preload" as="script" href="/${file}">`),
  ].join('');
  return template.replace('</head>', `${links}</head>`);
}

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
  writeFileSync(join(dist, 'app.html'), appPage(template));
  const stylesheets = readdirSync(join(dist, 'static/css'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="/static/css/${file}">`)
    .join('');
  const entry = /<script defer(?:="defer")? src="([^"]+)"><\/script>/.exec(template);
  const entrySrc = entry?.[1];
  if (!entry || !entrySrc) throw new Error('dist/index.html has no deferred entry script');
  const loader = afterPaint(entrySrc);
  // the whole stylesheet stays as it is: the pages' later routes and the areas need the rest
  const critical = new Beasties({
    path: dist,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    logLevel: 'warn',
  });
  const styleHashes = new Set<string>();
  for (const path of prerenderedPages) {
    const page = await critical.process(
      template
        .replace(entry[0], `<link rel="preload" as="script" href="${entrySrc}">`)
        .replace(rootElement, `<div id="root">${await render(path)}</div><script>${loader}</script>`)
        .replace('</head>', `${stylesheets}</head>`),
    );
    const styles = inlineTexts(page, 'style');
    if (styles.length === 0) throw new Error(`${path}: no critical CSS was inlined`);
    if (inlineTexts(page, 'script').join() !== loader)
      throw new Error(`${path}: the entry's loader is not the page's one inline script`);
    for (const style of styles) styleHashes.add(sha256Source(style));
    writeFileSync(join(dist, pageFile(path)), page);
  }
  writeFileSync(join(dist, 'inline-style-hashes.txt'), `${[...styleHashes].join(' ')}\n`);
  writeFileSync(join(dist, 'inline-script-hashes.txt'), `${sha256Source(loader)}\n`);
  process.stdout.write(
    `prerendered ${prerenderedPages.join(', ')}: critical CSS inline, entry after paint\n`,
  );
}

/**
 * Runs the entry once the browser reports the page's first contentful paint (paint timing);
 * where that is not reported, after two animation frames; in a tab opened in the background,
 * which paints nothing yet, at once. Animation frames alone are not enough: Chromium runs
 * them before the frame is presented, and the paint then still comes after the entry.
 */
const afterPaint = (src: string) =>
  `(function(){var done=false;function run(){if(done)return;done=true;var s=document.createElement("script");s.src=${JSON.stringify(src)};document.head.appendChild(s)}if(document.visibilityState==="hidden")return run();var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf("paint")<0)return requestAnimationFrame(function(){requestAnimationFrame(run)});new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();run()}}).observe({type:"paint",buffered:true});document.addEventListener("visibilitychange",run,{once:true})})()`;

/** The text of each inline `<style>` or `<script>` element, as the browser hashes it for the policy. */
function inlineTexts(html: string, tag: 'style' | 'script') {
  const element = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(element)].map((match) => match[1] ?? '');
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

await prerender();
