// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

/** The package a bare import names: `hono/cors` → `hono`, `@hono/node-server/serve-static` → `@hono/node-server`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set(builtinModules);
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtins.has(packageOf(specifier));

/**
 * The product's own workspace packages (`@meritmatch/*`) export TypeScript source and are
 * bundled in; every other package stays an import, installed as a production dependency
 * next to the output, so native modules (argon2) and optional requires (mongodb) work as
 * their authors ship them.
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@meritmatch/') || isBuiltin(args.path))
        return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Walks up from `fromDir` the way node does and answers the version of `name` it finds, or undefined. */
export function installedVersion(name, fromDir) {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The package.json nearest above a folder, itself included: the workspace package it belongs to. */
function manifestOf(folder) {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8'));
    if (dirname(dir) === dir) return undefined;
  }
}

const exactVersion = /^\d+\.\d+\.\d+$/;

/**
 * Bundles `entries` (paths relative to `dir`) into `dir/dist`, one ES module each with its
 * source map, for Node 20. Fails when an imported package would not resolve from the
 * output at run time, naming it, instead of letting the process fail at start.
 *
 * @param {{ dir: string, entries: string[], outdir?: string }} options
 */
export async function buildNode({ dir, entries, outdir = join(dir, 'dist') }) {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: entries,
    outdir,
    outbase: 'src',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages],
  });
  const imported = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const entry of output.imports) {
      if (entry.external && !isBuiltin(entry.path)) imported.add(packageOf(entry.path));
    }
  }
  // what dist/ finds of each imported package, looked up once
  const found = new Map([...imported].map((name) => [name, installedVersion(name, outdir)]));
  const missing = [...found].filter(([, version]) => version === undefined).map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(`${dir}: imported but not installed where dist/ can find it: ${missing.join(', ')}`);
  }
  // A bundled workspace package's import resolves from dist/, not from that package: the version
  // found there must be the one it pins (npm may have put its own copy inside the package, which
  // an image does not ship, while another version sits where dist/ looks)
  const wrong = new Set();
  const manifests = new Map(); // by folder: the inputs of one package share its package.json
  for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
    const folder = dirname(join(dir, input));
    if (!manifests.has(folder)) manifests.set(folder, manifestOf(folder));
    const declared = manifests.get(folder);
    for (const entry of imports) {
      if (!entry.external || isBuiltin(entry.path)) continue;
      const name = packageOf(entry.path);
      const pinned = declared?.dependencies?.[name];
      if (typeof pinned !== 'string' || !exactVersion.test(pinned)) continue;
      if (found.get(name) !== pinned)
        wrong.add(`${name} ${pinned} (${declared.name}) but finds ${found.get(name)}`);
    }
  }
  if (wrong.size > 0) {
    throw new Error(`${dir}: dist/ would load another version than the one pinned: ${[...wrong].join('; ')}`);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return {
    name: manifest.name,
    outputs: Object.keys(result.metafile.outputs),
    packages: [...imported].sort(),
  };
}
