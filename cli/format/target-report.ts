/**
 * The human output of `mqspec check --target/--exec`: the target's line, then per property what the model check
 * shows (cli/format/check-report.ts), a divergence with both sides at the first diverging step, a target failure with
 * the request, the scenario so far and the tail of the target's stderr, and the verdict.
 */
import type { CorpusCheckResult } from '../../properties/corpus/check-replay-first.js';
import { isExpected } from '../../properties/check-property.js';
import type { TargetFailureReport } from '../../properties/target-failure.js';
import type { TargetCheckResult, TargetPropertyResult } from '../../conformance/check-target.js';
import type { Colors } from '../context.js';
import { formatOutcome } from './outcome.js';
import { diffObservations, formatChange } from '../../properties/observation-diff.js';

/** A word quoted for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command that reruns one property on the target, named by `words` (`--target ./my-target.mjs`, `--exec 'python3 t.py'`). */
export function targetRerunCommand(words: string, id: string, seed: number, runs: number | undefined): string {
  return `mqspec check ${words} --property ${id} --seed ${seed}${runs === undefined ? '' : ` --runs ${runs}`}`;
}

/** JSON cut to `max` characters. */
function show(value: unknown, max = 200): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The heading line: which target, its version, what it is. */
export function targetHeading(result: Pick<TargetCheckResult, 'target'>, colors: Colors): string {
  return `${colors.bold(`target ${result.target.name}`)} ${colors.dim(`${result.target.version}: ${result.target.describes}`)}\n`;
}

/** The corpus file holding a result's counterexample, if there is one. */
function corpusFile(result: CorpusCheckResult): string | undefined {
  if (result.regression !== undefined) return result.regression;
  if (result.saved?.status === 'written' || result.saved?.status === 'exists') return result.saved.path;
  return undefined;
}

/**
 * The observation paths where the two sides differ, one line each (`path: model → target`), at most `max` of them;
 * nothing when the observations agree.
 */
export function observationDifferences(model: unknown, target: unknown, colors: Colors, max = 8): string[] {
  const changes = diffObservations(model, target);
  if (changes.length === 0) return [];
  const lines = changes.slice(0, max).map((change) => `    ${formatChange(change)}\n`);
  if (changes.length > max) lines.push(`    … and ${changes.length - max} more\n`);
  return [`  ${colors.dim('observation (model → target):')}\n`, ...lines];
}

/**
 * What a person needs to act on one property that did not hold on the target `target` (its name), which the command
 * line names by `words` (`--target PATH`, `--exec 'COMMAND'`).
 */
export function targetResultDetails(target: string, words: string, result: TargetPropertyResult, seed: number, runs: number | undefined, colors: Colors): string {
  const counterexample = result.counterexample;
  if (isExpected(result) || counterexample === undefined) return '';
  const heading = `${colors.bold(result.id)} (${result.kind}, ${result.system})`;
  const verb = result.id.endsWith('-AGREE') ? 'diverges' : 'violated';
  const lines = [`${heading} ${colors.red(verb)}${result.divergenceClass === undefined ? '' : ` [${result.divergenceClass}]`} at step ${counterexample.step} of ${counterexample.length}: ${counterexample.message}\n`];
  const divergence = counterexample.divergence;
  if (divergence !== undefined) {
    lines.push(`  ${colors.dim('command:')} ${JSON.stringify(divergence.command)}\n`);
    lines.push(`  ${colors.dim('model:  ')} ${formatOutcome(divergence.model.outcome)}\n`);
    lines.push(`  ${colors.dim('target: ')} ${formatOutcome(divergence.target.outcome)}\n`);
    lines.push(...observationDifferences(divergence.model.observation, divergence.target.observation, colors));
  } else if (counterexample.explanation !== undefined) {
    lines.push(counterexample.explanation.split('\n').map((line) => `  ${line}\n`).join(''));
  }
  const file = corpusFile(result);
  if (result.regression !== undefined) lines.push(`  ${colors.red('regression:')} the stored counterexample ${result.regression} reproduces\n`);
  else if (file !== undefined) lines.push(`  ${colors.dim('saved: ')} ${file}\n`);
  const line = JSON.stringify({ property: result.id, target, seed, scenario: counterexample.scenario });
  lines.push(`  ${colors.dim('replay:')} ${file === undefined ? line : `mqspec replay ${file}`}\n`);
  lines.push(`  ${colors.dim('rerun: ')} ${targetRerunCommand(words, result.id, seed, runs)}\n`);
  return lines.join('');
}

/** The target failure: what failed, the request, the scenario so far and the tail of stderr. */
export function targetFailureDetails(property: string | undefined, failure: TargetFailureReport, colors: Colors): string {
  const lines = [`${colors.yellow('target failure')}${property === undefined ? '' : ` while checking ${property}`}: ${failure.message}\n`];
  if (failure.request !== undefined) lines.push(`  ${colors.dim('request:')}  ${show(failure.request, 400)}\n`);
  if (failure.scenario !== undefined) lines.push(`  ${colors.dim('scenario so far:')} ${show(failure.scenario, 2000)}\n`);
  if (failure.stderr !== undefined) {
    const tail = failure.stderr.trimEnd().split('\n').slice(-10);
    lines.push(`  ${colors.dim('stderr (last lines):')}\n${tail.map((l) => `    ${l}\n`).join('')}`);
  }
  return lines.join('');
}

/** The properties that do not apply to the target, one line each with the reason (never counted as passed). */
export function notApplicableLines(result: TargetCheckResult, colors: Colors): string {
  return result.notApplicable.map((p) => `${colors.dim('not applicable')}  ${p.id}: ${p.reason}\n`).join('');
}

/** The final line: the verdict, the counts and the seed. */
export function targetVerdictLine(result: TargetCheckResult, seed: number, colors: Colors): string {
  const passed = result.results.filter(isExpected).length;
  const failed = result.results.length - passed;
  const skipped = result.notApplicable.length === 0 ? '' : `, ${result.notApplicable.length} not applicable`;
  const counts = `${passed} passed, ${failed} failed${skipped} (seed ${seed})`;
  if (result.verdict === 'agrees') return `${colors.green(`${result.target.name} agrees with the model`)}: ${counts}\n`;
  if (result.verdict === 'diverges') return `${colors.red(`${result.target.name} diverges from the model`)}: ${counts}\n`;
  return `${colors.yellow(`${result.target.name} failed`)} (a target failure, no verdict): ${counts}\n`;
}
