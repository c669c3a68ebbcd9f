/**
 * `mqspec replay FILE --target NAME` (or a counterexample file found on a target): the scenario on the model and on
 * the target side by side, step by step, marking the first step where they differ and showing both sides there,
 * then the named property's verdict on the target. Exit 0 when a counterexample still reproduces on the target (or
 * a plain scenario agrees), 1 otherwise, 3 on a target failure.
 */
import { agreementId, stepDifference } from '../../conformance/agreement-property.js';
import { lockstepSource, type LockstepStep } from '../../conformance/lockstep.js';
import { projectFields } from '../../conformance/observation-fields.js';
import type { Target, TargetSystem } from '../../conformance/target.js';
import { agreementCatalog } from '../../conformance/target-properties.js';
import type { Outcome } from '../../model/outcome.js';
import type { Command } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import type { Divergence } from '../../properties/property.js';
import type { LoadedScenarioFile } from '../../properties/scenario-files.js';
import { TargetFailure, type TargetFailureReport } from '../../properties/target-failure.js';
import { colorsFor, type CliContext, type Colors } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { formatOutcome } from '../format/outcome.js';
import { renderTable } from '../format/table.js';
import { observationDifferences, targetFailureDetails } from '../format/target-report.js';
import { UsageError } from '../usage-error.js';
import { startTarget } from './check-target.js';
import type { ReplayOptions } from './replay.js';

/** One step on both sides. */
export interface SideBySideStep {
  readonly index: number;
  readonly command: Command;
  readonly model: Outcome;
  readonly target: Outcome;
  /** What differs at this step (`outcome`, an observation path), when the sides differ. */
  readonly differs?: string;
}

/** What `mqspec replay --target --json` prints. */
export interface TargetReplayDocument {
  readonly file: string;
  readonly system: string;
  readonly target: { readonly name: string; readonly version: string };
  readonly counterexample: boolean;
  readonly steps: readonly SideBySideStep[];
  /** Both sides at the first step where they differ. */
  readonly divergence?: Divergence;
  readonly property?: { readonly id: string; readonly verdict: 'held' | 'violated'; readonly step?: number; readonly message?: string };
  readonly failure?: TargetFailureReport;
  readonly ok: boolean;
}

/** Runs the file's scenario in lockstep; a target failure ends the list of steps. */
function sideBySide(file: LoadedScenarioFile, model: AnySystemModel, target: Target, declared: TargetSystem): { steps: SideBySideStep[]; divergence?: Divergence; failure?: TargetFailureReport } {
  const steps: SideBySideStep[] = [];
  let divergence: Divergence | undefined;
  const observed = (s: LockstepStep['model']): unknown => (declared.fields !== undefined && declared.fields.length === 0 ? {} : projectFields(s.after, declared.fields));
  try {
    const run = lockstepSource(target, declared, model).runLockstep(file.scenario.setup, file.scenario.commands);
    for (let next = run.next(); next.done !== true; next = run.next()) {
      const step = next.value;
      const differs = stepDifference(model, declared, step);
      steps.push({ index: step.index, command: step.command, model: step.model.outcome, target: step.target.outcome, ...(differs === undefined ? {} : { differs }) });
      if (differs !== undefined && divergence === undefined) {
        divergence = {
          step: step.index,
          command: step.command,
          differs,
          model: { outcome: step.model.outcome, observation: observed(step.model) },
          target: { outcome: step.target.outcome, observation: observed(step.target) },
        };
      }
    }
  } catch (error) {
    if (!(error instanceof TargetFailure)) throw error;
    return { steps, ...(divergence === undefined ? {} : { divergence }), failure: error.report() };
  }
  return { steps, ...(divergence === undefined ? {} : { divergence }) };
}

