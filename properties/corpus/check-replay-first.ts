/**
 * Checking a property corpus first: its stored counterexamples are replayed before anything is generated.
 *
 * - An invariant whose stored counterexample still violates it is `violated` at once (a regression), without
 *   generating: the stored scenario is the shortest way to show the bug again. Stored counterexamples that no longer
 *   violate it (the bug was fixed) stay as regression tests and generation runs as usual.
 * - A hazard is always searched by generation as well (DESIGN.md: a hazard must be found by generation, and its
 *   coverage is reported). A stored counterexample that no longer reproduces is reported as `stale`, but does not by
 *   itself fail the run: the run fails when generation cannot find the hazard either (`not-found`).
 *
 * New counterexamples found by generation are saved: every one of an invariant (each is a regression test to replay
 * first next time), and one of a hazard only when none of its stored ones reproduces (the corpus needs one reproducing
 * example per hazard; storing every variant a random seed finds would only churn it).
 */
import { checkProperty, propertySeed, type CheckOptions, type Counterexample, type PropertyResult } from '../check-property.js';
import type { Evaluation, Property } from '../property.js';
import { TargetFailure } from '../target-failure.js';
import type { AnySystemModel } from '../../model/system.js';
import { counterexampleRecord } from './counterexample-record.js';
import { storedFor, type Corpus, type StoredCounterexample } from './load-corpus.js';
import { saveCounterexample, type SavedCounterexample } from './save-counterexample.js';
import { storedReach, type TargetLocation } from './target-reach.js';
import { join } from 'node:path';

/** One stored counterexample as replayed. */
export interface ReplayedCounterexample {
  readonly file: string;
  /** True when the property is still violated on it. */
  readonly reproduced: boolean;
  /** Where and how it is violated now, when it reproduced. */
  readonly step?: number;
  readonly message?: string;
}

/** A property's result with what the corpus contributed. */
export interface CorpusCheckResult extends PropertyResult {
  /** Every stored counterexample of the property on this target, replayed, in file order. */
  readonly replayed: readonly ReplayedCounterexample[];
  /** The corpus file the counterexample came from, when it was replayed rather than generated (a regression). */
  readonly regression?: string;
  /** Where a newly generated counterexample was stored. */
  readonly saved?: SavedCounterexample;
}

/** Saving new counterexamples: the corpus folder, the registry that normalizes scenarios, the version stamp. */
export interface SaveTo {
  readonly folder: string;
  readonly systems: ReadonlyMap<string, AnySystemModel>;
  readonly mqspecVersion: string;
  /** Where the target is, recorded in each file (relative to it) so that `mqspec replay FILE` can start it again. */
  readonly reach?: TargetLocation;
}

/** Options of a replay-first check. */
export interface ReplayFirstOptions extends CheckOptions {
  readonly corpus: Corpus;
  /** The target's name (`model` for the reference model): only its stored counterexamples are replayed. */
  readonly target: string;
  /** Where to save new counterexamples; nothing is saved without it. */
  readonly save?: SaveTo;
}

/** The stored counterexample replayed, with the evaluation it got. */
interface Replay {
  readonly entry: StoredCounterexample;
  readonly evaluation: Evaluation;
}

/** The replay as reported. */
function replayed({ entry, evaluation }: Replay): ReplayedCounterexample {
  if (evaluation.status === 'held') return { file: entry.path, reproduced: false };
  return { file: entry.path, reproduced: true, step: evaluation.step, message: evaluation.message };
}

/** A counterexample as a check reports it, from a stored one that still violates the property. */
function fromStored({ entry, evaluation }: Replay): Counterexample | undefined {
  if (evaluation.status !== 'violated') return undefined;
  const { scenario, path } = entry.record;
  return {
    scenario,
    length: scenario.commands.length,
    step: evaluation.step,
    message: evaluation.message,
    ...(evaluation.explanation === undefined ? {} : { explanation: evaluation.explanation }),
    ...(evaluation.divergence === undefined ? {} : { divergence: evaluation.divergence }),
    ...(path === undefined ? {} : { path }),
  };
}

/** Saves a generated counterexample when the policy above asks for it. */
function saveIfNew(property: Property, result: PropertyResult, reproducedAny: boolean, options: ReplayFirstOptions): SavedCounterexample | undefined {
  const save = options.save;
  if (save === undefined || result.counterexample === undefined) return undefined;
  if (property.kind === 'hazard' && reproducedAny) return undefined;
  const record = counterexampleRecord(result.counterexample, {
    property,
    target: options.target,
    ...(save.reach === undefined ? {} : { reach: storedReach(save.reach, join(save.folder, property.system)) }),
    seed: options.seed,
    mqspecVersion: save.mqspecVersion,
  });
  return saveCounterexample(save.folder, record, { systems: save.systems, existing: options.corpus.entries });
}

/** Checks one property: replays its stored counterexamples, then generates (see the module comment). */
export function checkReplayFirst(property: Property, options: ReplayFirstOptions): CorpusCheckResult {
  const started = performance.now();
  let replays: Replay[];
  try {
    replays = storedFor(options.corpus, property.id, options.target).map((entry) => ({
      entry,
      evaluation: property.evaluate(entry.record.scenario, options.implementation),
    }));
  } catch (error) {
    if (!(error instanceof TargetFailure)) throw error;
    const base = { id: property.id, system: property.system, kind: property.kind, runs: 0, seed: propertySeed(options.seed, property.id) };
    return { ...base, status: 'target-failure', milliseconds: performance.now() - started, coverage: {}, failure: error.report(), replayed: [] };
  }
  const reports = replays.map(replayed);
  const regression = property.kind === 'invariant' ? replays.find((r) => r.evaluation.status === 'violated') : undefined;
  const counterexample = regression === undefined ? undefined : fromStored(regression);
  if (regression !== undefined && counterexample !== undefined) {
    return {
      id: property.id,
      system: property.system,
      kind: property.kind,
      status: 'violated',
      runs: 0,
      seed: propertySeed(options.seed, property.id),
      milliseconds: performance.now() - started,
      counterexample,
      // Nothing was generated, so there is no coverage to report.
      coverage: {},
      replayed: reports,
      regression: regression.entry.path,
    };
  }
  const result = checkProperty(property, options);
  const saved = saveIfNew(property, result, reports.some((r) => r.reproduced), options);
  return { ...result, replayed: reports, ...(saved === undefined ? {} : { saved }) };
}
