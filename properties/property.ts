import type fc from 'fast-check';
import type { Outcome } from '../model/outcome.js';
import type { Command, Scenario } from '../model/scenario.js';
import type { SystemId, SystemModel } from '../model/system.js';
import { runSteps, type TraceStep } from '../model/trace.js';

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
}

/** The result of running one scenario under one property. */
export type Evaluation =
  | { readonly status: 'held'; readonly labels: ReadonlySet<string> }
  | {
      readonly status: 'violated';
      readonly step: number;
      readonly message: string;
      readonly explanation?: string;
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
  /** The property's check of one step, types erased (the explorer calls it on every transition it takes). */
  readonly check: (view: StepView<unknown, Command, unknown>) => string | undefined;
  /** Runs the scenario on the given implementation (the reference model by default), checking after every step. */
  evaluate(scenario: Scenario, implementation?: SystemModel<unknown, unknown, Command, unknown>): Evaluation;
}

/** Labels every step gets: which command ran and how it ended. */
function standardLabels(command: Command, outcome: Outcome): string[] {
  return [`cmd:${command.type}`, outcome.ok ? `ok:${command.type}` : `error:${outcome.error}`];
}

/** Binds a property spec to its system's model and erases the types for the catalog. */
export function defineProperty<Setup, State, Cmd extends Command, Observation>(
  model: SystemModel<Setup, State, Cmd, Observation>,
  spec: PropertySpec<Setup, Cmd, Observation>,
): Property {
  const evaluate = (
    scenario: Scenario<Setup, Cmd>,
    implementation: SystemModel<Setup, unknown, Cmd, Observation>,
  ): Evaluation => {
    const labels = new Set<string>();
    const history: TraceStep<Cmd, Observation>[] = [];
    const steps = runSteps(implementation, scenario.setup, scenario.commands);
    for (;;) {
      let next: IteratorResult<TraceStep<Cmd, Observation>>;
      try {
        next = steps.next();
      } catch (error) {
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
    evaluate: (scenario, implementation) =>
      evaluate(
        scenario as Scenario<Setup, Cmd>,
        (implementation ?? model) as SystemModel<Setup, unknown, Cmd, Observation>,
      ),
  };
}
