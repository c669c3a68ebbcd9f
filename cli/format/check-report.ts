/** The human output of `mqspec check`: progress lines, the summary table and a replayable report per counterexample. */
import { resultKey } from '../../conformance/check-target.js';
import type { Property } from '../../properties/property.js';
import { isExpected, type PropertyResult } from '../../properties/check-property.js';
import type { CorpusCheckResult } from '../../properties/corpus/check-replay-first.js';
import type { Colors } from '../context.js';
import { renderTable } from './table.js';

/** Erases the current terminal line so a progress line can be rewritten in place. */
const clearLine = '\r\u001b[2K';

/** The status word coloured by whether it is what the property's kind expects. */
function colorStatus(result: PropertyResult, text: string, colors: Colors): string {
  if (result.status === 'error') return colors.yellow(text);
  return isExpected(result) ? colors.green(text) : colors.red(text);
}

/** `n thing` or `n things`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Milliseconds as a whole number (the table is for people; `--json` keeps the fractions). */
function ms(result: PropertyResult): string {
  return String(Math.round(result.milliseconds));
}

/** The in-place line shown on a terminal while a property runs (no newline: the result overwrites it). */
export function progressRunning(property: Property, colors: Colors): string {
  return `${clearLine}${colors.dim('…')} ${property.id} ${colors.dim(`${property.system} ${property.kind} running`)}`;
}

/** The finished line of one property: on a terminal it replaces the running line. */
export function progressDone(result: CorpusCheckResult, colors: Colors, tty: boolean): string {
  const mark = isExpected(result) ? '✓' : '✗';
  const how = result.regression === undefined ? plural(result.runs, 'run') : 'stored counterexample reproduced';
  const line = `${colorStatus(result, mark, colors)} ${resultKey(result)} ${colorStatus(result, result.status, colors)} ${colors.dim(
    `(${how}, ${ms(result)} ms)`,
  )}`;
  return `${tty ? clearLine : ''}${line}\n`;
}

/** `reproduced/stored` for the replayed column, `-` when the corpus held none. */
function replayedCell(result: CorpusCheckResult): string {
  if (result.replayed.length === 0) return '-';
  return `${result.replayed.filter((r) => r.reproduced).length}/${result.replayed.length}`;
}

/** One row per property: id, kind, status, runs, ms, counterexample length, stored counterexamples reproduced/replayed. */
export function summaryTable(results: readonly CorpusCheckResult[], colors: Colors): string {
  const columns = [
    { header: 'id' },
    { header: 'kind' },
    { header: 'status' },
    { header: 'runs', align: 'right' as const },
    { header: 'ms', align: 'right' as const },
    { header: 'counterexample', align: 'right' as const },
    { header: 'replayed', align: 'right' as const },
  ];
  const rows = results.map((r) => [
    resultKey(r),
    r.kind,
    r.status,
    String(r.runs),
    ms(r),
    r.counterexample === undefined ? '-' : plural(r.counterexample.length, 'step'),
    replayedCell(r),
  ]);
  return renderTable(columns, rows, (text, row, column) => {
    if (row === -1) return colors.bold(text);
    const result = results[row];
    return column === 2 && result !== undefined ? colorStatus(result, text, colors) : text;
  });
}

/** The one-line JSON `mqspec replay` accepts for a counterexample: the scenario with its provenance. */
export function counterexampleLine(result: PropertyResult, baseSeed: number): string | undefined {
  if (result.counterexample === undefined) return undefined;
  return JSON.stringify({ property: result.id, seed: baseSeed, scenario: result.counterexample.scenario });
}

/** The command that reruns one property exactly. */
export function rerunCommand(result: PropertyResult, baseSeed: number, runs: number | undefined): string {
  return `mqspec check --property ${result.id} --seed ${baseSeed}${runs === undefined ? '' : ` --runs ${runs}`}`;
}

/** Indents every line of a block of text. */
function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

