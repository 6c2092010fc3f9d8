import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';

const early = new Map<string, Promise<Response>>();

/**
 * Starts fetching an area's manifest while the federation runtime itself is still loading
 * (the first area of a tab), so that the two travel together instead of one after the other.
 * Once it has come, the files the manifest names for the module `expose` (the remote entry and
 * the module's own scripts and styles) are fetched too, as preload hints: the runtime asks for
 * them only once its own chunks have run.
 */
export function prefetchManifest(url: string, expose: string) {
  if (early.has(url)) return;
  const response = fetch(url, { signal: AbortSignal.timeout(remoteLoadTimeoutMs) }).then((answer) => {
    // a copy, read before the runtime reads the body
    if (answer.ok)
      answer
        .clone()
        .json()
        .then((manifest: unknown) => addHints(filesOf(manifest, url, expose)))
        .catch(() => undefined);
    return answer;
  });
  early.set(url, response);
  // a failed early fetch is forgotten, so the runtime asks again; and it never goes unhandled
  // when the runtime does not ask at all
  response.catch(() => {
    if (early.get(url) === response) early.delete(url);
  });
}

/** The early fetch of `url`, once: the runtime's own fetch of it takes this instead of asking again. */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}

type Hint = { href: string; as: 'script' | 'style' };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The remote entry and the sync scripts and styles of one exposed module, as absolute URLs,
 * from a manifest of `@module-federation/enhanced` (a remote's own file: read defensively, a
 * shape it does not have gives fewer hints, never an error).
 */
export function filesOf(manifest: unknown, manifestUrl: string, expose: string): Hint[] {
  const meta = field(manifest, 'metaData');
  const publicPath = field(meta, 'publicPath');
  // `auto`: the remote's files are found beside its entry, which is beside its manifest
  const base = new URL(
    typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '.',
    manifestUrl,
  );
  const hints: Hint[] = [];
  const entry = field(meta, 'remoteEntry');
  const entryName = field(entry, 'name');
  const entryPath = field(entry, 'path');
  if (typeof entryName === 'string')
    hints.push({
      href: new URL(`${typeof entryPath === 'string' && entryPath ? `${entryPath}/` : ''}${entryName}`, base)
        .href,
      as: 'script',
    });
  const exposes = field(manifest, 'exposes');
  const module = Array.isArray(exposes) ? exposes.find((item) => field(item, 'path') === expose) : undefined;
  const assets = field(module, 'assets');
  for (const file of strings(field(field(assets, 'js'), 'sync')))
    hints.push({ href: new URL(file, base).href, as: 'script' });
  for (const file of strings(field(field(assets, 'css'), 'sync')))
    hints.push({ href: new URL(file, base).href, as: 'style' });
  // only files fetched over the web: a manifest is another deployment's file
  return hints.filter(({ href }) => /^https?:/.test(href));
}

function addHints(hints: Hint[]) {
  for (const { href, as } of hints) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    document.head.append(link);
  }
}
