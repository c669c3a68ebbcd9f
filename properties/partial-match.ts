/**
 * A deep partial match with the semantics of vitest's `toMatchObject`, for scenario expectations: every key the
 * expected object names must be present and match; arrays match element by element and must have the same length;
 * anything else compares by value. Written without `model/` so the CLI, tests and adapters can all use it.
 */
import { isRecord } from '../model/json.js';

/** A short rendering of a value for a mismatch message. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text;
}

/** The path of an object key: `.name` for identifiers, `["odd key"]` otherwise. */
function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Primitive equality as `toMatchObject` sees it (NaN equals NaN). */
function samePrimitive(actual: unknown, expected: unknown): boolean {
  return actual === expected || (Number.isNaN(actual) && Number.isNaN(expected));
}

/**
 * The first place where `actual` does not match the partial `expected`, as one line starting with its path
 * (`$.value[0].offset: expected 3, received 5`), or `undefined` when it matches. `path` names the root.
 */
export function partialMatch(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, received ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `${path}: expected an array of length ${expected.length}, received length ${actual.length}`;
    }
    for (const [index, item] of expected.entries()) {
      const mismatch = partialMatch(actual[index], item, `${path}[${index}]`);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return `${path}: expected an object, received ${show(actual)}`;
    for (const [key, item] of Object.entries(expected)) {
      const where = keyPath(path, key);
      if (!Object.hasOwn(actual, key)) return `${where}: expected ${show(item)}, received nothing`;
      const mismatch = partialMatch(actual[key], item, where);
      if (mismatch !== undefined) return mismatch;
    }
    return undefined;
  }
  return samePrimitive(actual, expected) ? undefined : `${path}: expected ${show(expected)}, received ${show(actual)}`;
}
