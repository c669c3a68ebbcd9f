/**
 * The error a client library's test gets when its target does not conform: a readable report naming the target,
 * the property, the first diverging step with both sides, the shrunk scenario as JSON (`mqspec replay` reads it) and
 * the seed to rerun with; or the target failure with its request and stderr.
 */
import type { TargetCheckResult } from './check-target.js';
import { isExpected } from '../properties/check-property.js';

/** JSON cut to `max` characters. */
function show(value: unknown, max = 300): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The report text of a check that did not come out as expected (empty when it did). */
export function conformanceReport(result: TargetCheckResult, seed: number): string {
  const lines: string[] = [];
  const name = result.target.name;
  if (result.failure !== undefined) {
    lines.push(`target failure of ${name}: ${result.failure.message}`);
    if (result.failure.request !== undefined) lines.push(`  request: ${show(result.failure.request)}`);
    if (result.failure.scenario !== undefined) lines.push(`  scenario so far: ${JSON.stringify(result.failure.scenario)}`);
    if (result.failure.stderr !== undefined) lines.push(`  stderr: ${result.failure.stderr.trimEnd().split('\n').slice(-5).join('\n          ')}`);
  }
  for (const r of result.results.filter((x) => !isExpected(x) && x.counterexample !== undefined)) {
    const c = r.counterexample;
    if (c === undefined) continue;
    lines.push(`${name} ${r.id.endsWith('-AGREE') ? 'diverges from the model' : `violates ${r.id}`} at step ${c.step} of ${c.length}: ${c.message}`);
    if (c.divergence !== undefined) {
      lines.push(`  command: ${JSON.stringify(c.divergence.command)}`);
      lines.push(`  model:   outcome ${show(c.divergence.model.outcome)}, observation ${show(c.divergence.model.observation)}`);
      lines.push(`  target:  outcome ${show(c.divergence.target.outcome)}, observation ${show(c.divergence.target.observation)}`);
    }
    lines.push(`  scenario (shrunk): ${JSON.stringify({ property: r.id, target: name, seed, scenario: c.scenario })}`);
  }
  if (lines.length > 0) lines.push(`(seed ${seed}: rerun with MQSPEC_SEED=${seed}, or save the scenario line as a file and run mqspec replay FILE)`);
  return lines.join('\n');
}

/** Thrown by `assertConforms` when the target diverges, violates an invariant, or fails. */
export class ConformanceError extends Error {
  override readonly name = 'ConformanceError';
  constructor(readonly result: TargetCheckResult, seed: number) {
    super(conformanceReport(result, seed));
  }
}
