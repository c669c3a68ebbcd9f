/**
 * The target contract: an implementation of one or more systems, checked against the model (DESIGN.md
 * "Conformance"). The scenario format *is* the contract: a target is initialised with a system's setup, answers each
 * command with an Outcome (`{ok: true, value?}` / `{ok: false, error}`) and shows its state as an observation of the
 * same shape as the model's `observe`. Targets are synchronous so that in-process targets, protocol targets (a worker
 * thread owns the child process and the caller waits) and the model share one code path.
 */
import type { Outcome } from '../model/outcome.js';
import type { SystemId } from '../model/system.js';
import type { CommandOf, SetupOf } from './system-types.js';

/**
 * How a target is compared:
 * - `differential`: outcomes and observations must equal the model's at every step, and every invariant must hold on
 *   the target's observations;
 * - `invariants`: only the invariants are checked (where exact equality with Java is not defined, e.g. sticky
 *   assignors).
 */
export type ConformanceMode = 'differential' | 'invariants';

/** What a target implements of one system (`S`: one of the systems it implements). */
export interface TargetSystem<S extends SystemId = SystemId> {
  readonly system: S;
  /** The command types it implements (`CommandTypeOf<S>`); the others are never generated for it. Omitted: every command. */
  readonly commands?: readonly string[];
  /**
   * The observation fields it shows, as dotted paths from the observation's root (`mode`, `partitions`); only these
   * are compared; the invariants see the model's values (run in lockstep) for the others. `[]`: it shows nothing and
   * `observe` is never called. A `*` segment stands for every key of a record (`partitions.*.paused`): the target's
   * keys are then the record's keys. Omitted: the whole observation.
   */
  readonly fields?: readonly string[];
  /** Defaults to `differential`. */
  readonly mode?: ConformanceMode;
  /**
   * Setup fields every scenario of this system gets (laid over the generated setup): the one case the implementation
   * covers, e.g. `{"assignor": "roundrobin"}` for a round-robin assignor, `{"strategy": {"name": "AVG"}}`.
   */
  readonly setup?: Readonly<Record<string, unknown>>;
  /**
   * The invariants that apply (by property id); all of the system's when omitted. Some need equality with Java (an
   * invariant that recomputes the assignment with the model's assignor), which a sticky assignor does not owe; some
   * read fields a target does not show, which the model's values would stand in for.
   */
  readonly properties?: readonly string[];
  /**
   * Commands its library's own caller makes only in some states: command type → observation field → the values it
   * makes it in (`{"rebalance": {"mode": ["AUTO_TOPICS", "AUTO_PATTERN"]}}`: kafka-python's coordinator assigns only
   * to a consumer that subscribed). Elsewhere the command is left out of the scenario (reachable-commands.ts).
   */
  readonly reachable?: Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>;
}

/**
 * One scenario's run on a target: created by `open` with the setup, then commands in order. `step` is sent only the
 * commands of the systems the target declares, typed as `CommandOf` them (narrow one by its `type`).
 */
export interface TargetSession<S extends SystemId = SystemId> {
  /** Runs one command; a failure of the real call is an Outcome, never a throw. Throwing is a target failure. */
  step(command: CommandOf<S>): Outcome;
  /** The observation after the last step (only the declared fields need be present). */
  observe(): unknown;
  /** Releases what the session holds; called once, also after a failure. */
  close(): void;
}

/** An implementation under test; `Target<'rocketmq.filter'>` types it for the systems it implements. */
export interface Target<S extends SystemId = SystemId> {
  /** Stable name: corpus files are stored under it (`kafkajs-round-robin`, `zoo:kafka-consumer-…`, `exec:…`). */
  readonly name: string;
  /** The version of what it wraps (`kafkajs@2.2.4`). */
  readonly version: string;
  /** One sentence: what it wraps and how. */
  readonly describes: string;
  readonly systems: readonly TargetSystem<S>[];
  /**
   * Starts one scenario of `system` with its (validated) setup, from scratch. Throwing is a target failure; so is
   * throwing a `TargetFailure` (properties/target-failure.ts) from any call, which adapters use to report a hang or
   * garbage with the request and the target's stderr.
   */
  open(system: S, setup: SetupOf<S>): TargetSession<S>;
  /** Releases the whole target (a child process, a worker). */
  dispose?(): void;
}
