/**
 * State fingerprints for the explorer: a 128-bit structural hash of what identifies a node — the model's state (not
 * its observation: an observation may drop what decides later steps, e.g. whether committed offsets must still be
 * fetched, and two states that look alike must not be merged) and the history memory.
 *
 * The hash is computed over the value's JSON reading, without building any text: two values with the same canonical
 * JSON (`canonical` below: object keys in any order, undefined members dropped, -0 as 0) get the same fingerprint.
 * It is four independent 32-bit hashes ("lanes"), each a Murmur3-style mix with its own constants and seed over the
 * same tree: a string or number is mixed word by word after a tag for its type, an array mixes its items' hashes in
 * order, and an object adds up the hashes of its members (each the mix of the key's hash and the value's), so the
 * order of its keys does not count and no key needs sorting. Treating the 128 bits as uniformly distributed, the
 * chance that any two of n distinct nodes collide is at most n²/2^129: below 10^-24 for ten million states (TLC
 * takes the risk of a 64-bit fingerprint). Even if the four lanes were far from independent, so that the hash held
 * only 96 good bits, it stays below 10^-14 there. A collision would merge two different nodes; it is the only way
 * the explorer can merge states the model distinguishes.
 *
 * Under a symmetry the fingerprint is the least over every renaming of the interchangeable names (in string values
 * and object keys), with arrays made only of those names sorted after renaming (the model keeps such arrays sorted,
 * e.g. cidAll, or reads them as sets). Renamings of one state give it the same set of hashes, so the least is the
 * same for every state of its orbit; k renamings multiply the collision bound by at most k².
 */

/** Canonical compact JSON: object keys in code-point order, undefined members dropped (as JSON.stringify does). */
export function canonical(value: unknown, rename?: ReadonlyMap<string, string>): string {
  if (rename === undefined) return plain(value);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string') return JSON.stringify(rename.get(value) ?? value);
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, rename));
    // A set of interchangeable names reads the same in any order: sort it after renaming.
    if (isNameSet(value, rename)) items.sort();
    return `[${items.join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .map((key) => [rename.get(key) ?? key, key] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map(([shown, key]) => `${JSON.stringify(shown)}:${canonical(record[key], rename)}`).join(',')}}`;
}

/** `canonical` without renaming. */
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

