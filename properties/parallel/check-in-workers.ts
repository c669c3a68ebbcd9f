/**
 * `mqspec check --workers N`: the selected properties run on N worker threads, the longest first (by run count) so
 * the threads finish together; results come back in catalog order, exactly as a sequential run reports them (each
 * property's seed derives from the base seed and its id, so the thread it runs on changes nothing).
 */
import { catalog as registeredCatalog } from '../catalog.js';
import type { CorpusCheckResult } from '../corpus/check-replay-first.js';
import type { Property } from '../property.js';
import { runInWorkers } from './worker-pool.js';
import type { CheckTask } from './worker-task.js';

/** What the workers need of a check run. */
export interface ParallelCheck {
  readonly seed: number;
  readonly runs: number | undefined;
  readonly folder: string;
  /** Save new counterexamples to the corpus, stamped with this mqspec version; nothing is saved without it. */
  readonly mqspecVersion: string | undefined;
  readonly workers: number;
}

/**
 * The results of checking the properties on worker threads, or undefined when they should run in-process: one
 * worker or one property, or properties the workers cannot load (a catalog other than the registered one, as in
 * tests of the command line).
 */
export function checkInWorkers(properties: readonly Property[], options: ParallelCheck): CorpusCheckResult[] | undefined {
  if (options.workers <= 1 || properties.length <= 1 || !properties.every((p) => registeredCatalog.includes(p))) return undefined;
  const order = properties.map((p, i) => i).sort((a, b) => (properties[b]?.runs ?? 0) - (properties[a]?.runs ?? 0));
  const tasks = order.map((i): CheckTask => {
    const property = properties[i];
    if (property === undefined) throw new Error(`check: no property ${i}`);
    return {
      kind: 'check',
      property: property.id,
      seed: options.seed,
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      corpus: options.folder,
      ...(options.mqspecVersion === undefined ? {} : { mqspecVersion: options.mqspecVersion }),
    };
  });
  const replies = runInWorkers(tasks, options.workers);
  const results: CorpusCheckResult[] = new Array<CorpusCheckResult>(properties.length);
  replies.forEach((reply, k) => {
    if (reply.kind !== 'check') throw new Error(`check: a worker answered a ${reply.kind} task`);
    results[order[k] ?? 0] = reply.result;
  });
  return results;
}
