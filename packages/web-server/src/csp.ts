import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Written by the shell's build: the SHA-256 of each inline element its prerendered pages carry,
 * the critical stylesheets and the entry's loader.
 */
export const inlineHashesFiles = { styles: 'inline-style-hashes.txt', scripts: 'inline-script-hashes.txt' };
const sha256Source = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

export type InlineHashes = { styles: string[]; scripts: string[] };

/** The inline styles and scripts a build allows (none without the files), each checked for form. */
export function inlineHashes(root: string): InlineHashes {
  const read = (name: string) => {
    const file = join(root, name);
    if (!existsSync(file)) return [];
    const hashes = readFileSync(file, 'utf8').split(/\s+/).filter(Boolean);
    const malformed = hashes.find((hash) => !sha256Source.test(hash));
    if (malformed) throw new Error(`${file}: ${malformed} is not a 'sha256-…' source`);
    return hashes;
  };
  return { styles: read(inlineHashesFiles.styles), scripts: read(inlineHashesFiles.scripts) };
}

/**
 * The shell's Content-Security-Policy: scripts, styles and connections only from its own
 * origin, the API's and the remotes' (found at start from the runtime configuration), no
 * plugins, no framing, no foreign form targets. A remote's chunks and its manifest come from
 * the remote's origin, so those origins are allowed for scripts, styles and fetches. The only
 * inline elements are the prerendered pages' critical CSS and their entry's loader, each
 * allowed by its hash (`inline`, from `inlineHashes`).
 */
export function shellContentSecurityPolicy(
  config: { apiBaseUrl: string; remotes: Record<string, string> },
  inline: InlineHashes = { styles: [], scripts: [] },
) {
  const origins = (urls: string[]) =>
    [
      ...new Set(
        urls.flatMap((url) => {
          if (!/^https?:\/\//.test(url)) return []; // a path: the shell's own origin
          return [new URL(url).origin];
        }),
      ),
    ].sort();
  const remotes = origins(Object.values(config.remotes));
  const api = origins([config.apiBaseUrl]);
  const self = (extra: string[]) => ["'self'", ...extra].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${self([...remotes, ...inline.scripts])}`,
    `style-src ${self([...remotes, ...inline.styles])}`,
    `connect-src ${self([...new Set([...api, ...remotes])])}`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
