/**
 * What one step changed in an observation, as a compact structural diff: the paths whose values differ, each with
 * its old and new value (`partitions.t0-0.position: 0 → 2`). Objects are compared key by key; arrays of objects
 * element by element (so a ledger entry's one new delivery is one change); arrays of plain values, being small sets
 * and lists (`subscription`, `cidAll`), as whole values.
 */
import { deepEqual } from './deep-equal.js';
import { isRecord } from '../model/json.js';
import { lazyArraySource, vectorDifferences, vectorGet, type Vector } from '../model/persistent-vector.js';

/** One changed path: `before` is absent for an added path, `after` for a removed one. */
export interface ObservationChange {
  readonly path: string;
  readonly kind: 'changed' | 'added' | 'removed';
  readonly before?: unknown;
  readonly after?: unknown;
}

/** `partitions.t0-0`, or `partitions["odd.key"]` when the key would read as a path of its own (or as the root, `$`). */
function keyPath(path: string, key: string): string {
  if (key === '' || key === '$' || /[.[\]"\s]/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** True for an array compared element by element: one holding only objects. */
function isArrayOfObjects(value: readonly unknown[]): boolean {
  return value.length > 0 && value.every((item) => isRecord(item));
}

/** Appends the changes between `before` and `after` at `path` to `changes`. */
function collect(before: unknown, after: unknown, path: string, changes: ObservationChange[]): void {
  // No deepEqual before descending: on every level it would walk the whole subtree again, which makes a step's diff
  // cost its observation's size times its depth. Equal subtrees simply yield no changes below.
  if (before === after) return;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
    for (const key of keys) {
      const where = keyPath(path, key);
      if (!Object.hasOwn(after, key)) changes.push({ path: where, kind: 'removed', before: before[key] });
      else if (!Object.hasOwn(before, key)) changes.push({ path: where, kind: 'added', after: after[key] });
      else {
        const from = lazyArraySource(before, key);
        const to = from === undefined ? undefined : lazyArraySource(after, key);
        if (from !== undefined && to !== undefined) collectVectors(from, to, where, changes);
        else collect(before[key], after[key], where, changes);
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && (isArrayOfObjects(before) || isArrayOfObjects(after))) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const where = `${path}[${index}]`;
      if (index >= after.length) changes.push({ path: where, kind: 'removed', before: before[index] });
      else if (index >= before.length) changes.push({ path: where, kind: 'added', after: after[index] });
      else collect(before[index], after[index], where, changes);
    }
    return;
  }
  if (!deepEqual(before, after)) changes.push({ path: path === '' ? '$' : path, kind: 'changed', before, after });
}

/**
 * The changes between two lazily built arrays of records (`defineLazyArray`), as `collect` finds them between the
 * arrays — element by element, nothing when both are empty — but visiting only the indices where the vectors do not
 * share their elements, so a step that changed one entry of a long array costs that entry.
 */
function collectVectors(before: Vector<unknown>, after: Vector<unknown>, path: string, changes: ObservationChange[]): void {
  if (before === after) return;
  vectorDifferences(before, after, (index) => {
    const where = `${path}[${index}]`;
    if (index >= after.length) changes.push({ path: where, kind: 'removed', before: vectorGet(before, index) });
    else if (index >= before.length) changes.push({ path: where, kind: 'added', after: vectorGet(after, index) });
    else collect(vectorGet(before, index), vectorGet(after, index), where, changes);
  });
}

/** Every path whose value differs between two observations, in the order the observations list their keys. */
export function diffObservations(before: unknown, after: unknown): ObservationChange[] {
  const changes: ObservationChange[] = [];
  collect(before, after, '', changes);
  return changes;
}

/** A value as compact JSON, shortened to `maxLength` characters with `…`. */
function show(value: unknown, maxLength: number): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= maxLength ? text : `${text.slice(0, Math.max(1, maxLength - 1))}…`;
}

/** One change in one line: `path: old → new`, with `∅` for an absent value; values longer than `maxLength` are cut. */
export function formatChange(change: ObservationChange, maxLength = 80): string {
  const before = change.kind === 'added' ? '∅' : show(change.before, maxLength);
  const after = change.kind === 'removed' ? '∅' : show(change.after, maxLength);
  return `${change.path}: ${before} → ${after}`;
}
