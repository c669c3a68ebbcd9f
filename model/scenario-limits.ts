/**
 * The documented limits of a scenario (docs/limits.md): input beyond them is refused by validation with a one-line,
 * positioned reason (exit 2), so that no input, however large or deep, crashes mqspec or costs minutes of work.
 * The limits on counts and names inside commands belong to each system's command schemas.
 */
import { isRecord } from './json.js';

/** The most commands one scenario may hold; a scenario of this length replays in seconds. */
export const maxCommandsPerScenario = 200_000;

/** The largest scenario or counterexample file, in bytes (32 MiB; a 200,000-command scenario is about 7 MB). */
export const maxFileBytes = 32 * 1024 * 1024;

/** The deepest nesting of objects and arrays in a scenario (a real one nests about six levels). */
export const maxNestingDepth = 64;

/** `n` with thousands separators, as the limits are written in messages (`200,000`). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The path of a child: `[index]`, or `.key` (just `key` at the root, whose path is empty). */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * The path of the first value nested deeper than `maxDepth` levels below `value` (which sits at `path`), or
 * `undefined`. Recursion stops at the limit, so it never goes deeper than `maxDepth` frames itself.
 */
export function firstTooDeep(value: unknown, path: string, maxDepth: number = maxNestingDepth): string | undefined {
  const children: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((item, index): [number, unknown] => [index, item])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  for (const [key, child] of children) {
    if (typeof child !== 'object' || child === null) continue;
    const where = childPath(path, key);
    if (maxDepth <= 1) return where;
    const deeper = firstTooDeep(child, where, maxDepth - 1);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}
