/**
 * Checking a target: for each system it declares (and the caller selects), the target's properties
 * (target-properties.ts) run through the same replay-first check as the model's — the corpus's counterexamples
 * stored under the target's name first, then generation, shrinking against the target (fast-check, then 1-minimal),
 * and saving new counterexamples under the target's name. A target failure stops the check: the target is gone.
 */
import type { AnySystemModel, SystemId } from '../model/system.js';
import { isExpected } from '../properties/check-property.js';
import { checkReplayFirst, type CorpusCheckResult, type SaveTo } from '../properties/corpus/check-replay-first.js';
import type { Corpus } from '../properties/corpus/load-corpus.js';
import type { Property } from '../properties/property.js';
import type { TargetFailureReport } from '../properties/target-failure.js';
import { divergenceClass, excludingClasses } from './divergence-class.js';
import { declarationProblem, notApplicableProperties, type NotApplicable } from './declared-support.js';
import { lockstepSource, type LockstepSource } from './lockstep.js';
import type { Target } from './target.js';
import { targetProperties } from './target-properties.js';

/** Options of a target check. */
export interface TargetCheckOptions {
  /** The base seed (each property derives its own). */
  readonly seed: number;
  /** Overrides each property's number of runs. */
  readonly runs?: number;
  /** Only these property ids (`RF-AGREE`, `RF-01`, …); all of the target's otherwise. */
  readonly properties?: readonly string[];
  /** Only these of the target's systems. */
  readonly systems?: readonly SystemId[];
  /** The corpus to replay first; none by default. */
  readonly corpus?: Corpus;
  /** Where to save new counterexamples; nothing is saved without it. */
  readonly save?: SaveTo;
  /** The registries: the systems' models and the property catalog. */
  readonly models: ReadonlyMap<string, AnySystemModel>;
  readonly catalog: readonly Property[];
  /** Stop at the first property that is not as expected (a divergence or violation), e.g. in a client's own tests. */
  readonly stopOnViolation?: boolean;
  /**
   * How many distinct divergence classes (divergence-class.ts) the differential property reports at most: after each
   * shrunk divergence its class is excluded and the search goes on, until nothing new is found or this many are.
   * 16 by default; 1 reports the first divergence only.
   */
  readonly maxDivergenceClasses?: number;
  /** Called after each property, e.g. for progress lines. */
  readonly onResult?: (result: TargetPropertyResult) => void;
}

/** A property's result on a target; a divergence names its class. */
export interface TargetPropertyResult extends CorpusCheckResult {
  readonly divergenceClass?: string;
}

/**
 * The key of a result (a matrix cell, a line of the summary): the property's id, or for a divergence of the differential property, the id with its
 * class (`KG-AGREE · rebalance: value`), one cell per distinct class. Keys by class, not by the order found: which
 * class a check reaches first depends on the corpus's file order, the set of classes does not.
 */
export function resultKey(result: TargetPropertyResult): string {
  return result.divergenceClass === undefined ? result.id : `${result.id} · ${result.divergenceClass}`;
}

/** The default bound on distinct divergence classes per differential property. */
export const defaultMaxDivergenceClasses = 16;

/** What checking a target found. */
export interface TargetCheckResult {
  readonly target: { readonly name: string; readonly version: string; readonly describes: string };
  readonly results: readonly TargetPropertyResult[];
  /** Systems the target declares that mqspec does not model (not checked, listed). */
  readonly unmodelled: readonly string[];
  /** Properties of the checked systems that do not apply to the target (not run, never counted as passed). */
  readonly notApplicable: readonly NotApplicable[];
  /** The target failure that stopped the check, if one did. */
  readonly failure?: TargetFailureReport;
  /** `agrees` when every property held, `diverges` when one was violated, `target-failure` when it failed. */
  readonly verdict: 'agrees' | 'diverges' | 'target-failure';
}

/** An empty corpus, for checks without one. */
const noCorpus: Corpus = { folder: '', entries: [], warnings: [] };

/**
 * One property's results: its check, and for a divergence, further checks that exclude each class found so far
 * (divergence-class.ts), one result per distinct class, in the order found. The corpus is replayed in every round:
 * a stored counterexample of a class not yet reported is that round's regression.
 */
function distinctResults(property: Property, source: LockstepSource, options: TargetCheckOptions, target: string): TargetPropertyResult[] {
  const bound = options.stopOnViolation === true ? 1 : (options.maxDivergenceClasses ?? defaultMaxDivergenceClasses);
  const known = new Set<string>();
  const results: TargetPropertyResult[] = [];
  for (let round = 0; round < bound; round++) {
    const result = checkReplayFirst(known.size === 0 ? property : excludingClasses(property, known), {
      seed: options.seed,
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      implementation: source,
      corpus: options.corpus ?? noCorpus,
      target,
      ...(options.save === undefined ? {} : { save: options.save }),
    });
    const divergence = result.counterexample?.divergence;
    // A later round that finds nothing new adds no result: the property's verdict is its first round's.
    if (round > 0 && divergence === undefined && result.status !== 'target-failure') break;
    const found = divergence === undefined ? undefined : divergenceClass(divergence);
    results.push(found === undefined ? result : { ...result, divergenceClass: found });
    if (found === undefined) break;
    known.add(found);
  }
  return results;
}

/** Checks a target; never throws for anything the target does (that is a target failure in the result). */
export function checkTarget(target: Target, options: TargetCheckOptions): TargetCheckResult {
  const results: TargetPropertyResult[] = [];
  const unmodelled: string[] = [];
  const notApplicable: NotApplicable[] = [];
  const identity = { name: target.name, version: target.version, describes: target.describes };
  // A declaration mqspec cannot honour is refused before anything runs: the target's own mistake, stated.
  for (const declared of target.systems) {
    const model = options.models.get(declared.system);
    const problem = model === undefined ? undefined : declarationProblem(declared, model, options.catalog);
    if (problem !== undefined) {
      const message = `${target.name} declares ${declared.system} wrongly: ${problem}`;
      return { target: identity, results, unmodelled, notApplicable, failure: { message }, verdict: 'target-failure' };
    }
  }
  let failure: TargetFailureReport | undefined;
  for (const declared of target.systems) {
    if (options.systems !== undefined && !options.systems.includes(declared.system)) continue;
    const model = options.models.get(declared.system);
    if (model === undefined) {
      unmodelled.push(declared.system);
      continue;
    }
    notApplicable.push(...notApplicableProperties(declared, model, options.catalog).filter((p) => options.properties === undefined || options.properties.includes(p.id)));
    const source = lockstepSource(target, declared, model);
    const own = targetProperties(declared, model, options.catalog);
    if (own.length === 0) {
      failure = { message: `${target.name} declares ${declared.system} with no property mqspec can check on it (every one is not applicable)` };
      break;
    }
    const selected = own.filter((p) => options.properties === undefined || options.properties.includes(p.id));
    for (const property of selected) {
      for (const result of distinctResults(property, source, options, target.name)) {
        results.push(result);
        options.onResult?.(result);
        if (result.status === 'target-failure') failure = result.failure;
      }
      if (failure !== undefined) break;
      if (options.stopOnViolation === true && !results.every(isExpected)) break;
    }
    if (failure !== undefined || (options.stopOnViolation === true && !results.every(isExpected))) break;
  }
  const verdict = failure !== undefined ? 'target-failure' : results.every(isExpected) ? 'agrees' : 'diverges';
  return {
    target: identity,
    results,
    unmodelled,
    notApplicable,
    ...(failure === undefined ? {} : { failure }),
    verdict,
  };
}
