import type fc from 'fast-check';
import type { Outcome } from '../model/outcome.js';
import type { Command, Scenario } from '../model/scenario.js';
import type { SystemId, SystemModel } from '../model/system.js';
import { runSteps, type TraceStep } from '../model/trace.js';
import { TargetFailure } from './target-failure.js';

/**
 * Anything that runs a scenario step by step other than a model's reducer: an implementation under test behind a
 * target adapter (conformance/). It yields each step as soon as it is taken and throws a `TargetFailure` when the
 * implementation cannot answer; the caller may stop early (`return()`), which must release what a run holds.
 */
export interface TraceSource {
  runSteps(setup: unknown, commands: readonly Command[]): Iterator<TraceStep>;
}

/** What a property can be evaluated on: a system model (the reference or a bug-zoo variant) or a trace source. */
export type Implementation = SystemModel<unknown, unknown, Command, unknown> | TraceSource;

/** True for a trace source rather than a model. */
export function isTraceSource(implementation: Implementation): implementation is TraceSource {
  return 'runSteps' in implementation;
}

/** One side of a differential comparison at one step: what the call answered and the observation after it. */
export interface Side {
  readonly outcome: Outcome;
  readonly observation: unknown;
}

/** The first step where a target and the model differ, with both sides (only the compared fields). */
export interface Divergence {
  readonly step: number;
  readonly command: Command;
  /** What differs: `outcome`, or the observation field (`partitions`, `$` for the whole observation). */
  readonly differs: string;
  readonly model: Side;
  readonly target: Side;
}

/**
 * - `invariant`: must hold after every step of every generated scenario; a violation fails the run.
 * - `hazard`: a plausible belief the real system does not guarantee; the suite must find a counterexample.
 */
export type PropertyKind = 'invariant' | 'hazard';

/** What a property's check sees after one step. */
export interface StepView<Setup, Cmd extends Command, Observation> {
  readonly setup: Setup;
  readonly index: number;
  readonly command: Cmd;
  readonly outcome: Outcome;
  readonly before: Observation;
  readonly after: Observation;
  /** Every step so far, this one last. */
  readonly history: readonly TraceStep<Cmd, Observation>[];
}

/** How a property is written: a generator of scenarios and a check run after every step. */
export interface PropertySpec<Setup, Cmd extends Command, Observation> {
  /** Stable id: KC-…, KG-…, RA-…, RF-…, RG-…. */
  readonly id: string;
  readonly kind: PropertyKind;
  /** One sentence stating the belief, as a user would. */
  readonly statement: string;
  /** Why it holds (invariant: where the code enforces it) or why it is false (hazard). */
  readonly why: string;
  /** The scenarios to try. */
  readonly scenarios: fc.Arbitrary<Scenario<Setup, Cmd>>;
  /** `undefined` when the statement holds after this step, else what went wrong, in one sentence. */
  check(view: StepView<Setup, Cmd, Observation>): string | undefined;
  /** Extra coverage labels for a step (command types, outcomes and errors are labelled for every property). */
  labels?(view: StepView<Setup, Cmd, Observation>): readonly string[];
  /** A generated explanation of a violation, written from the trace. */
  explain?(view: StepView<Setup, Cmd, Observation>, message: string): string;
  /** Runs in a default `check` (CI); defaults to 200. */
  readonly runs?: number;
  /**
   * Why the property cannot apply to a target that fixes these setup fields (its declared `setup`), or undefined
   * when it may: RA-04 speaks about CONSISTENT_HASH and has nothing to say about a target that only does AVG.
   */
  notApplicable?(fixed: Readonly<Record<string, unknown>>): string | undefined;
  /**
   * The observation fields (top-level names) whose values the check judges; omitted when it judges answers only or
   * was not annotated. A target that shows none of them would have the model's values judged in its name.
   */
  readonly reads?: readonly string[];
}

/** The result of running one scenario under one property. */
export type Evaluation =
  | { readonly status: 'held'; readonly labels: ReadonlySet<string> }
  | {
      readonly status: 'violated';
      readonly step: number;
      readonly message: string;
      readonly explanation?: string;
      /** Set by the differential property: both sides at the first diverging step. */
      readonly divergence?: Divergence;
      readonly labels: ReadonlySet<string>;
    };

