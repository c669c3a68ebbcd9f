/**
 * The bug zoo: small, deliberately wrong implementations, each a plausible mistake a client implementer could make.
 * Every invariant must catch at least one of them — a property that catches nothing cannot fail, which is a defect.
 */
import type { Command } from '../../model/scenario.js';
import type { StepResult, SystemModel } from '../../model/system.js';

/** One wrong implementation and the invariants that must catch it. */
export interface Bug {
  /** Stable kebab-case id. */
  readonly id: string;
  /** The property ids that must report it violated. */
  readonly caughtBy: readonly string[];
  /** The mistake, in one sentence. */
  readonly mistake: string;
  readonly implementation: SystemModel<unknown, unknown, Command, unknown>;
}

/**
 * A copy of a model whose step is replaced for some commands: `override` answers the wrong result, or undefined to
 * fall back to the reference step.
 */
export function mutateStep<Setup, State, Cmd extends Command, Observation>(
  model: SystemModel<Setup, State, Cmd, Observation>,
  override: (state: State, command: Cmd, reference: (state: State, command: Cmd) => StepResult<State>) => StepResult<State> | undefined,
): SystemModel<unknown, unknown, Command, unknown> {
  const step = (state: State, command: Cmd): StepResult<State> => override(state, command, model.step) ?? model.step(state, command);
  return { ...model, step } as unknown as SystemModel<unknown, unknown, Command, unknown>;
}
