/**
 * `npm run mutation:score [-- FILE.json ...] [--survivors]`: adds up Stryker JSON reports kept per part of model/
 * (`reports/mutation/<part>.json`, copies of `reports/mutation/mutation.json` after each `npm run mutation -- --mutate
 * ...`). Prints, per report and in total, the mutants by status and Stryker's mutation score:
 * (killed + timeout) / (killed + timeout + survived + no coverage); compile and runtime errors and ignored mutants do
 * not count, as in Stryker. A file measured by more than one report counts once in the total, from the last report
 * given (reports are read in the order given, or by name). `--survivors` lists the surviving and uncovered mutants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

interface Tally {
  mutants: number;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  other: number;
}

const emptyTally = (): Tally => ({ mutants: 0, killed: 0, survived: 0, noCoverage: 0, timeout: 0, other: 0 });

function add(tally: Tally, status: string): void {
  tally.mutants += 1;
  if (status === 'Killed') tally.killed += 1;
  else if (status === 'Survived') tally.survived += 1;
  else if (status === 'NoCoverage') tally.noCoverage += 1;
  else if (status === 'Timeout') tally.timeout += 1;
  else tally.other += 1;
}

/** Stryker's mutation score, in percent, or NaN when no mutant counts. */
export function mutationScore(t: Tally): number {
  const detected = t.killed + t.timeout;
  return (100 * detected) / (detected + t.survived + t.noCoverage);
}

function row(name: string, t: Tally): string {
  const cells = [t.mutants, t.killed, t.survived, t.noCoverage, t.timeout, t.other].map((n) => String(n).padStart(6));
  return `${name.padEnd(34)}${cells.join('')}${mutationScore(t).toFixed(1).padStart(8)}%`;
}

/** The mutated source text, on one line, shortened. */
function original(source: string, m: Mutant): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  const text =
    start.line === end.line
      ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
      : `${(lines[start.line - 1] ?? '').slice(start.column - 1)} …`;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 67)}...` : flat;
}

const args = process.argv.slice(2);
const listSurvivors = args.includes('--survivors');
const folder = 'reports/mutation';
const given = args.filter((a) => !a.startsWith('--'));
const paths =
  given.length > 0
    ? given
    : readdirSync(folder)
        .filter((f) => f.endsWith('.json') && f !== 'mutation.json')
        .map((f) => f.slice(0, -'.json'.length))
        .sort() // by name without the extension: `part` before `part-after`
        .map((f) => `${f}.json`)
        .map((f) => join(folder, f));

const byFile = new Map<string, { source: string; mutants: Mutant[] }>();
console.log(`${'part'.padEnd(34)}${['mutants', 'killed', 'surv.', 'nocov', 'tmout', 'other'].map((h) => h.padStart(6)).join('')}   score`);
for (const path of paths) {
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const tally = emptyTally();
  for (const [file, entry] of Object.entries(report.files)) {
    byFile.set(file, entry);
    for (const m of entry.mutants) add(tally, m.status);
  }
  console.log(row(basename(path, '.json'), tally));
}
const total = emptyTally();
for (const entry of byFile.values()) for (const m of entry.mutants) add(total, m.status);
console.log(row(`total (${byFile.size} files)`, total));

if (listSurvivors) {
  for (const [file, entry] of [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const left = entry.mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    left.sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    for (const m of left) {
      const where = `${file}:${m.location.start.line}:${m.location.start.column}`;
      const flag = m.status === 'NoCoverage' ? ' [no coverage]' : '';
      console.log(`${where} ${m.mutatorName}${flag}: ${original(entry.source, m)} -> ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`);
    }
  }
}