/** A property with its types erased, as kept in the catalog. */
export interface Property {
  readonly id: string;
  readonly system: SystemId;
  readonly kind: PropertyKind;
  readonly statement: string;
  readonly why: string;
  readonly runs: number;
  readonly scenarios: fc.Arbitrary<Scenario>;
  /**
   * The property's check of one step, types erased (the explorer calls it on every transition it takes). Absent for
   * the differential properties of targets, which compare two runs rather than judge one trace.
   */
  readonly check?: (view: StepView<unknown, Command, unknown>) => string | undefined;
  /**
   * Runs the scenario on the given implementation (the reference model by default), checking after every step. A
   * `TargetFailure` thrown by the implementation is let through: it is no verdict.
   */
  evaluate(scenario: Scenario, implementation?: Implementation): Evaluation;
  /** See `PropertySpec.notApplicable`. */
  readonly notApplicable?: (fixed: Readonly<Record<string, unknown>>) => string | undefined;
  /** See `PropertySpec.reads`. */
  readonly reads?: readonly string[];
}

/** Labels every step gets: which command ran and how it ended. */
export function standardLabels(command: Command, outcome: Outcome): string[] {
  return [`cmd:${command.type}`, outcome.ok ? `ok:${command.type}` : `error:${outcome.error}`];
}

/** Binds a property spec to its system's model and erases the types for the catalog. */
export function defineProperty<Setup, State, Cmd extends Command, Observation>(
  model: SystemModel<Setup, State, Cmd, Observation>,
  spec: PropertySpec<Setup, Cmd, Observation>,
): Property {
  const evaluate = (scenario: Scenario<Setup, Cmd>, implementation: Implementation): Evaluation => {
    const labels = new Set<string>();
    const history: TraceStep<Cmd, Observation>[] = [];
    const steps = (
      isTraceSource(implementation)
        ? implementation.runSteps(scenario.setup, scenario.commands)
        : runSteps(implementation, scenario.setup, scenario.commands)
    ) as Iterator<TraceStep<Cmd, Observation>>;
    try {
      for (;;) {
        let next: IteratorResult<TraceStep<Cmd, Observation>>;
        try {
          next = steps.next();
        } catch (error) {
          if (error instanceof TargetFailure) throw error;
          // An implementation that throws instead of answering is a violation at that step, not a crashed suite.
          const reason = error instanceof Error ? error.message : String(error);
          return { status: 'violated', step: history.length, message: `the implementation threw: ${reason}`, labels };
        }
        if (next.done === true) break;
        const step = next.value;
        history.push(step);
        const view: StepView<Setup, Cmd, Observation> = { setup: scenario.setup, ...step, history };
        for (const label of standardLabels(step.command, step.outcome)) labels.add(label);
        for (const label of spec.labels?.(view) ?? []) labels.add(label);
        const message = spec.check(view);
        if (message !== undefined) {
          const explanation = spec.explain?.(view, message);
          return {
            status: 'violated',
            step: step.index,
            message,
            ...(explanation === undefined ? {} : { explanation }),
            labels,
          };
        }
      }
    } finally {
      // Stopping at a violation leaves the run open: let it release its session.
      steps.return?.();
    }
    return { status: 'held', labels };
  };
  return {
    id: spec.id,
    system: model.id,
    kind: spec.kind,
    statement: spec.statement,
    why: spec.why,
    runs: spec.runs ?? 200,
    scenarios: spec.scenarios as fc.Arbitrary<Scenario>,
    check: spec.check as (view: StepView<unknown, Command, unknown>) => string | undefined,
    ...(spec.reads === undefined ? {} : { reads: spec.reads }),
    ...(spec.notApplicable === undefined ? {} : { notApplicable: (fixed: Readonly<Record<string, unknown>>) => spec.notApplicable?.(fixed) }),
    evaluate: (scenario, implementation) =>
      evaluate(scenario as Scenario<Setup, Cmd>, implementation ?? (model as unknown as Implementation)),
  };
}
