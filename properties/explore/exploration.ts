/**
 * What the explorer needs to know of a system besides its model and its properties: the finite scopes it searches
 * (kept apart from the rules, as TLA+ keeps bounds in model files), the commands applicable in a state of a scope,
 * what of the history the properties' checks read, and which names are interchangeable.
 *
 * Each system's exploration lives beside its generator scopes (`properties/<system>/exploration-scopes.ts`), so a
 * new command is added to the enumerator next to the bounds that limit it.
 */
import type { z } from 'zod';
import type { Command } from '../../model/scenario.js';
import type { SystemId } from '../../model/system.js';
import type { StepView } from '../property.js';

/** One finite scope: the setups to start from, the depth bound and the enumerator's bounds (in `commands`). */
export interface ExplorationScope<Setup, State, Cmd extends Command> {
  /** One line: what the scope covers, e.g. "one topic of two partitions, offsets up to 2". */
  readonly summary: string;
  /** Every initial setup the search starts from; each is searched on its own (and is one unit of `--shard`). */
  readonly setups: readonly Setup[];
  /** The longest command sequence searched; the scope is exhausted when no new state appears before it. */
  readonly maxDepth: number;
  /** Every command applicable in `state` within the scope's bounds (including failing calls worth checking). */
  commands(state: State, setup: Setup): readonly Cmd[];
  /** The JSON bounds the scope was built from, which a scope file (`--scope FILE`) may start from and override. */
  readonly bounds?: unknown;
}

/**
 * How a system builds a scope from JSON bounds, so that users can write their own scope files: the bounds' schema
 * and the builder the shipped scopes use too.
 */
export interface ScopeBuilder<Setup, State, Cmd extends Command> {
  readonly schema: z.ZodType<unknown>;
  /** A scope from bounds the schema accepted. */
  build(summary: string, bounds: unknown): ExplorationScope<Setup, State, Cmd>;
}

/** A scope builder from a typed schema and builder, erased to `unknown` bounds. */
export function scopeBuilder<Bounds, Setup, State, Cmd extends Command>(
  schema: z.ZodType<Bounds>,
  build: (summary: string, bounds: Bounds) => ExplorationScope<Setup, State, Cmd>,
): ScopeBuilder<Setup, State, Cmd> {
  return { schema, build: (summary, bounds) => build(summary, bounds as Bounds) };
}

/**
 * What a system's checks read of the history, folded step by step into a small JSON value (a monitor, as a
 * model checker composes a property automaton with the system). Two paths that reach the same state with the same
 * memory are interchangeable for every check of every later step, so the explorer may keep only the first.
 */
export interface HistoryMemory<Setup, Cmd extends Command, Observation> {
  /** The memory of the empty history. */
  readonly initial: unknown;
  /** The memory after one more step (`view.history` is the path so far, this step last). */
  remember(memory: unknown, view: StepView<Setup, Cmd, Observation>): unknown;
  /** Why the memory is enough: which checks read the history, and what of it they read. */
  readonly why: string;
}

/** Names the model treats alike (client ids…): states that differ only by renaming them are explored once. */
export interface Symmetry<Setup> {
  /** The interchangeable names under this setup; none (empty) where renaming them would change behaviour. */
  names(setup: Setup): readonly string[];
  /** Where the reduction is sound and where it is not, and why. */
  readonly why: string;
}

/** A system's exploration: its scopes (at least `small` for the tests and `default` for the main job). */
export interface Exploration<Setup, State, Cmd extends Command, Observation> {
  readonly system: SystemId;
  readonly scopes: Readonly<Record<string, ExplorationScope<Setup, State, Cmd>>> & {
    readonly small: ExplorationScope<Setup, State, Cmd>;
    readonly default: ExplorationScope<Setup, State, Cmd>;
  };
  /** Builds scopes from bounds: the shipped ones and those of scope files. */
  readonly scopeBuilder: ScopeBuilder<Setup, State, Cmd>;
  /** Absent when no check reads more of the history than the step itself. */
  readonly memory?: HistoryMemory<Setup, Cmd, Observation>;
  readonly symmetry?: Symmetry<Setup>;
  /**
   * False when a property's statement does not cover the setup (a rule stated for one profile): its generator never
   * draws such setups, so the explorer does not check it there. Every property applies everywhere by default.
   */
  applies?(propertyId: string, setup: Setup): boolean;
}

/** An exploration with its type parameters erased, for the registry. */
export type AnyExploration = Exploration<unknown, unknown, Command, unknown>;

/** An erased scope. */
export type AnyExplorationScope = ExplorationScope<unknown, unknown, Command>;

/** Binds the type parameters of an exploration and erases them for the registry. */
export function defineExploration<Setup, State, Cmd extends Command, Observation>(
  exploration: Exploration<Setup, State, Cmd, Observation>,
): AnyExploration {
  return exploration as unknown as AnyExploration;
}
