/**
 * `mqspec replay FILE`: runs one scenario (or a counterexample wrapping one) on the reference model, step by step,
 * shows what each step changed in the observation, checks its expectations and, when the file names a property,
 * evaluates it and marks the violating step.
 */
import type { Outcome } from '../../model/outcome.js';
import type { Command, Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { runSteps } from '../../model/trace.js';
import { diffObservations, type ObservationChange } from '../../properties/observation-diff.js';
import { partialMatch } from '../../properties/partial-match.js';
import type { Property } from '../../properties/property.js';
import { isRejected, readScenarioFile, type LoadedScenarioFile } from '../../properties/scenario-files.js';
import { colorsFor, type CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { replayReport } from '../format/replay-report.js';
import { UsageError } from '../usage-error.js';
import { isRecord } from '../../model/json.js';
import { modelTarget } from '../../properties/corpus/counterexample-record.js';
import { replayOnTarget } from './replay-target.js';
import { dirname } from 'node:path';
import { locateReach } from '../../properties/corpus/target-reach.js';
import { optionsFor, type TargetOptions } from '../target-invocation.js';

/** The options of `mqspec replay`. */
export interface ReplayOptions extends TargetOptions {
  readonly json?: boolean;
  /** Replay on this target beside the model (default: the target a counterexample file names, if not the model). */
  readonly target?: string;
  /** Replay on this protocol program beside the model. */
  readonly exec?: string;
  /** The protocol's per-request timeout in milliseconds. */
  readonly timeout?: string;
}

/** One replayed step with what the scenario expected of it. */
export interface ReplayedStep {
  readonly index: number;
  readonly command: Command;
  readonly outcome: Outcome;
  /** What the step changed in the observation, path by path. */
  readonly changes: readonly ObservationChange[];
  /** The partial outcome the scenario expects, when it expects one. */
  readonly expected?: Record<string, unknown>;
  /** The first mismatch against `expected`, one line starting with its path. */
  readonly mismatch?: string;
  /** True at the step where the named property is violated. */
  readonly violates?: boolean;
}

/** The named property's verdict on the scenario. */
export interface ReplayedProperty {
  readonly id: string;
  readonly kind: Property['kind'];
  readonly statement: string;
  readonly verdict: 'held' | 'violated';
  readonly step?: number;
  readonly message?: string;
  readonly explanation?: string;
}

/** What `mqspec replay --json` prints; the text output shows the same. */
export interface ReplayDocument {
  readonly file: string;
  readonly system: string;
  readonly title?: string;
  /** True when the file is a counterexample: then the property must still be violated. */
  readonly counterexample: boolean;
  /** The observation before the first command. */
  readonly initial: unknown;
  readonly steps: readonly ReplayedStep[];
  readonly final: { readonly observation: unknown; readonly expected?: Record<string, unknown>; readonly mismatch?: string };
  readonly property?: ReplayedProperty;
  /** Every failed expectation, one line each; empty when the replay is as expected. */
  readonly failures: readonly string[];
  readonly ok: boolean;
}

/** The per-step expectations, checked for shape (parseScenario only checks that `outcomes` is an array). */
function expectedOutcomes(scenario: Scenario): ReadonlyArray<Record<string, unknown> | null> {
  const outcomes = scenario.expect?.outcomes ?? [];
  if (outcomes.length > scenario.commands.length) {
    throw new UsageError(`expect.outcomes: ${outcomes.length} entries for ${scenario.commands.length} commands`);
  }
  for (const [index, entry] of outcomes.entries()) {
    if (entry !== null && !isRecord(entry)) throw new UsageError(`expect.outcomes[${index}]: expected a partial outcome object or null`);
  }
  const final = scenario.expect?.final;
  if (final !== undefined && !isRecord(final)) throw new UsageError('expect.final: expected a partial observation object');
  return outcomes;
}

/** The named property, which must exist and be a property of the scenario's system. */
function namedProperty(id: string, scenario: Scenario, catalog: readonly Property[]): Property {
  const property = catalog.find((p) => p.id === id);
  if (property === undefined) throw new UsageError(`property: unknown property "${id}"`);
  if (property.system !== scenario.system) {
    throw new UsageError(`property: ${id} is a property of ${property.system}, but the scenario is of ${scenario.system}`);
  }
  return property;
}

/** The property's verdict on the scenario. */
function evaluateProperty(property: Property, scenario: Scenario): ReplayedProperty {
  const base = { id: property.id, kind: property.kind, statement: property.statement };
  const evaluation = property.evaluate(scenario);
  if (evaluation.status === 'held') return { ...base, verdict: 'held' };
  return {
    ...base,
    verdict: 'violated',
    step: evaluation.step,
    message: evaluation.message,
    ...(evaluation.explanation === undefined ? {} : { explanation: evaluation.explanation }),
  };
}

/** Replays a loaded file on its system's model and judges its expectations. */
export function replayScenario(file: LoadedScenarioFile, model: AnySystemModel, catalog: readonly Property[]): ReplayDocument {
  const { scenario } = file;
  const outcomes = expectedOutcomes(scenario);
  const property = file.property === undefined ? undefined : evaluateProperty(namedProperty(file.property, scenario, catalog), scenario);
  const initial = model.observe(model.init(scenario.setup));
  const failures: string[] = [];
  const steps: ReplayedStep[] = [];
  let observation = initial;
  // Step by step, keeping each step's changes but not its observations: a long scenario over a large state would
  // otherwise hold one full observation per step.
  for (const step of runSteps(model, scenario.setup, scenario.commands)) {
    const expected = outcomes[step.index] ?? undefined;
    const mismatch = expected === undefined ? undefined : partialMatch(step.outcome, expected, `expect.outcomes[${step.index}]`);
    if (mismatch !== undefined) failures.push(mismatch);
    steps.push({
      index: step.index,
      command: step.command,
      outcome: step.outcome,
      changes: diffObservations(step.before, step.after),
      ...(expected === undefined ? {} : { expected }),
      ...(mismatch === undefined ? {} : { mismatch }),
      ...(property?.step === step.index ? { violates: true } : {}),
    });
    observation = step.after;
  }
  const expectedFinal = scenario.expect?.final;
  const finalMismatch = expectedFinal === undefined ? undefined : partialMatch(observation, expectedFinal, 'expect.final');
  if (finalMismatch !== undefined) failures.push(finalMismatch);
  if (file.counterexample && property !== undefined && property.verdict !== 'violated') {
    failures.push(`property: ${property.id} held, but the file is a counterexample to it`);
  }
  return {
    file: file.path,
    system: scenario.system,
    ...(scenario.title === undefined ? {} : { title: scenario.title }),
    counterexample: file.counterexample,
    initial,
    steps,
    final: {
      observation,
      ...(expectedFinal === undefined ? {} : { expected: expectedFinal }),
      ...(finalMismatch === undefined ? {} : { mismatch: finalMismatch }),
    },
    ...(property === undefined ? {} : { property }),
    failures,
    ok: failures.length === 0,
  };
}

/** Replays FILE: exit 0 when its expectations hold, 1 when one fails, 2 (UsageError naming the file) on bad input. */
export function replayCommand(path: string, options: ReplayOptions, context: CliContext): ExitCode {
  const file = readScenarioFile(path, context.systems);
  if (isRejected(file)) throw new UsageError(`${path}: ${file.reason}`);
  const model = context.systems.get(file.scenario.system);
  if (model === undefined) throw new UsageError(`${path}: system: unknown system "${file.scenario.system}"`);
  const named = options.target !== undefined || options.exec !== undefined;
  if (named) return replayOnTarget(file, model, options, context);
  // A counterexample found on a target replays on it: started the way the file records, or (files of older versions)
  // by the name it was stored under.
  if (file.reach !== undefined) return replayOnTarget(file, model, { ...options, ...optionsFor(locateReach(file.reach, dirname(path))) }, context);
  if (file.target !== undefined && file.target !== modelTarget) return replayOnTarget(file, model, { ...options, target: file.target }, context);
  if (options.timeout !== undefined) throw new UsageError('--timeout: applies only with --target or --exec');
  let document: ReplayDocument;
  try {
    document = replayScenario(file, model, context.catalog);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
  if (options.json === true) context.stdout.write(JSON.stringify(document, null, 2) + '\n');
  else context.stdout.write(replayReport(document, colorsFor(context.stdout, context.env)));
  return document.ok ? ExitCode.ok : ExitCode.failed;
}
