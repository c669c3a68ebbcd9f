/**
 * Running one scenario on a target and on the model side by side, step by step (DESIGN.md "Conformance"). Each step
 * yields both sides' outcome and observation. The target's observation is only asked for when the target declares
 * fields to show (a target declaring `fields: []` is never sent `observe`); where it declares some fields, the
 * model's values stand in for the others, so the invariants always see a whole observation.
 */
import type { Outcome } from '../model/outcome.js';
import type { Command, Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import type { TraceSource } from '../properties/property.js';
import { TargetFailure } from '../properties/target-failure.js';
import type { TraceStep } from '../model/trace.js';
import { overlayFields } from './observation-fields.js';
import type { Target, TargetSession, TargetSystem } from './target.js';
import type { CommandOf, SetupOf } from './system-types.js';
import type { SystemId } from '../model/system.js';
import { asOutcome } from './target-outcome.js';

/** One side of one step. */
export interface SideStep {
  readonly outcome: Outcome;
  readonly before: unknown;
  readonly after: unknown;
}

/** One step on both sides. */
export interface LockstepStep {
  readonly index: number;
  readonly command: Command;
  readonly model: SideStep;
  /** The target's outcome and its observation (completed from the model's where it declares only some fields). */
  readonly target: SideStep;
}

/** A trace source that also yields both sides, for the differential property. */
export interface LockstepSource extends TraceSource {
  readonly target: Target;
  readonly declared: TargetSystem;
  readonly model: AnySystemModel;
  runLockstep(setup: unknown, commands: readonly Command[]): Iterator<LockstepStep>;
}

/** True for a lockstep source. */
export function isLockstepSource(value: unknown): value is LockstepSource {
  return typeof value === 'object' && value !== null && 'runLockstep' in value;
}

/** The message of anything a target threw. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Calls the target; a TargetFailure passes, anything else thrown becomes one naming the call. */
function call<T>(what: string, request: unknown, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof TargetFailure) throw error;
    throw new TargetFailure(`${what} threw: ${reason(error)}`, { request });
  }
}

/** The lockstep run of one scenario; the session is closed when the run ends or is abandoned. */
function* lockstep(target: Target, declared: TargetSystem, model: AnySystemModel, setup: unknown, commands: readonly Command[]): Generator<LockstepStep> {
  // Scenarios arrive validated (generated from the model, or read through parseScenario): the setup and each command
  // are of the model's system, the types the target's session is written against.
  const parsed = setup as SetupOf<SystemId>;
  const scenarioSoFar = (count: number): Scenario => ({ system: model.id, setup, commands: commands.slice(0, count) });
  const observeTarget = (session: TargetSession, modelObservation: unknown): unknown =>
    declared.fields !== undefined && declared.fields.length === 0
      ? modelObservation
      : overlayFields(modelObservation, call('observe', { op: 'observe' }, () => session.observe()), declared.fields);
  let session: TargetSession | undefined;
  let step = 0;
  try {
    session = call('open', { op: 'init', system: model.id, setup: parsed }, () => target.open(model.id, parsed));
    let state = model.init(parsed);
    let modelBefore = model.observe(state);
    let targetBefore = observeTarget(session, modelBefore);
    for (const [index, command] of commands.entries()) {
      step = index + 1;
      const result = model.step(state, command);
      state = result.state;
      const modelAfter = model.observe(state);
      const active = session;
      const answered = call('step', { op: 'step', command }, () => active.step(command as CommandOf<SystemId>));
      const outcome = asOutcome(answered);
      if (outcome === undefined) {
        throw new TargetFailure(`step answered ${JSON.stringify(answered) ?? String(answered)}, which is not an outcome ({"ok":true,"value"?} or {"ok":false,"error"})`, {
          request: { op: 'step', command },
        });
      }
      const targetAfter = observeTarget(session, modelAfter);
      yield {
        index,
        command,
        model: { outcome: result.outcome, before: modelBefore, after: modelAfter },
        target: { outcome, before: targetBefore, after: targetAfter },
      };
      modelBefore = modelAfter;
      targetBefore = targetAfter;
    }
  } catch (error) {
    if (error instanceof TargetFailure && error.scenario === undefined) error.scenario = scenarioSoFar(step);
    throw error;
  } finally {
    // A close that fails after a failure must not hide the failure; one that fails after a good run is ignored too,
    // because the next `open` will show whether the target is still usable.
    try {
      session?.close();
    } catch {
      /* reported by the next open, if it matters */
    }
  }
}

/** The lockstep source of one declared system of a target against its model. */
export function lockstepSource(target: Target, declared: TargetSystem, model: AnySystemModel): LockstepSource {
  return {
    target,
    declared,
    model,
    runLockstep: (setup, commands) => lockstep(target, declared, model, setup, commands),
    runSteps: function* (setup, commands): Generator<TraceStep> {
      for (const step of lockstep(target, declared, model, setup, commands)) {
        yield { index: step.index, command: step.command, outcome: step.target.outcome, before: step.target.before, after: step.target.after };
      }
    },
  };
}
