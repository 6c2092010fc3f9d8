import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'yaml';

export type ComposeService = {
  image?: string;
  environment?: Record<string, string | number | boolean | null>;
  secrets?: string[];
};
export type ComposeFile = {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file: string }>;
};

const reference = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Every variable the compose file reads from the environment or `.env`. */
export function variablesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(reference)) {
    const name = match[1] ?? match[4];
    if (name) names.add(name);
  }
  return names;
}

/**
 * Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
 * `${VAR?error}`, `$VAR` and `$$`. A required variable that is missing fails like compose does.
 */
export function interpolate(text: string, variables: Record<string, string | undefined>): string {
  return text.replace(reference, (whole, braced, operator, argument, bare) => {
    if (whole === '$$') return '$';
    const name = braced ?? bare;
    const value = variables[name];
    const unset = value === undefined;
    const empty = unset || value === '';
    switch (operator) {
      case ':-':
        return empty ? argument : value;
      case '-':
        return unset ? argument : value;
      case ':?':
      case '?':
        if (operator === ':?' ? empty : unset) throw new Error(`${name}: ${argument || 'is required'}`);
        return value ?? '';
      default:
        return value ?? '';
    }
  });
}

/** Reads `KEY=value` lines (comments and blank lines skipped, quotes removed) as compose reads `.env`. */
export function parseEnvFile(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    entries[match[1]!] = match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return entries;
}

/** The compose files, interpolated with `variables` and merged like `-f a -f b` (services shallowly). */
export function loadCompose(files: string[], variables: Record<string, string | undefined>): ComposeFile {
  const merged: ComposeFile = { services: {} };
  for (const file of files) {
    const parsed = parse(interpolate(readFileSync(file, 'utf8'), variables), { merge: true }) as ComposeFile;
    for (const [name, service] of Object.entries(parsed.services ?? {})) {
      merged.services[name] = { ...merged.services[name], ...service };
    }
    if (parsed.secrets) merged.secrets = { ...merged.secrets, ...parsed.secrets };
  }
  return merged;
}

/**
 * A container's environment as the process sees it, with `/run/secrets/<name>` pointing at
 * the secret's file on this machine (resolved against `projectDir`).
 */
export function environmentOf(compose: ComposeFile, service: string, projectDir: string) {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(compose.services[service]?.environment ?? {})) {
    environment[key] = value === null ? '' : String(value);
  }
  for (const [key, value] of Object.entries(environment)) {
    const secret = /^\/run\/secrets\/(.+)$/.exec(value)?.[1];
    const file = secret ? compose.secrets?.[secret]?.file : undefined;
    if (file) environment[key] = isAbsolute(file) ? file : join(projectDir, file);
  }
  return environment;
}