/** An array of two or more names the renaming moves: read as a set. */
function isNameSet(value: readonly unknown[], rename: ReadonlyMap<string, string>): boolean {
  if (value.length < 2) return false;
  for (const item of value) if (typeof item !== 'string' || !rename.has(item)) return false;
  return true;
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

// ---- The structural hash ----------------------------------------------------------------------------------------

/** Per lane: the seed and the two odd multipliers of the block mix (distinct constants, so lanes do not move alike). */
const SEED = [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344] as const;
const C1 = [0xcc9e2d51, 0x85ebca6b, 0x27d4eb2f, 0x9e3779b1] as const;
const C2 = [0x1b873593, 0xc2b2ae35, 0x165667b1, 0x61c88647 | 1] as const;

/** Type tags, mixed in first so that values of different types (1 and "1", [] and {}) differ. */
const NULL = 1;
const FALSE = 2;
const TRUE = 3;
const INTEGER = 4;
const FLOAT = 5;
const STRING = 6;
const ARRAY = 7;
const OBJECT = 8;
const MEMBER = 9;

/** Murmur3's block step on lane `l`: mixes the 32-bit word `k` into `h`. */
function mix(h: number, k: number, l: 0 | 1 | 2 | 3): number {
  k = Math.imul(k, C1[l]);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2[l]);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Each lane's state after the seed and a type tag: where strings, arrays, members and objects start. */
const starts = (tag: number): Lanes => [mix(SEED[0], tag, 0), mix(SEED[1], tag, 1), mix(SEED[2], tag, 2), mix(SEED[3], tag, 3)];

/** Murmur3's finaliser: every input bit reaches every output bit. */
function avalanche(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The four lanes of one hash. */
type Lanes = [number, number, number, number];

const START_STRING = starts(STRING);
const START_ARRAY = starts(ARRAY);
const START_MEMBER = starts(MEMBER);
const START_OBJECT = starts(OBJECT);

const floatView = new Float64Array(1);
const floatWords = new Int32Array(floatView.buffer);

/** Hashes of strings seen (names, keys, enum values recur on every state); cleared when it grows large. */
const stringHashes = new Map<string, Lanes>();
const STRING_CACHE_LIMIT = 1 << 16;

function stringLanes(text: string): Lanes {
  const known = stringHashes.get(text);
  if (known !== undefined) return known;
  let h0 = START_STRING[0];
  let h1 = START_STRING[1];
  let h2 = START_STRING[2];
  let h3 = START_STRING[3];
  for (let i = 0; i < text.length; i += 2) {
    // Two UTF-16 code units a word; the length in the finaliser tells "a" from "a\0".
    const k = text.charCodeAt(i) | ((i + 1 < text.length ? text.charCodeAt(i + 1) : 0) << 16);
    h0 = mix(h0, k, 0);
    h1 = mix(h1, k, 1);
    h2 = mix(h2, k, 2);
    h3 = mix(h3, k, 3);
  }
  const lanes: Lanes = [avalanche(h0, text.length), avalanche(h1, text.length), avalanche(h2, text.length), avalanche(h3, text.length)];
  if (stringHashes.size >= STRING_CACHE_LIMIT) stringHashes.clear();
  stringHashes.set(text, lanes);
  return lanes;
}

/** The lanes of a number, read as JSON reads it: -0 is 0, NaN and the infinities are null. */
function numberLanes(n: number, out: Lanes): void {
  if (!Number.isFinite(n)) {
    copyLanes(NULL_LANES, out);
  } else if ((n | 0) === n) {
    // -0 | 0 is 0, and SMALL_INTEGERS[-0 - SMALL_MIN] is 0's
    if (n >= SMALL_MIN && n <= SMALL_MAX) copyLanes(SMALL_INTEGERS[n - SMALL_MIN] ?? NULL_LANES, out);
    else scalarLanes(INTEGER, n, 0, out);
  } else {
    floatView[0] = n;
    scalarLanes(FLOAT, floatWords[0] ?? 0, floatWords[1] ?? 0, out);
  }
}

/** The lanes of null, false, true and the small integers, computed once (states are full of them). */
function computedScalar(tag: number, a: number): Lanes {
  const out: Lanes = [0, 0, 0, 0];
  scalarLanes(tag, a, 0, out);
  return out;
}
const SMALL_MIN = -8;
const SMALL_MAX = 1024;
const SMALL_INTEGERS: readonly Lanes[] = Array.from({ length: SMALL_MAX - SMALL_MIN + 1 }, (_, i) => computedScalar(INTEGER, SMALL_MIN + i));
const NULL_LANES = computedScalar(NULL, 0);
const FALSE_LANES = computedScalar(FALSE, 0);
const TRUE_LANES = computedScalar(TRUE, 0);

function copyLanes(from: Lanes, out: Lanes): Lanes {
  out[0] = from[0];
  out[1] = from[1];
  out[2] = from[2];
  out[3] = from[3];
  return out;
}

function scalarLanes(tag: number, a: number, b: number, out: Lanes): void {
  out[0] = avalanche(mix(mix(mix(SEED[0], tag, 0), a, 0), b, 0), tag);
  out[1] = avalanche(mix(mix(mix(SEED[1], tag, 1), a, 1), b, 1), tag);
  out[2] = avalanche(mix(mix(mix(SEED[2], tag, 2), a, 2), b, 2), tag);
  out[3] = avalanche(mix(mix(mix(SEED[3], tag, 3), a, 3), b, 3), tag);
}

/** One member of a record: its value and its contribution to the record's sum, per lane. */
interface Member {
  readonly value: unknown;
  readonly m0: number;
  readonly m1: number;
  readonly m2: number;
  readonly m3: number;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Hashes values, with an optional renaming of names. One instance per renaming; `lanes` answers into scratch
 * arrays it owns, one per depth of the value's tree, so hashing allocates nothing but the string cache's entries.
 */
class StructuralHash {
  private readonly scratch: Lanes[] = [];
  private parentMembers: ReadonlyMap<string, Member> | undefined;

  constructor(private readonly rename?: ReadonlyMap<string, string>) {}

  /** The scratch lanes of one depth (valid until the next call at that depth). */
  private at(depth: number): Lanes {
    let lanes = this.scratch[depth];
    if (lanes === undefined) {
      lanes = [0, 0, 0, 0];
      this.scratch[depth] = lanes;
    }
    return lanes;
  }

  private text(value: string): Lanes {
    return stringLanes(this.rename?.get(value) ?? value);
  }

  /** The lanes of `value`, written into (and answered as) the scratch lanes of `depth`. */
  lanes(value: unknown, depth: number): Lanes {
    const out = this.at(depth);
    switch (typeof value) {
      case 'string': {
        return copyLanes(this.text(value), out);
      }
      case 'number':
        numberLanes(value, out);
        return out;
      case 'boolean':
        return copyLanes(value ? TRUE_LANES : FALSE_LANES, out);
      case 'object':
        if (value === null) return copyLanes(NULL_LANES, out);
        return Array.isArray(value) ? this.array(value, depth, out) : this.record(value as Record<string, unknown>, depth, out);
      default:
        // undefined (an array hole reads as null in JSON), functions and symbols do not occur in states
        return copyLanes(NULL_LANES, out);
    }
  }

  private array(value: readonly unknown[], depth: number, out: Lanes): Lanes {
    let h0 = START_ARRAY[0];
    let h1 = START_ARRAY[1];
    let h2 = START_ARRAY[2];
    let h3 = START_ARRAY[3];
    const rename = this.rename;
    if (rename !== undefined && isNameSet(value, rename)) {
      const names = (value as readonly string[]).map((name) => rename.get(name) ?? name).sort();
      for (const name of names) {
        const t = stringLanes(name);
        h0 = mix(h0, t[0], 0);
        h1 = mix(h1, t[1], 1);
        h2 = mix(h2, t[2], 2);
        h3 = mix(h3, t[3], 3);
      }
    } else {
      for (let i = 0; i < value.length; i++) {
        const t = this.lanes(value[i], depth + 1);
        h0 = mix(h0, t[0], 0);
        h1 = mix(h1, t[1], 1);
        h2 = mix(h2, t[2], 2);
        h3 = mix(h3, t[3], 3);
      }
    }
    out[0] = avalanche(h0, value.length);
    out[1] = avalanche(h1, value.length);
    out[2] = avalanche(h2, value.length);
    out[3] = avalanche(h3, value.length);
    return out;
  }

  private record(value: Record<string, unknown>, depth: number, out: Lanes, reuse?: ReadonlyMap<string, Member>, collect?: Map<string, Member>): Lanes {
    // The sum of the members' hashes (mod 2^32 per lane): the same for any order of the keys.
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let members = 0;
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const member = value[key];
      if (member === undefined) continue;
      members++;
      let m0: number;
      let m1: number;
      let m2: number;
      let m3: number;
      const known = reuse?.get(key);
      if (known !== undefined && known.value === member) {
        m0 = known.m0;
        m1 = known.m1;
        m2 = known.m2;
        m3 = known.m3;
      } else {
        const k = this.text(key);
        const v = this.lanes(member, depth + 1);
        m0 = avalanche(mix(mix(START_MEMBER[0], k[0], 0), v[0], 0), MEMBER);
        m1 = avalanche(mix(mix(START_MEMBER[1], k[1], 1), v[1], 1), MEMBER);
        m2 = avalanche(mix(mix(START_MEMBER[2], k[2], 2), v[2], 2), MEMBER);
        m3 = avalanche(mix(mix(START_MEMBER[3], k[3], 3), v[3], 3), MEMBER);
      }
      collect?.set(key, { value: member, m0, m1, m2, m3 });
      s0 = (s0 + m0) | 0;
      s1 = (s1 + m1) | 0;
      s2 = (s2 + m2) | 0;
      s3 = (s3 + m3) | 0;
    }
    out[0] = avalanche(mix(START_OBJECT[0], s0, 0), members);
    out[1] = avalanche(mix(START_OBJECT[1], s1, 1), members);
    out[2] = avalanche(mix(START_OBJECT[2], s2, 2), members);
    out[3] = avalanche(mix(START_OBJECT[3], s3, 3), members);
    return out;
  }

  /**
   * Remembers the hash of each top-level member of a state about to be expanded. The model never changes a state it
   * is given (it answers a new one, sharing the members that did not change), so a successor's member that is the
   * very value the parent had has the hash the parent's had: `top` reuses it instead of hashing it again.
   */
  setParent(state: unknown): void {
    if (!isPlainRecord(state)) {
      this.parentMembers = undefined;
      return;
    }
    const members = new Map<string, Member>();
    this.record(state, 0, this.at(0), undefined, members);
    this.parentMembers = members;
  }

  /** The lanes of a state, reusing the hashes of the members it shares with the parent set last. */
  top(state: unknown): Lanes {
    const parent = this.parentMembers;
    if (parent === undefined || !isPlainRecord(state)) return this.lanes(state, 0);
    return this.record(state, 0, this.at(0), parent);
  }

}

/** 128 bits as a key of 8 UTF-16 code units (compact in a Set, compared by value). */
function keyOf(h0: number, h1: number, h2: number, h3: number): string {
  return String.fromCharCode(h0 >>> 16, h0 & 0xffff, h1 >>> 16, h1 & 0xffff, h2 >>> 16, h2 & 0xffff, h3 >>> 16, h3 & 0xffff);
}

const identity = new StructuralHash();

/** The 128-bit hash of a value's canonical JSON, as a key: equal for equal JSON, whatever the order of keys. */
export function valueKey(value: unknown): string {
  const t = identity.lanes(value, 0);
  return keyOf(t[0], t[1], t[2], t[3]);
}

/**
 * Fingerprints nodes (state and memory) under a set of renamings: with none or only the identity, the hash of the
 * pair; with more, the least (lane by lane, as unsigned words) of the pair's hashes over every renaming.
 */
export class Fingerprinter {
  private readonly hashes: StructuralHash[];
  /** No renamings: the memory's hash is the one its key is made of. */
  private readonly plain: boolean;

  constructor(symmetric: readonly ReadonlyMap<string, string>[]) {
    // Each instance has its own hashes: they keep the members of the state being expanded.
    this.plain = symmetric.length <= 1;
    this.hashes = this.plain ? [new StructuralHash()] : symmetric.map((rename) => new StructuralHash(rename));
  }

  /** The memory last hashed without renaming, and its lanes: the explorer asks for its key, then for the node's. */
  private memoValue: unknown = undefined;
  private readonly memoLanes: Lanes = [...NULL_LANES];

  /** The hash of a memory, without renaming: tells whether a step changed it. */
  memoryKey(memory: unknown): string {
    const m = this.plainMemory(memory);
    return keyOf(m[0], m[1], m[2], m[3]);
  }

  private plainMemory(memory: unknown): Lanes {
    if (memory !== this.memoValue) {
      copyLanes(identity.lanes(memory, 0), this.memoLanes);
      this.memoValue = memory;
    }
    return this.memoLanes;
  }

  /** Remembers the hashes of the members of a state about to be expanded, for its successors' fingerprints. */
  setParent(state: unknown): void {
    for (const hash of this.hashes) hash.setParent(state);
  }

  /** The fingerprint of the node; the memory may be undefined (systems without one). */
  of(state: unknown, memory: unknown): string {
    let best: Lanes | undefined;
    const found: Lanes = [0, 0, 0, 0];
    for (const hash of this.hashes) {
      const s = hash.top(state);
      const s0 = s[0];
      const s1 = s[1];
      const s2 = s[2];
      const s3 = s[3];
      const m = this.plain ? this.plainMemory(memory) : hash.lanes(memory, 0);
      found[0] = avalanche(mix(mix(SEED[0], s0, 0), m[0], 0), 2);
      found[1] = avalanche(mix(mix(SEED[1], s1, 1), m[1], 1), 2);
      found[2] = avalanche(mix(mix(SEED[2], s2, 2), m[2], 2), 2);
      found[3] = avalanche(mix(mix(SEED[3], s3, 3), m[3], 3), 2);
      if (best === undefined) best = [found[0], found[1], found[2], found[3]];
      else if (less(found, best)) best.splice(0, 4, found[0], found[1], found[2], found[3]);
    }
    const b = best ?? found;
    return keyOf(b[0], b[1], b[2], b[3]);
  }
}

/** Lane-by-lane comparison as unsigned words. */
function less(a: Lanes, b: Lanes): boolean {
  for (let i = 0; i < 4; i++) {
    const x = (a[i] ?? 0) >>> 0;
    const y = (b[i] ?? 0) >>> 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** The fingerprint of a node: its state and memory, reduced by the renamings when there are any besides identity. */
export function fingerprint(state: unknown, memory: unknown, symmetric: readonly ReadonlyMap<string, string>[]): string {
  return new Fingerprinter(symmetric).of(state, memory);
}