/** The side-by-side table and what follows it. */
function sideBySideReport(document: TargetReplayDocument, colors: Colors): string {
  const columns = [{ header: '#', align: 'right' as const }, { header: 'command' }, { header: 'model' }, { header: 'target' }, { header: 'notes' }];
  const rows = document.steps.map((s) => [String(s.index), JSON.stringify(s.command), formatOutcome(s.model), formatOutcome(s.target), s.differs === undefined ? '' : `✗ differs: ${s.differs}`]);
  const table = renderTable(columns, rows, (text, row, column) => (row === -1 ? colors.bold(text) : column === 4 && text !== '' ? colors.red(text) : text));
  const parts = [`${colors.bold(document.file)}: ${document.system} on the model and on ${document.target.name} (${document.target.version}), ${document.steps.length} steps\n\n`, table];
  const d = document.divergence;
  if (d !== undefined) {
    parts.push(`\nfirst difference at step ${d.step} (${d.differs}):\n`);
    parts.push(`  model:  ${formatOutcome(d.model.outcome)}\n`);
    parts.push(`  target: ${formatOutcome(d.target.outcome)}\n`);
    parts.push(...observationDifferences(d.model.observation, d.target.observation, colors, 20));
  } else if (document.failure === undefined) {
    parts.push(`\n${colors.green('the target agrees with the model at every step')}\n`);
  }
  const p = document.property;
  if (p !== undefined) parts.push(`\n${colors.bold(p.id)} on the target: ${p.verdict === 'violated' ? `violated at step ${p.step ?? '?'}: ${p.message ?? ''}` : 'held'}\n`);
  if (document.failure !== undefined) parts.push('\n' + targetFailureDetails(undefined, document.failure, colors));
  parts.push('\n', document.ok ? colors.green('replay as expected\n') : colors.red(document.counterexample ? 'replay failed: the counterexample no longer reproduces on the target\n' : 'replay failed: the target diverges from the model\n'));
  return parts.join('');
}

/** Replays a file on the model and a target side by side. */
export function replayOnTarget(file: LoadedScenarioFile, model: AnySystemModel, options: ReplayOptions, context: CliContext): ExitCode {
  let target: Target;
  try {
    target = startTarget(options, context);
  } catch (error) {
    if (!(error instanceof TargetFailure)) throw error;
    context.stdout.write(targetFailureDetails(undefined, error.report(), colorsFor(context.stdout, context.env)));
    return ExitCode.targetFailure;
  }
  try {
    const declared = target.systems.find((s) => s.system === model.id);
    if (declared === undefined) throw new UsageError(`${file.path}: ${target.name} does not implement ${model.id}`);
    const { steps, divergence, failure } = sideBySide(file, model, target, declared);
    let property: TargetReplayDocument['property'];
    let propertyFailure: TargetFailureReport | undefined;
    if (file.property !== undefined && failure === undefined) {
      const known = [...context.catalog, ...agreementCatalog(context.systems, context.catalog)].find((p) => p.id === file.property);
      if (known === undefined) throw new UsageError(`${file.path}: property: unknown property "${file.property}"`);
      if (known.id === agreementId(model.id)) {
        property = divergence === undefined ? { id: known.id, verdict: 'held' } : { id: known.id, verdict: 'violated', step: divergence.step, message: `differs: ${divergence.differs}` };
      } else {
        try {
          const evaluation = known.evaluate(file.scenario, lockstepSource(target, declared, model));
          property = evaluation.status === 'held' ? { id: known.id, verdict: 'held' } : { id: known.id, verdict: 'violated', step: evaluation.step, message: evaluation.message };
        } catch (error) {
          if (!(error instanceof TargetFailure)) throw error;
          propertyFailure = error.report();
        }
      }
    }
    const failed = failure ?? propertyFailure;
    const ok = failed === undefined && (file.counterexample ? property?.verdict === 'violated' || (property === undefined && divergence !== undefined) : divergence === undefined);
    const document: TargetReplayDocument = {
      file: file.path,
      system: model.id,
      target: { name: target.name, version: target.version },
      counterexample: file.counterexample,
      steps,
      ...(divergence === undefined ? {} : { divergence }),
      ...(property === undefined ? {} : { property }),
      ...(failed === undefined ? {} : { failure: failed }),
      ok,
    };
    if (options.json === true) context.stdout.write(JSON.stringify(document, null, 2) + '\n');
    else context.stdout.write(sideBySideReport(document, colorsFor(context.stdout, context.env)));
    if (failed !== undefined) return ExitCode.targetFailure;
    return ok ? ExitCode.ok : ExitCode.failed;
  } finally {
    target.dispose?.();
  }
}
