import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = fileURLToPath(new URL('../results', import.meta.url));

/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  process.stdout.write(`\n${title}\n${line(columns)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(columns.map((column) => String(row[column])))}\n`);
}

export function saveResult(name: string, data: unknown) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
