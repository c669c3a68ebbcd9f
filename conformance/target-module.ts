/** In-process target modules: a user's module whose default or `target` export is a Target (or makes one). */
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRecord } from '../model/json.js';
import type { Target } from './target.js';

/** True for a value shaped like a Target. */
function isTarget(value: unknown): value is Target {
  return isRecord(value) && typeof value['name'] === 'string' && Array.isArray(value['systems']) && typeof value['open'] === 'function';
}

/**
 * Loads an in-process target module: its default export or its `target` export, a Target or a function returning
 * one. Throws with a one-line reason when the module cannot be loaded or exports no target.
 */
export async function loadTargetModule(path: string, cwd = process.cwd()): Promise<Target> {
  const module: unknown = await import(/* @vite-ignore */ pathToFileURL(isAbsolute(path) ? path : join(cwd, path)).href);
  if (!isRecord(module)) throw new Error(`${path}: not a module`);
  for (const candidate of [module['default'], module['target']]) {
    const value: unknown = typeof candidate === 'function' ? (candidate as () => unknown)() : candidate;
    if (isTarget(value)) return value;
  }
  throw new Error(`${path}: exports no target (expected a default or a "target" export: a Target or a function returning one)`);
}
