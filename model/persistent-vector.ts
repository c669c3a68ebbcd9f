/**
 * An immutable sequence that shares structure between versions: a trie of nodes 32 wide whose leaves hold the
 * elements in order (index i lives at the same path in every version), so reading, replacing or appending one
 * element costs a path of about log₃₂(n) nodes instead of a copy of the whole sequence. The trie's shape depends
 * on its length only: two vectors with the same elements hold them at the same paths.
 *
 * A vector is plain immutable data. `vectorArray` gives its elements as an array, built once per vector;
 * `defineLazyArray` puts such an array in an object as a getter that builds it when first read, so an observation
 * can carry a long sequence without building it at every step; `vectorDifferences` lists the indices at which two
 * versions may differ by walking only the nodes they do not share.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** A node: a leaf holds elements, an inner node holds child nodes. */
type Node = readonly unknown[];

declare const elementType: unique symbol;

/** An immutable sequence of `T`. */
export interface Vector<T> {
  readonly length: number;
  /** BITS × the number of inner levels above the leaves (0: the root is a leaf). */
  readonly shift: number;
  readonly root: Node;
  /** Type only: the element type. */
  readonly [elementType]?: T;
}

const EMPTY: Vector<never> = Object.freeze({ length: 0, shift: 0, root: Object.freeze([]) });

/** The empty vector. */
export function emptyVector<T>(): Vector<T> {
  return EMPTY;
}

/** The number of elements a trie of this shift holds when full. */
function capacity(shift: number): number {
  return 2 ** (shift + BITS);
}

/** The element at `index`, undefined outside [0, length). */
export function vectorGet<T>(vector: Vector<T>, index: number): T | undefined {
  if (index < 0 || index >= vector.length || !Number.isInteger(index)) return undefined;
  let node = vector.root;
  for (let shift = vector.shift; shift > 0; shift -= BITS) node = node[(index >>> shift) & MASK] as Node;
  return node[index & MASK] as T;
}

/** The last element, undefined for an empty vector. */
export function vectorLast<T>(vector: Vector<T>): T | undefined {
  return vectorGet(vector, vector.length - 1);
}

function withSet(node: Node, shift: number, index: number, value: unknown): Node {
  const copy = node.slice();
  const slot = (index >>> shift) & MASK;
  copy[slot] = shift === 0 ? value : withSet(node[slot] as Node, shift - BITS, index, value);
  return copy;
}

/** The vector with `value` at `index` (in [0, length)); the vector itself when that element is already there. */
export function vectorSet<T>(vector: Vector<T>, index: number, value: T): Vector<T> {
  if (index < 0 || index >= vector.length || !Number.isInteger(index)) throw new RangeError(`vectorSet: index ${index} outside [0, ${vector.length})`);
  if (vectorGet(vector, index) === value) return vector;
  return { length: vector.length, shift: vector.shift, root: withSet(vector.root, vector.shift, index, value) };
}

/** A path of single-child nodes from `shift` down to `leaf`. */
function pathTo(shift: number, leaf: Node): Node {
  return shift === 0 ? leaf : [pathTo(shift - BITS, leaf)];
}

/** `node` with `leaf` as the leaf holding `index` (the first index of a leaf not yet in the trie). */
function withLeaf(node: Node, shift: number, index: number, leaf: Node): Node {
  const copy = node.slice();
  const slot = (index >>> shift) & MASK;
  const child = node[slot] as Node | undefined;
  copy[slot] = shift === BITS ? leaf : child === undefined ? pathTo(shift - BITS, leaf) : withLeaf(child, shift - BITS, index, leaf);
  return copy;
}

/** Appends a new leaf (at most 32 elements) to a vector whose length is a multiple of 32. */
function appendLeaf<T>(vector: Vector<T>, leaf: Node): Vector<T> {
  const length = vector.length + leaf.length;
  if (vector.length === 0) return { length, shift: 0, root: leaf };
  if (vector.length === capacity(vector.shift)) return { length, shift: vector.shift + BITS, root: [vector.root, pathTo(vector.shift, leaf)] };
  return { length, shift: vector.shift, root: withLeaf(vector.root, vector.shift, vector.length, leaf) };
}

/** `node` with `value` appended to its last leaf (which has room). */
function withPushed(node: Node, shift: number, index: number, value: unknown): Node {
  if (shift === 0) return [...node, value];
  const copy = node.slice();
  const slot = (index >>> shift) & MASK;
  copy[slot] = withPushed(node[slot] as Node, shift - BITS, index, value);
  return copy;
}

/** The vector with `value` appended. */
export function vectorPush<T>(vector: Vector<T>, value: T): Vector<T> {
  if (vector.length % WIDTH === 0) return appendLeaf(vector, [value]);
  return { length: vector.length + 1, shift: vector.shift, root: withPushed(vector.root, vector.shift, vector.length, value) };
}

/** The vector with `values` appended, a leaf at a time. */
export function vectorPushAll<T>(vector: Vector<T>, values: readonly T[]): Vector<T> {
  let result = vector;
  let next = 0;
  while (next < values.length && result.length % WIDTH !== 0) result = vectorPush(result, values[next++] as T);
  while (next < values.length) {
    const leaf = values.slice(next, next + WIDTH);
    result = appendLeaf(result, leaf);
    next += leaf.length;
  }
  return result;
}

