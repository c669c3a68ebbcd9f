/**
 * `npm run bench`: runs every entry of `bench/entries.ts` once and prints a table of the figures with the wall time
 * of each run. `--json` prints the rows as JSON instead.
 */
import { renderTable } from '../cli/format/table.js';
import type { BenchEntry, BenchFigure } from './bench-entry.js';
import { entries } from './entries.js';

/** One measured entry. */
interface BenchRow {
  readonly name: string;
  readonly figure: BenchFigure;
  readonly milliseconds: number;
}

/** Runs one entry and times it. */
function measure(entry: BenchEntry): BenchRow {
  const started = performance.now();
  const figure = entry.run();
  return { name: entry.name, figure, milliseconds: performance.now() - started };
}

/** A figure with at most three decimals, grouped for reading. */
function formatValue(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

function main(): void {
  const json = process.argv.includes('--json');
  const rows: BenchRow[] = [];
  for (const entry of entries) {
    if (!json) process.stderr.write(`running ${entry.name}…\n`);
    rows.push(measure(entry));
  }
  if (json) {
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return;
  }
  if (rows.length === 0) {
    process.stdout.write('no bench entries (add them to bench/entries.ts)\n');
    return;
  }
  const columns = [
    { header: 'bench' },
    { header: 'figure', align: 'right' as const },
    { header: 'unit' },
    { header: 'ms', align: 'right' as const },
    { header: 'detail' },
  ];
  const cells = rows.map((r) => [r.name, formatValue(r.figure.value), r.figure.unit, String(Math.round(r.milliseconds)), r.figure.detail ?? '']);
  process.stdout.write(renderTable(columns, cells));
}

main();
