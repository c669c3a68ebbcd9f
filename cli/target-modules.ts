/**
 * In-process target modules named on the command line (`--target ./my-target.ts`) are imported by the bin before
 * the verb runs, because importing is asynchronous and the verbs are not: the verb then finds the loaded target in
 * the context by the path given.
 */
import { isModulePath, loadTargetModule } from '../conformance/targets.js';
import type { Target } from '../conformance/target.js';
import { UsageError } from './usage-error.js';

/** The values of every `--target` option in `argv` (`--target X` and `--target=X`). */
export function targetOptionValues(argv: readonly string[]): string[] {
  const values: string[] = [];
  for (const [index, arg] of argv.entries()) {
    if (arg === '--target' && argv[index + 1] !== undefined) values.push(argv[index + 1] as string);
    else if (arg.startsWith('--target=')) values.push(arg.slice('--target='.length));
  }
  return values;
}

/** Loads the target modules `argv` names; a module that cannot be loaded is a UsageError (one line, exit 2). */
export async function preloadTargetModules(argv: readonly string[]): Promise<ReadonlyMap<string, Target>> {
  const loaded = new Map<string, Target>();
  for (const path of targetOptionValues(argv).filter(isModulePath)) {
    try {
      loaded.set(path, await loadTargetModule(path));
    } catch (error) {
      throw new UsageError(`--target: cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return loaded;
}
