/**
 * State fingerprints for the explorer: a 96-bit hash of the canonical JSON of what identifies a node — the model's
 * state (not its observation: an observation may drop what decides later steps, e.g. whether committed offsets
 * must still be fetched, and two states that look alike must not be merged) and the history memory. Keys are
 * sorted, so states built in different orders give the same text. 96 bits keep the chance of a collision below
 * one in 10^13 for ten million states (TLC takes the same risk with 64).
 *
 * Under a symmetry the fingerprint is the least over every renaming of the interchangeable names, with arrays made
 * only of those names sorted (the model keeps such arrays sorted, e.g. cidAll, or reads them as sets).
 */
import { createHash } from 'node:crypto';

/** Canonical compact JSON: object keys in code-point order, undefined members dropped (as JSON.stringify does). */
export function canonical(value: unknown, rename?: ReadonlyMap<string, string>): string {
  if (rename === undefined) return plain(value);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && rename !== undefined) return JSON.stringify(rename.get(value) ?? value);
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, rename));
    // A set of interchangeable names reads the same in any order: sort it after renaming.
    if (rename !== undefined && value.length > 1 && value.every((item) => typeof item === 'string' && rename.has(item))) items.sort();
    return `[${items.join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .map((key) => [rename?.get(key) ?? key, key] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map(([shown, key]) => `${JSON.stringify(shown)}:${canonical(record[key], rename)}`).join(',')}}`;
}

/** `canonical` without renaming, written for speed: it runs on every transition the explorer takes. */
function plain(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + plain(value[i]);
    return text + ']';
  }
  const record = value as Record<string, unknown>;
  // The default sort compares UTF-16 code units, the same order as `<` on strings.
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    text += (first ? '' : ',') + JSON.stringify(key) + ':' + plain(member);
    first = false;
  }
  return text + '}';
}

/** Every permutation of the names as a renaming map (the identity first). */
export function renamings(names: readonly string[]): ReadonlyMap<string, string>[] {
  const orders = permutations([...names]);
  return orders.map((order) => new Map(names.map((name, i) => [name, order[i] ?? name])));
}

function permutations(items: readonly string[]): string[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** The 96-bit fingerprint of a text, as 16 base64 characters. */
function hash(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64').slice(0, 16);
}

/** The fingerprint of a node: its state and memory, reduced by the renamings when there are any besides identity. */
export function fingerprint(state: unknown, memory: unknown, symmetric: readonly ReadonlyMap<string, string>[]): string {
  const node = memory === undefined ? state : [state, memory];
  if (symmetric.length <= 1) return hash(canonical(node));
  let least: string | undefined;
  for (const rename of symmetric) {
    const text = canonical(node, rename);
    if (least === undefined || text < least) least = text;
  }
  return hash(least ?? '');
}
