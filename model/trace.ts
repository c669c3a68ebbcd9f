import type { Outcome } from './outcome.js';
import type { Command } from './scenario.js';
import type { SystemModel } from './system.js';

/** One executed command with the observations around it. */
export interface TraceStep<Cmd extends Command = Command, Observation = unknown> {
  readonly index: number;
  readonly command: Cmd;
  readonly outcome: Outcome;
  readonly before: Observation;
  readonly after: Observation;
}

/** A whole run of a scenario. */
export interface Trace<Cmd extends Command = Command, Observation = unknown> {
  readonly initial: Observation;
  readonly steps: readonly TraceStep<Cmd, Observation>[];
}

/**
 * Runs commands one by one, yielding each step as soon as it is taken so that callers can check invariants after
 * every step and stop at the first violation.
 */
export function* runSteps<Setup, State, Cmd extends Command, Observation>(
  model: SystemModel<Setup, State, Cmd, Observation>,
  setup: Setup,
  commands: readonly Cmd[],
): Generator<TraceStep<Cmd, Observation>, void, undefined> {
  let state = model.init(setup);
  let before = model.observe(state);
  for (const [index, command] of commands.entries()) {
    const result = model.step(state, command);
    state = result.state;
    const after = model.observe(state);
    yield { index, command, outcome: result.outcome, before, after };
    before = after;
  }
}

/** Runs a whole scenario and keeps every step. */
export function runTrace<Setup, State, Cmd extends Command, Observation>(
  model: SystemModel<Setup, State, Cmd, Observation>,
  setup: Setup,
  commands: readonly Cmd[],
): Trace<Cmd, Observation> {
  const initial = model.observe(model.init(setup));
  return { initial, steps: [...runSteps(model, setup, commands)] };
}
