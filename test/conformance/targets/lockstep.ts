/**
 * Shared assertion helper for the bundled-target tests: runs one scenario on the reference model and on a target
 * side by side and reports the first step where an outcome or a declared observation field differs.
 */
import { systems } from '../../../model/systems.js';
import type { Outcome } from '../../../model/outcome.js';
import type { SystemId } from '../../../model/system.js';
import { deepEqual } from '../../../properties/deep-equal.js';
import { valueAt } from '../../../conformance/observation-fields.js';
import type { Target } from '../../../conformance/target.js';
import type { CommandOf, SetupOf } from '../../../conformance/system-types.js';

/** A command as a test writes it: a type and the command's fields. */
export interface ScenarioCommand {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** Both sides at the first step where they differ. */
export interface FirstDifference {
  readonly step: number;
  readonly what: string;
  readonly model: unknown;
  readonly target: unknown;
}

/** One side's answers to a whole scenario: outcomes and the observation after each step. */
export interface Run {
  readonly outcomes: Outcome[];
  readonly observations: unknown[];
}

/** Runs a scenario on the reference model. */
export function runModel(system: SystemId, setup: unknown, commands: readonly ScenarioCommand[]): Run {
  const model = systems.get(system);
  if (model === undefined) throw new Error(`no model ${system}`);
  let state = model.init(model.setupSchema.parse(setup));
  const run: Run = { outcomes: [], observations: [] };
  for (const command of commands) {
    const result = model.step(state, model.commandSchema.parse(command));
    state = result.state;
    run.outcomes.push(result.outcome);
    run.observations.push(model.observe(state));
  }
  return run;
}

/** Runs a scenario on a target. */
export function runTarget(target: Target, system: SystemId, setup: unknown, commands: readonly ScenarioCommand[]): Run {
  const model = systems.get(system);
  if (model === undefined) throw new Error(`no model ${system}`);
  const session = target.open(system, model.setupSchema.parse(setup) as SetupOf<SystemId>);
  const run: Run = { outcomes: [], observations: [] };
  try {
    for (const command of commands) {
      run.outcomes.push(session.step(model.commandSchema.parse(command) as CommandOf<SystemId>));
      run.observations.push(session.observe());
    }
  } finally {
    session.close();
  }
  return run;
}

/** Outcomes without the message (messages are free text; names and values are compared). */
function comparable(outcome: Outcome | undefined): unknown {
  if (outcome === undefined || outcome.ok) return outcome;
  return { ok: false, error: outcome.error };
}

/** The first difference between the model and the target on a scenario, or undefined when they agree. */
export function firstDifference(target: Target, system: SystemId, setup: unknown, commands: readonly ScenarioCommand[]): FirstDifference | undefined {
  const declared = target.systems.find((s) => s.system === system);
  const fields = declared?.mode === 'invariants' ? [] : (declared?.fields ?? ['']);
  // Both sides run on the setup with the fields the target fixes.
  const fixed = { ...(setup as object), ...declared?.setup };
  const model = runModel(system, fixed, commands);
  const lib = runTarget(target, system, fixed, commands);
  for (let step = 0; step < commands.length; step++) {
    if (!deepEqual(comparable(model.outcomes[step]), comparable(lib.outcomes[step]))) {
      return { step, what: 'outcome', model: model.outcomes[step], target: lib.outcomes[step] };
    }
    for (const field of fields) {
      const m = field === '' ? model.observations[step] : valueAt(model.observations[step], field);
      const t = field === '' ? lib.observations[step] : valueAt(lib.observations[step], field);
      if (!deepEqual(m, t)) return { step, what: field === '' ? 'observation' : field, model: m, target: t };
    }
  }
  return undefined;
}
