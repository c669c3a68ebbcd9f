/**
 * In-process target modules named on the command line (`--target ./my-target.mjs`) are loaded by the bin before the
 * verb runs, each in a worker thread of its own (conformance/module-target-in-worker.ts) so that a call that never
 * returns is a target failure within the timeout rather than a hang of mqspec; the verb then finds the loaded target
 * in the context by the path given.
 */
import { resolve } from 'node:path';
import { isModulePath } from '../conformance/targets.js';
import { moduleTargetInWorker } from '../conformance/module-target-in-worker.js';
import type { Target } from '../conformance/target.js';
import { parsePositiveInteger } from './parse-integer.js';
import { UsageError } from './usage-error.js';

/**
 * Loads the target modules among `names` (the others are not module paths), each call bounded by `timeout` (the
 * `--timeout` option's text, milliseconds); one that cannot be loaded is a UsageError (one line, exit 2).
 */
export async function preloadTargetModules(names: readonly string[], timeout?: string): Promise<ReadonlyMap<string, Target>> {
  const loaded = new Map<string, Target>();
  const callMs = timeout === undefined ? undefined : parsePositiveInteger('--timeout', timeout);
  for (const path of names.filter(isModulePath)) {
    try {
      loaded.set(path, moduleTargetInWorker(resolve(path), callMs === undefined ? {} : { callMs }));
    } catch (error) {
      throw new UsageError(`--target: cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return loaded;
}
