import type { z } from 'zod';
import type { Command } from './scenario.js';
import type { Outcome } from './outcome.js';

/** The identifiers of the modelled systems; see DESIGN.md "Systems". */
export type SystemId = 'kafka.consumer' | 'kafka.group' | 'rocketmq.allocate' | 'rocketmq.filter' | 'rocketmq.group';

/** The result of one reducer step: the next state and what the call answered. */
export interface StepResult<State> {
  readonly state: State;
  readonly outcome: Outcome;
}

/** Documentation of one command, used to generate docs/catalog.md and to validate input. */
export interface CommandDoc {
  readonly type: string;
  /** One sentence: which real API it models and what it does. */
  readonly summary: string;
  /** A complete example command object. */
  readonly example: Record<string, unknown>;
  /** True for environment facts (`produce`, `deleteRecords`) rather than client calls. */
  readonly environment?: boolean;
}

/**
 * How implementations of a system are compared where Java leaves an order unspecified (a HashSet's iteration order,
 * a HashMap's key order): both sides' outcomes and observations pass through these functions before they are
 * compared, e.g. sorting a list that is really a set. Defined once, by the system, never per target.
 */
export interface Comparison<Cmd extends Command, Observation> {
  /** The outcome of `command` in a canonical form. */
  outcome?(command: Cmd, outcome: Outcome): Outcome;
  /** The observation in a canonical form. */
  observation?(observation: Observation): Observation;
}

/**
 * A system's reference model: a pure reducer plus the schemas that validate a scenario's setup and commands,
 * and the projection (`observe`) that implementations are compared on.
 */
export interface SystemModel<Setup, State, Cmd extends Command, Observation> {
  readonly id: SystemId;
  /** One line for `mqspec list` and docs/catalog.md. */
  readonly summary: string;
  readonly setupSchema: z.ZodType<Setup>;
  readonly commandSchema: z.ZodType<Cmd>;
  readonly commands: readonly CommandDoc[];
  /** An example setup for docs/catalog.md. */
  readonly exampleSetup: Setup;
  /** The initial state for a validated setup. */
  init(setup: Setup): State;
  /** One command; never throws: failures are outcomes and leave the state unchanged. */
  step(state: State, command: Cmd): StepResult<State>;
  /** The observable projection of a state (plain JSON). */
  observe(state: State): Observation;
  /** How other implementations are compared with it where Java's order is unspecified; omitted: as they are. */
  readonly comparison?: Comparison<Cmd, Observation>;
}

/** A system model with its type parameters erased, for registries. */
export type AnySystemModel = SystemModel<unknown, unknown, Command, unknown>;
