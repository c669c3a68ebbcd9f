/** The human output of `mqspec check`: progress lines, the summary table and a replayable report per counterexample. */
import type { Property } from '../../properties/property.js';
import { isExpected, type PropertyResult } from '../../properties/check-property.js';
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
export function progressDone(result: PropertyResult, colors: Colors, tty: boolean): string {
  const mark = isExpected(result) ? '✓' : '✗';
  const line = `${colorStatus(result, mark, colors)} ${result.id} ${colorStatus(result, result.status, colors)} ${colors.dim(
    `(${plural(result.runs, 'run')}, ${ms(result)} ms)`,
  )}`;
  return `${tty ? clearLine : ''}${line}\n`;
}

/** One row per property: id, kind, status, runs, ms, counterexample length. */
export function summaryTable(results: readonly PropertyResult[], colors: Colors): string {
  const columns = [
    { header: 'id' },
    { header: 'kind' },
    { header: 'status' },
    { header: 'runs', align: 'right' as const },
    { header: 'ms', align: 'right' as const },
    { header: 'counterexample', align: 'right' as const },
  ];
  const rows = results.map((r) => [r.id, r.kind, r.status, String(r.runs), ms(r), r.counterexample === undefined ? '-' : plural(r.counterexample.length, 'step')]);
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

/**
 * What a person needs to act on one result that has something to say: the violating step's message, the explanation,
 * the scenario to replay and the command to rerun. Empty for a held invariant.
 */
export function resultDetails(result: PropertyResult, baseSeed: number, runs: number | undefined, colors: Colors): string {
  const heading = `${colors.bold(result.id)} (${result.kind}, ${result.system})`;
  const rerun = `  ${colors.dim('rerun:')}  ${rerunCommand(result, baseSeed, runs)}\n`;
  if (result.status === 'error') return `${heading} ${colorStatus(result, 'error', colors)}: ${result.error ?? 'unknown error'}\n${rerun}`;
  if (result.status === 'not-found') {
    return `${heading} ${colorStatus(result, 'not found', colors)}: no counterexample in ${plural(result.runs, 'run')}\n${rerun}`;
  }
  const counterexample = result.counterexample;
  if (counterexample === undefined) return '';
  const verdict = result.status === 'found' ? 'counterexample found' : 'violated';
  const lines = [
    `${heading} ${colorStatus(result, verdict, colors)} at step ${counterexample.step} of ${counterexample.length}: ${counterexample.message}\n`,
  ];
  if (counterexample.explanation !== undefined) lines.push(indent(counterexample.explanation, '  ') + '\n');
  lines.push(`  ${colors.dim('replay:')} ${counterexampleLine(result, baseSeed) ?? ''}\n`);
  lines.push(`  ${colors.dim('         (save the line above as a file and run mqspec replay FILE)')}\n`);
  lines.push(rerun);
  return lines.join('');
}

/** The final line: how many properties came out as expected. */
export function summaryLine(passed: number, failed: number, baseSeed: number, colors: Colors): string {
  const counts = `${passed} passed, ${failed} failed`;
  return `${failed === 0 ? colors.green(counts) : colors.red(counts)} ${colors.dim(`(seed ${baseSeed})`)}\n`;
}
