import { z } from 'zod';

/** A blank variable counts as unset, so its default applies (`HOST= npm start`). */
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

const portMessage = { message: 'must be a port number' };

/** Where a browser finds the API or a remote's manifest: an http(s) URL, or a path on the shell's origin. */
const ZBrowserAddress = z
  .string()
  .refine(
    (value) =>
      (value.startsWith('/') && !value.startsWith('//')) ||
      (/^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value)),
    { message: 'must be an http(s) URL or a path starting with /' },
  );

const address = (fallback: string) => z.preprocess(blankIsUnset, ZBrowserAddress.default(fallback));

/**
 * The web server's environment. The shell's addresses default to the paths of one public
 * origin (`/api`, `/mfe/<area>/mf-manifest.json`), as behind the compose path's reverse proxy.
 */
export const ZWebServerEnv = z.object({
  HOST: z.preprocess(blankIsUnset, z.string().default('127.0.0.1')),
  PORT: z.preprocess(
    blankIsUnset,
    z.coerce.number(portMessage).int(portMessage).min(0, portMessage).max(65535, portMessage).default(3000),
  ),
  /** Keeps earlier builds' hashed files (`--archive` wins). */
  ASSETS_ARCHIVE_DIR: z.preprocess(blankIsUnset, z.string().optional()),
  API_BASE_URL: address('/api'),
  MFE_JOBSEEKER_MANIFEST: address('/mfe/jobseeker/mf-manifest.json'),
  MFE_EMPLOYER_MANIFEST: address('/mfe/employer/mf-manifest.json'),
  MFE_ADMIN_MANIFEST: address('/mfe/admin/mf-manifest.json'),
});
export type WebServerEnv = z.output<typeof ZWebServerEnv>;

/** The environment does not fit; the message is the one line the CLI prints before it exits 1. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment once; a bad variable fails with one line naming it, e.g. `PORT must be a port number`. */
export function parseWebServerEnv(given: Record<string, string | undefined> = process.env): WebServerEnv {
  const result = ZWebServerEnv.safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new EnvError(`${issue?.path.join('.') || 'environment'} ${issue?.message ?? 'is invalid'}`);
}

/** The shell's `/config.json`: where the API and the three remotes are. */
export const shellConfigOf = (env: WebServerEnv) => ({
  apiBaseUrl: env.API_BASE_URL,
  remotes: {
    jobseeker: env.MFE_JOBSEEKER_MANIFEST,
    employer: env.MFE_EMPLOYER_MANIFEST,
    admin: env.MFE_ADMIN_MANIFEST,
  },
});
