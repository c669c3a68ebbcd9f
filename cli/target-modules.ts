/**
 * In-process target modules named on the command line (`--target ./my-target.ts`) are imported by the bin before
 * the verb runs, because importing is asynchronous and the verbs are not: the verb then finds the loaded target in
 * the context by the path given.
 */
import { isModulePath, loadTargetModule } from '../conformance/targets.js';
import type { Target } from '../conformance/target.js';
import { UsageError } from './usage-error.js';

/** Loads the target modules among `names` (the others are not module paths); one that cannot be loaded is a UsageError (one line, exit 2). */
export async function preloadTargetModules(names: readonly string[]): Promise<ReadonlyMap<string, Target>> {
  const loaded = new Map<string, Target>();
  for (const path of names.filter(isModulePath)) {
    try {
      loaded.set(path, await loadTargetModule(path));
    } catch (error) {
      throw new UsageError(`--target: cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return loaded;
}