/** A vector of the elements of `values`. */
export function vectorOf<T>(values: readonly T[]): Vector<T> {
  return vectorPushAll(emptyVector<T>(), values);
}

/** The first `count` elements of `node`'s subtree (count ≥ 1). */
function taken(node: Node, shift: number, count: number): Node {
  if (shift === 0) return count === node.length ? node : node.slice(0, count);
  const last = Math.floor((count - 1) / 2 ** shift);
  const copy = node.slice(0, last + 1);
  copy[last] = taken(node[last] as Node, shift - BITS, count - last * 2 ** shift);
  return copy;
}

/** The vector of its first `count` elements. */
export function vectorTake<T>(vector: Vector<T>, count: number): Vector<T> {
  if (count >= vector.length) return vector;
  if (count <= 0) return emptyVector();
  let root = taken(vector.root, vector.shift, count);
  let shift = vector.shift;
  while (shift > 0 && root.length === 1) {
    root = root[0] as Node;
    shift -= BITS;
  }
  return { length: count, shift, root };
}

/** The elements [from, to) as an array. */
export function vectorSlice<T>(vector: Vector<T>, from: number, to: number): T[] {
  const result: T[] = [];
  for (let index = Math.max(0, from); index < Math.min(to, vector.length); index++) result.push(vectorGet(vector, index) as T);
  return result;
}

/**
 * The vector with the elements [start, start + deleteCount) replaced by `items`. Replacing as many as are removed
 * rewrites those paths only; otherwise the elements after them move and are appended again.
 */
export function vectorSplice<T>(vector: Vector<T>, start: number, deleteCount: number, items: readonly T[]): Vector<T> {
  if (items.length === deleteCount) {
    let result = vector;
    items.forEach((item, i) => (result = vectorSet(result, start + i, item)));
    return result;
  }
  return vectorPushAll(vectorPushAll(vectorTake(vector, start), items), vectorSlice(vector, start + deleteCount, vector.length));
}

function flatten(node: Node, shift: number, into: unknown[]): void {
  if (shift === 0) into.push(...node);
  else for (const child of node) flatten(child as Node, shift - BITS, into);
}

const arrays = new WeakMap<Vector<unknown>, readonly unknown[]>();

/**
 * The elements as an array, built once per vector (a pure function of it); a vector of one leaf answers the leaf.
 * Read only: it may be part of the vector.
 */
export function vectorArray<T>(vector: Vector<T>): readonly T[] {
  if (vector.shift === 0) return vector.root as readonly T[];
  const known = arrays.get(vector);
  if (known !== undefined) return known as readonly T[];
  const elements: unknown[] = [];
  flatten(vector.root, vector.shift, elements);
  arrays.set(vector, elements);
  return elements as readonly T[];
}

/**
 * Every index at which `before` and `after` may hold different elements, in increasing order: the indices of the
 * leaves the two do not share, and every index past the shorter one. Indices not visited hold the same element in
 * both. Costs the nodes the two do not share, so a one-element change costs a path.
 */
export function vectorDifferences(before: Vector<unknown>, after: Vector<unknown>, visit: (index: number) => void): void {
  const shift = Math.max(before.shift, after.shift);
  let a: Node = before.root;
  let b: Node = after.root;
  for (let s = before.shift; s < shift; s += BITS) a = [a];
  for (let s = after.shift; s < shift; s += BITS) b = [b];
  const end = Math.max(before.length, after.length);
  const walk = (x: Node | undefined, y: Node | undefined, level: number, base: number): void => {
    if (x === y) return;
    const width = Math.max(x?.length ?? 0, y?.length ?? 0);
    for (let slot = 0; slot < width; slot++) {
      const index = base + slot * 2 ** level;
      if (index >= end) return;
      if (level === 0) visit(index);
      else walk(x?.[slot] as Node | undefined, y?.[slot] as Node | undefined, level - BITS, index);
    }
  };
  walk(a, b, shift, 0);
}

/** Getter → the vector it reads, for getters `defineLazyArray` made. */
const lazyGetters = new WeakMap<() => unknown, Vector<unknown>>();
const descriptors = new WeakMap<Vector<unknown>, PropertyDescriptor>();
/** Objects holding at least one lazy array. */
const lazyHolders = new WeakSet<object>();

/**
 * Defines `target[key]` as an enumerable getter answering `vectorArray(vector)`: read, spread, compared or
 * serialised, the property is that array; it is built only when first read.
 */
export function defineLazyArray<T>(target: object, key: string, vector: Vector<T>): void {
  let descriptor = descriptors.get(vector);
  if (descriptor === undefined) {
    const get = (): readonly T[] => vectorArray(vector);
    lazyGetters.set(get, vector);
    descriptor = { get, enumerable: true, configurable: false };
    descriptors.set(vector, descriptor);
  }
  Object.defineProperty(target, key, descriptor);
  lazyHolders.add(target);
}

/** The vector behind `holder[key]` when `defineLazyArray` defined it, without building its array. */
export function lazyArraySource(holder: object, key: string): Vector<unknown> | undefined {
  if (!lazyHolders.has(holder)) return undefined;
  const get = Object.getOwnPropertyDescriptor(holder, key)?.get;
  return get === undefined ? undefined : lazyGetters.get(get);
}
