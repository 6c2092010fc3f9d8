import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the shell's build: the SHA-256 of each critical stylesheet its pages carry inline. */
export const inlineStyleHashesFile = 'inline-style-hashes.txt';
const styleHash = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

/** The inline styles a build allows (none for a build without the file), each checked for form. */
export function inlineStyleHashes(root: string): string[] {
  const file = join(root, inlineStyleHashesFile);
  if (!existsSync(file)) return [];
  const hashes = readFileSync(file, 'utf8').split(/\s+/).filter(Boolean);
  const malformed = hashes.find((hash) => !styleHash.test(hash));
  if (malformed) throw new Error(`${file}: ${malformed} is not a 'sha256-…' source`);
  return hashes;
}

/**
 * The shell's Content-Security-Policy: scripts, styles and connections only from its own
 * origin, the API's and the remotes' (found at start from the runtime configuration), no
 * plugins, no framing, no foreign form targets. A remote's chunks and its manifest come from
 * the remote's origin, so those origins are allowed for scripts, styles and fetches. Nothing
 * inline runs; the only inline styles are the prerendered pages' critical CSS, each allowed
 * by its hash (`inlineStyles`, from `inlineStyleHashes`).
 */
export function shellContentSecurityPolicy(
  config: { apiBaseUrl: string; remotes: Record<string, string> },
  inlineStyles: string[] = [],
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
    `script-src ${self(remotes)}`,
    `style-src ${self([...remotes, ...inlineStyles])}`,
    `connect-src ${self([...new Set([...api, ...remotes])])}`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
