#!/usr/bin/env node
// Usage (from a workspace's folder): meritmatch-node-build src/index.ts [src/cli/x.ts ...]
import { buildNode } from './index.mjs';

const entries = process.argv.slice(2);
if (entries.length === 0) {
  process.stderr.write('usage: meritmatch-node-build <entry.ts> [more entries]\n');
  process.exit(2);
}
try {
  const { name, outputs } = await buildNode({ dir: process.cwd(), entries });
  const files = outputs.filter((file) => file.endsWith('.js')).length;
  process.stdout.write(`${name}: ${files} file(s) in dist/\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
