/**
 * Observation fields as a target declares them: dotted paths from the observation's root (`mode`,
 * `partitions`, `members.c1.partitions`). Only declared fields are compared; where a target shows only some fields,
 * the invariants see the model's values (run in lockstep) for the others.
 */
import { isRecord } from '../model/json.js';

/**
 * The value at a dotted path, or undefined when a segment is missing. A `*` segment maps every key of the record
 * there to the value at the rest of the path (`partitions.*.paused` → `{"t0-0": false, …}`).
 */
export function valueAt(observation: unknown, path: string): unknown {
  return valueAtSegments(observation, path.split('.'));
}

function valueAtSegments(current: unknown, segments: readonly string[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return current;
  if (!isRecord(current)) return undefined;
  if (head === '*') return Object.fromEntries(Object.entries(current).map(([key, child]) => [key, valueAtSegments(child, rest)]));
  return valueAtSegments(current[head], rest);
}

/**
 * A copy of `target` with `value` at the dotted path (intermediate objects created or copied, never mutated). At a
 * `*` segment `value` is a record (as `valueAt` gives it): its keys become the record's keys, each set to its value.
 */
function withValueAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const record = isRecord(target) ? target : {};
  if (head === '*') {
    const values = isRecord(value) ? value : {};
    return Object.fromEntries(Object.entries(values).map(([key, child]) => [key, withValueAt(record[key], rest, child)]));
  }
  return { ...record, [head]: withValueAt(record[head], rest, value) };
}

/** Only the declared fields of an observation, nested as in the observation; the whole one without a declaration. */
export function projectFields(observation: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined) return observation;
  let projected: unknown = {};
  for (const field of fields) projected = withValueAt(projected, field.split('.'), valueAt(observation, field));
  return projected;
}

/** The model's observation with the target's values at the declared fields; the target's own without a declaration. */
export function overlayFields(model: unknown, target: unknown, fields: readonly string[] | undefined): unknown {
  if (fields === undefined) return target;
  let merged = model;
  for (const field of fields) merged = withValueAt(merged, field.split('.'), valueAt(target, field));
  return merged;
}
