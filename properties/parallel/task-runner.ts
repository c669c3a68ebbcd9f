/**
 * What a worker pool runs: a module that each worker thread loads and whose `makeRunner` export answers its tasks,
 * and the same function for the calling thread (which runs tasks too, and cannot load a module synchronously).
 * A runner never throws: a failure is a `PoolError` reply.
 */

/** A task that failed. */
export interface PoolError {
  readonly kind: 'error';
  readonly error: string;
}

/** A pool's work: where its runner lives and the runner itself. */
export interface TaskRunner<Task, Reply> {
  /** The module exporting `makeRunner`, as a URL from its own file (`new URL('./x.js', import.meta.url)`). */
  readonly module: URL;
  /** A fresh runner for one pool run in one thread (its caches last that long). */
  readonly makeRunner: () => (task: Task) => Reply | PoolError;
}

/** The URL of a sibling module, as the running code names it: `.ts` from sources (tsx, vitest), `.js` once built. */
export function siblingModule(name: string, from: string): URL {
  return new URL(from.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, from);
}
