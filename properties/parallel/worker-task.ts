/** The messages between the pool and its workers: a task names what to run; a reply carries plain data back. */
import type { CorpusCheckResult } from '../corpus/check-replay-first.js';
import type { ExploreResult } from '../explore/explore.js';

/** Check one property of the registered catalog, replaying the corpus first (as `mqspec check` does). */
export interface CheckTask {
  readonly kind: 'check';
  readonly property: string;
  readonly seed: number;
  readonly runs?: number;
  readonly corpus: string;
  /** Save new counterexamples (stamped with this version) to the corpus. */
  readonly mqspecVersion?: string;
}

/** Explore some setups of a system's scope. */
export interface ExploreTask {
  readonly kind: 'explore';
  readonly system: string;
  readonly scope: string;
  /** A scope file's scope, rebuilt in the worker from its validated bounds (functions cannot cross threads). */
  readonly scopeFile?: { readonly summary: string; readonly bounds: unknown };
  readonly setupIndexes: readonly number[];
  readonly maxDepth?: number;
  readonly timeLimitMs?: number;
  /** `--max-memory`: the heap bound of each thread's search. */
  readonly heapLimitBytes?: number;
  readonly symmetry: boolean;
  /** Property ids to check (default: all of the system's). */
  readonly properties?: readonly string[];
}

/** Any task. */
export type WorkerTask = CheckTask | ExploreTask;

/** What a worker sends back. */
export type WorkerReply =
  | { readonly kind: 'check'; readonly result: CorpusCheckResult }
  | { readonly kind: 'explore'; readonly result: ExploreResult }
  | { readonly kind: 'error'; readonly error: string };
