import fc from 'fast-check';
import type { Scenario } from '../model/scenario.js';
import type { Divergence, Implementation, Property } from './property.js';
import { TargetFailure, type TargetFailureReport } from './target-failure.js';
import { minimize, type Shorten } from './minimize.js';
import { explorations } from './explore/explorations.js';
import { shortenByExploration } from './explore/shorten.js';
import { systems } from '../model/systems.js';

/**
 * held/violated for invariants, found/not-found for hazards, error when the check itself broke, target-failure when
 * the implementation under test could not answer (see properties/target-failure.ts).
 */
export type PropertyStatus = 'held' | 'violated' | 'found' | 'not-found' | 'error' | 'target-failure';

/** A minimal scenario that violates a property, with where and why. */
export interface Counterexample {
  readonly scenario: Scenario;
  readonly length: number;
  /** Index of the violating step. */
  readonly step: number;
  readonly message: string;
  readonly explanation?: string;
  /** Both sides at the first diverging step, for a divergence from the model. */
  readonly divergence?: Divergence;
  /** fast-check's replay path for the original (unminimized) failure under `seed`. */
  readonly path?: string;
}

/** What checking one property found. */
export interface PropertyResult {
  readonly id: string;
  readonly system: string;
  readonly kind: Property['kind'];
  readonly status: PropertyStatus;
  /** Generated scenarios tried before stopping. */
  readonly runs: number;
  readonly seed: number;
  readonly milliseconds: number;
  readonly counterexample?: Counterexample;
  /** How many runs saw each coverage label. */
  readonly coverage: Readonly<Record<string, number>>;
  readonly error?: string;
  /** What the target failure was, for status `target-failure`. */
  readonly failure?: TargetFailureReport;
}

/** Options of one check. */
export interface CheckOptions {
  /** The base seed; each property derives its own from it and its id, so properties are independent. */
  readonly seed: number;
  /** Overrides the property's default number of runs. */
  readonly runs?: number;
  /** The implementation to check (the reference model by default), e.g. a bug-zoo variant or a target. */
  readonly implementation?: Implementation;
}

/** A 31-bit seed from the base seed and the property id (FNV-1a), so adding a property changes no other's runs. */
export function propertySeed(baseSeed: number, id: string): number {
  let hash = 0x811c9dc5 ^ baseSeed;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}

/** The status for a property that was (or was not) violated. */
function statusOf(property: Property, violated: boolean): PropertyStatus {
  if (property.kind === 'invariant') return violated ? 'violated' : 'held';
  return violated ? 'found' : 'not-found';
}

/**
 * Checks one property by generation: an invariant is searched for a violation, a hazard for a counterexample.
 * A violation is shrunk by fast-check, then made 1-minimal, then replaced by a shorter one where a bounded search
 * from its setup, or from a setup one knob away, finds one (properties/explore/shorten.ts).
 */
export function checkProperty(property: Property, options: CheckOptions): PropertyResult {
  const seed = propertySeed(options.seed, property.id);
  const numRuns = options.runs ?? property.runs;
  const coverage = new Map<string, number>();
  let searching = true;
  let generated = 0;
  let failure: TargetFailure | undefined;
  const started = performance.now();
  const predicate = fc.property(property.scenarios, (scenario) => {
    // After a target failure the target is gone: the remaining runs pass untried (fast-check cannot be stopped).
    if (failure !== undefined) return true;
    let evaluation;
    try {
      evaluation = property.evaluate(scenario, options.implementation);
    } catch (error) {
      if (!(error instanceof TargetFailure)) throw error;
      failure = error;
      return true;
    }
    if (searching) {
      generated++;
      for (const label of evaluation.labels) coverage.set(label, (coverage.get(label) ?? 0) + 1);
      if (evaluation.status === 'violated') searching = false;
    }
    return evaluation.status !== 'violated';
  });
  try {
    const details = fc.check(predicate, { seed, numRuns, endOnFailure: false });
    const base = { id: property.id, system: property.system, kind: property.kind, runs: generated, seed };
    const sortedCoverage = Object.fromEntries([...coverage.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (failure !== undefined) {
      return { ...base, status: 'target-failure', milliseconds: performance.now() - started, coverage: sortedCoverage, failure: failure.report() };
    }
    if (!details.failed) {
      return { ...base, status: statusOf(property, false), milliseconds: performance.now() - started, coverage: sortedCoverage };
    }
    if (details.counterexample === null) throw new Error(`${property.id}: fast-check failed without a counterexample`);
    const model = systems.get(property.system);
    const exploration = explorations.get(property.system);
    const shorten: Shorten | undefined =
      // The search runs on the model: for an implementation under test its finds would rarely hold, and cost.
      model === undefined || exploration === undefined || options.implementation !== undefined
        ? undefined
        : (p, s) => shortenByExploration(p, s, model, exploration);
    const scenario = minimize(property, details.counterexample[0], options.implementation, model, shorten);
    const evaluation = property.evaluate(scenario, options.implementation);
    if (evaluation.status !== 'violated') throw new Error(`${property.id}: the shrunk counterexample no longer violates the property`);
    const counterexample: Counterexample = {
      scenario,
      length: scenario.commands.length,
      step: evaluation.step,
      message: evaluation.message,
      ...(evaluation.explanation === undefined ? {} : { explanation: evaluation.explanation }),
      ...(evaluation.divergence === undefined ? {} : { divergence: evaluation.divergence }),
      ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }),
    };
    return {
      ...base,
      status: statusOf(property, true),
      milliseconds: performance.now() - started,
      counterexample,
      coverage: sortedCoverage,
    };
  } catch (error) {
    // A target that fails while its counterexample is shrunk: report the failure, not an error of the check.
    if (error instanceof TargetFailure) {
      return {
        id: property.id,
        system: property.system,
        kind: property.kind,
        status: 'target-failure',
        runs: generated,
        seed,
        milliseconds: performance.now() - started,
        coverage: {},
        failure: error.report(),
      };
    }
    return {
      id: property.id,
      system: property.system,
      kind: property.kind,
      status: 'error',
      runs: generated,
      seed,
      milliseconds: performance.now() - started,
      coverage: {},
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** True when the status is what the property's kind expects (invariant held, hazard found). */
export function isExpected(result: PropertyResult): boolean {
  return result.status === 'held' || result.status === 'found';
}
