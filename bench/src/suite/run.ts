import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { printTable, resultsDir } from '../report';
import type { BenchCase, Outcome } from './outcome';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/** The machine the table was measured on, as the results file states it. */
function machine() {
  return {
    uname: execFileSync('uname', ['-srvmo'], { encoding: 'utf8' }).trim(),
    cores: availableParallelism(),
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
  };
}

const metText = (met: boolean | undefined) => (met === undefined ? '-' : met ? 'met' : 'MISSED');

/** A markdown table with its columns padded, as the formatter keeps it. */
function markdownTable(header: string[], rows: string[][]) {
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll('|', '\\|')));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(cells[0]!), line(widths.map((width) => '-'.repeat(width))), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

const outcomeColumns = ['case', 'size', 'figure', 'peer', 'ratio', 'target', 'met'] as const;

/**
 * Runs the named cases one after another (one heavy thing at a time on two cores), prints one
 * table and writes it with the date, the machine and the load before and after each case to
 * `bench/results/<date>[-quick].md`. A case that fails is a row saying so; the others still run.
 */
export async function runSuite(cases: Record<string, BenchCase>, { quick }: { quick: boolean }) {
  const started = new Date();
  const rows: Outcome[] = [];
  const loads: string[][] = [];
  for (const [name, run] of Object.entries(cases)) {
    const before = load();
    const t0 = performance.now();
    process.stdout.write(`\n== ${name}${quick ? ' (quick)' : ''}: load average ${before}\n`);
    try {
      rows.push(...(await run({ quick })));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${name} failed: ${error instanceof Error ? error.stack : message}\n`);
      rows.push({
        case: name,
        size: '-',
        figure: `failed: ${message.split('\n')[0]!.slice(0, 120)}`,
        peer: '-',
        ratio: '-',
        target: '-',
        met: false,
      });
    }
    loads.push([name, before, load(), `${((performance.now() - t0) / 1000).toFixed(0)} s`]);
  }
  printTable(
    `MeritMatch benchmarks${quick ? ' (quick)' : ''}`,
    rows.map((row) => ({ ...row, met: metText(row.met) })),
  );
  const info = machine();
  const date = started.toISOString().replaceAll(':', '-').slice(0, 16);
  const file = join(resultsDir, `${date}${quick ? '-quick' : ''}.md`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    file,
    [
      `# Benchmarks ${started.toISOString()}${quick ? ' (quick)' : ''}`,
      '',
      `Machine: ${info.uname}; ${info.cores} cores; ${info.memory} memory; Node ${info.node}.`,
      'Each figure is measured in the same run as its peer or limit; the machine is shared, so the',
      'load average (1 / 5 / 15 minutes) before and after each case is listed below the table.',
      '',
      markdownTable(
        [...outcomeColumns],
        rows.map((row) =>
          outcomeColumns.map((column) => (column === 'met' ? metText(row.met) : String(row[column]))),
        ),
      ),
      '',
      markdownTable(['case', 'load before', 'load after', 'took'], loads),
      '',
    ].join('\n'),
  );
  process.stdout.write(`\nsaved ${file}\n`);
  return rows;
}
