/**
 * The one public data format: a scenario is a system id, a setup and a list of commands, optionally with
 * expectations. Counterexamples, hand-written scenario tests and conformance runs all use it.
 */

/** A command: a plain JSON object whose `type` names the real API call it models. */
export interface Command {
  readonly type: string;
}

/** What a scenario may assert: per-step partial outcomes and a partial final observation (deep-matched). */
export interface Expectation {
  /** Aligned with `commands`; `null` (or a missing entry) expects nothing of that step. */
  readonly outcomes?: ReadonlyArray<Record<string, unknown> | null>;
  /** A partial observation of the final state, matched like vitest's `toMatchObject`. */
  readonly final?: Record<string, unknown>;
}

/** A runnable scenario. */
export interface Scenario<Setup = unknown, Cmd extends Command = Command> {
  readonly system: string;
  /** A human title; hand-written scenarios say where they come from. */
  readonly title?: string;
  readonly setup: Setup;
  readonly commands: readonly Cmd[];
  readonly expect?: Expectation;
}