/** The lines about stored counterexamples of a hazard that no longer reproduce (empty for invariants: fixed is fine). */
function staleLines(result: CorpusCheckResult, colors: Colors): string[] {
  if (result.kind !== 'hazard') return [];
  return result.replayed
    .filter((r) => !r.reproduced)
    .map((r) => `  ${colors.yellow('stale:')}  ${r.file} no longer reproduces (the property held on it); delete it once the change is intended\n`);
}

/** Where the counterexample sits in the corpus: the replayed file, or where the new one was saved. */
function corpusLines(result: CorpusCheckResult, colors: Colors): string[] {
  if (result.regression !== undefined) {
    return [`  ${colors.red('regression:')} the stored counterexample ${result.regression} reproduces\n`];
  }
  const saved = result.saved;
  if (saved?.status === 'written' || saved?.status === 'exists') {
    return [`  ${colors.dim(saved.status === 'written' ? 'saved: ' : 'stored:')} ${saved.path}\n`];
  }
  const reproduced = result.replayed.find((r) => r.reproduced);
  return reproduced === undefined ? [] : [`  ${colors.dim('stored:')} ${reproduced.file} (reproduces)\n`];
}

/** The corpus file holding this counterexample (or, for a hazard, a stored one that reproduces), if there is one. */
function corpusFile(result: CorpusCheckResult): string | undefined {
  if (result.regression !== undefined) return result.regression;
  if (result.saved?.status === 'written' || result.saved?.status === 'exists') return result.saved.path;
  return result.replayed.find((r) => r.reproduced)?.file;
}

/** The replay instruction: the scenario line, and the corpus file when one holds it. */
function replayLines(result: CorpusCheckResult, baseSeed: number, colors: Colors): string[] {
  const file = corpusFile(result);
  const lines = [`  ${colors.dim('replay:')} ${counterexampleLine(result, baseSeed) ?? ''}\n`];
  if (file !== undefined) lines.push(`  ${colors.dim(`         (or run mqspec replay ${file})`)}\n`);
  else lines.push(`  ${colors.dim('         (save the line above as a file and run mqspec replay FILE)')}\n`);
  return lines;
}

/**
 * What a person needs to act on one result that has something to say: the violating step's message, the explanation,
 * the scenario to replay, where the corpus keeps it and the command to rerun; stale stored counterexamples of a
 * hazard. Empty for a held invariant.
 */
export function resultDetails(result: CorpusCheckResult, baseSeed: number, runs: number | undefined, colors: Colors): string {
  const heading = `${colors.bold(result.id)} (${result.kind}, ${result.system})`;
  const rerun = `  ${colors.dim('rerun:')}  ${rerunCommand(result, baseSeed, runs)}\n`;
  const stale = staleLines(result, colors);
  if (result.status === 'error') return `${heading} ${colorStatus(result, 'error', colors)}: ${result.error ?? 'unknown error'}\n${rerun}`;
  if (result.status === 'not-found') {
    return `${heading} ${colorStatus(result, 'not found', colors)}: no counterexample in ${plural(result.runs, 'run')}\n${stale.join('')}${rerun}`;
  }
  const counterexample = result.counterexample;
  if (counterexample === undefined) return stale.length === 0 ? '' : `${heading} ${colorStatus(result, result.status, colors)}\n${stale.join('')}`;
  const verdict = result.status === 'found' ? 'counterexample found' : 'violated';
  const lines = [
    `${heading} ${colorStatus(result, verdict, colors)} at step ${counterexample.step} of ${counterexample.length}: ${counterexample.message}\n`,
  ];
  if (counterexample.explanation !== undefined) lines.push(indent(counterexample.explanation, '  ') + '\n');
  lines.push(...corpusLines(result, colors), ...replayLines(result, baseSeed, colors), ...stale, rerun);
  return lines.join('');
}

/** The final line: how many properties came out as expected. */
export function summaryLine(passed: number, failed: number, baseSeed: number, colors: Colors): string {
  const counts = `${passed} passed, ${failed} failed`;
  return `${failed === 0 ? colors.green(counts) : colors.red(counts)} ${colors.dim(`(seed ${baseSeed})`)}\n`;
}
