/**
 * The human output of `mqspec replay`: a step table with expectation and violation marks, each step followed by what
 * it changed in the observation (`partitions.t0-0.position: 0 → 2`), then the verdict.
 */
import { formatChange } from '../../properties/observation-diff.js';
import type { ReplayDocument, ReplayedStep } from '../commands/replay.js';
import type { Colors } from '../context.js';
import { formatOutcome } from './outcome.js';
import { renderTable } from './table.js';

/** The note column of one step: whether its expectation held and whether the property broke there. */
function stepNote(step: ReplayedStep, document: ReplayDocument): string {
  const notes: string[] = [];
  if (step.expected !== undefined) notes.push(step.mismatch === undefined ? '✓ expected' : '✗ not as expected');
  if (step.violates === true && document.property !== undefined) notes.push(`← violates ${document.property.id}`);
  return notes.join(' ');
}

/** The heading: file, system, how many commands, and what the file is. */
function heading(document: ReplayDocument, colors: Colors): string {
  const what = document.counterexample
    ? `counterexample${document.property === undefined ? '' : ` to ${document.property.id}`}`
    : 'scenario';
  const lines = [`${colors.bold(document.file)}: ${what}, ${document.system}, ${document.steps.length} commands`];
  if (document.title !== undefined) lines.push(colors.dim(document.title));
  return lines.join('\n') + '\n';
}

/** The property's verdict in one line, or two with the explanation. */
function propertyLine(document: ReplayDocument, colors: Colors): string {
  const property = document.property;
  if (property === undefined) return '';
  const name = `${colors.bold(property.id)} (${property.kind}): ${property.statement}`;
  if (property.verdict === 'held') {
    return `${name}\n  ${document.counterexample ? colors.red('held') : colors.green('held')} on this scenario\n`;
  }
  const verdict = document.counterexample ? colors.green('violated') : colors.red('violated');
  const explanation = property.explanation === undefined ? '' : `  ${property.explanation.split('\n').join('\n  ')}\n`;
  return `${name}\n  ${verdict} at step ${property.step ?? '?'}: ${property.message ?? ''}\n${explanation}`;
}

/**
 * The table with each step's changes on the lines below its row, indented past the `#` column, so the rows stay
 * aligned and the changes read as belonging to their step.
 */
function withChanges(table: string, document: ReplayDocument, colors: Colors): string {
  const lines = table.replace(/\n$/, '').split('\n');
  // The widest index is the last one's; no Math.max(...steps), which overflows the stack on a long scenario.
  const indexWidth = Math.max(1, String(Math.max(0, document.steps.length - 1)).length);
  const indent = ' '.repeat(indexWidth + 2);
  const out = lines.slice(0, 2);
  for (const [row, step] of document.steps.entries()) {
    out.push(lines[row + 2] ?? '');
    const changes = step.changes.length === 0 ? ['(no change)'] : step.changes.map((change) => formatChange(change));
    for (const change of changes) out.push(colors.dim(`${indent}${change}`));
  }
  return out.join('\n') + '\n';
}

/** The whole report. */
export function replayReport(document: ReplayDocument, colors: Colors): string {
  const columns = [{ header: '#', align: 'right' as const }, { header: 'command' }, { header: 'outcome' }, { header: 'notes' }];
  const rows = document.steps.map((step) => [String(step.index), JSON.stringify(step.command), formatOutcome(step.outcome), stepNote(step, document)]);
  const table = renderTable(columns, rows, (text, row, column) => {
    const step = document.steps[row];
    if (row === -1) return colors.bold(text);
    if (column === 2 && step !== undefined) return step.outcome.ok ? text : colors.yellow(text);
    if (column === 3 && step !== undefined) return step.mismatch !== undefined || step.violates === true ? colors.red(text) : colors.green(text);
    return text;
  });
  const parts = [heading(document, colors), `initial observation: ${JSON.stringify(document.initial)}\n`, '\n', withChanges(table, document, colors)];
  const finalMark = document.final.expected === undefined ? '' : document.final.mismatch === undefined ? ` ${colors.green('✓ expected')}` : ` ${colors.red('✗ not as expected')}`;
  parts.push(`final observation: ${JSON.stringify(document.final.observation)}${finalMark}\n`);
  const property = propertyLine(document, colors);
  if (property !== '') parts.push('\n', property);
  if (document.failures.length > 0) {
    parts.push('\n', ...document.failures.map((failure) => `${colors.red('✗')} ${failure}\n`));
  }
  parts.push('\n', document.ok ? colors.green('replay as expected\n') : colors.red(`replay failed: ${document.failures.length} expectation(s) not met\n`));
  return parts.join('');
}
