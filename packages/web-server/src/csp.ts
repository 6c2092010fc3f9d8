/**
 * The shell's Content-Security-Policy: scripts, styles and connections only from its own
 * origin, the API's and the remotes' (found at start from the runtime configuration), nothing
 * inline, no plugins, no framing, no foreign form targets. A remote's chunks and its manifest
 * come from the remote's origin, so those origins are allowed for scripts, styles and fetches.
 */
export function shellContentSecurityPolicy(config: { apiBaseUrl: string; remotes: Record<string, string> }) {
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
    `style-src ${self(remotes)}`,
    `connect-src ${self([...new Set([...api, ...remotes])])}`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
