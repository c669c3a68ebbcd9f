/**
 * A target as the command line names it, both ways round: from `--target`/`--exec` to where the target is (stored
 * in each counterexample found on it, properties/corpus/target-reach.ts) and to the words of a rerun line; and from
 * a stored location back to the options that start it, for `mqspec replay FILE`.
 */
import { dirname, resolve } from 'node:path';
import { isModulePath } from '../conformance/targets.js';
import { execPrefix } from '../conformance/protocol/protocol-target.js';
import { isRecord } from '../model/json.js';
import { locateReach, targetReachSchema, type TargetLocation } from '../properties/corpus/target-reach.js';
import { readJsonFile } from '../properties/read-json-file.js';
import { shellQuote } from './format/target-report.js';

/** The options that name a target. */
export interface TargetOptions {
  readonly target?: string;
  readonly exec?: string;
  /** The protocol program's working directory (replay of a stored `exec` location; default: mqspec's). */
  readonly execCwd?: string;
}

/** How a check reached its target. */
export interface TargetInvocation {
  /** The options as a rerun line writes them: `--target NAME|PATH` or `--exec 'COMMAND'`. */
  readonly words: string;
  readonly location: TargetLocation;
}

/** Where the target the options name is, from the working directory `cwd`, and how to name it again. */
export function targetInvocation(options: TargetOptions, cwd: string): TargetInvocation {
  const exec = options.exec ?? (options.target?.startsWith(execPrefix) === true ? options.target.slice(execPrefix.length) : undefined);
  if (exec !== undefined) return { words: `--exec ${shellQuote(exec)}`, location: { exec, cwd: options.execCwd ?? cwd } };
  const name = options.target ?? '';
  if (isModulePath(name)) return { words: `--target ${shellQuote(name)}`, location: { module: resolve(cwd, name) } };
  return { words: `--target ${shellQuote(name)}`, location: { bundled: name } };
}

/** The options that start the target at `location` (a module is named by its absolute path, loaded beforehand). */
export function optionsFor(location: TargetLocation): TargetOptions {
  if ('module' in location) return { target: location.module };
  if ('exec' in location) return { exec: location.exec, execCwd: location.cwd };
  return { target: location.bundled };
}

/**
 * The in-process target module a corpus file's `reach` names, as an absolute path, so that the bin can load it before
 * `mqspec replay FILE` runs (loading is asynchronous, the verbs are not); nothing for any other file, including one
 * that cannot be read (replay then reports why).
 */
export function storedTargetModule(path: string): string | undefined {
  const json = readJsonFile(path);
  if (!json.ok || !isRecord(json.value)) return undefined;
  const reach = targetReachSchema.safeParse(json.value['reach']);
  if (!reach.success || !('module' in reach.data)) return undefined;
  const location = locateReach(reach.data, dirname(path));
  return 'module' in location ? location.module : undefined;
}
