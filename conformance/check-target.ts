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
import { declarationProblem, notApplicableProperties, type NotApplicable } from './declared-support.js';
import { lockstepSource } from './lockstep.js';
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
  /** Called after each property, e.g. for progress lines. */
  readonly onResult?: (result: CorpusCheckResult) => void;
}

/** What checking a target found. */
export interface TargetCheckResult {
  readonly target: { readonly name: string; readonly version: string; readonly describes: string };
  readonly results: readonly CorpusCheckResult[];
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

/** Checks a target; never throws for anything the target does (that is a target failure in the result). */
export function checkTarget(target: Target, options: TargetCheckOptions): TargetCheckResult {
  const results: CorpusCheckResult[] = [];
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
      const result = checkReplayFirst(property, {
        seed: options.seed,
        ...(options.runs === undefined ? {} : { runs: options.runs }),
        implementation: source,
        corpus: options.corpus ?? noCorpus,
        target: target.name,
        ...(options.save === undefined ? {} : { save: options.save }),
      });
      results.push(result);
      options.onResult?.(result);
      if (result.status === 'target-failure') {
        failure = result.failure;
        break;
      }
      if (options.stopOnViolation === true && !isExpected(result)) break;
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
