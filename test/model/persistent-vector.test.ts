import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  defineLazyArray,
  emptyVector,
  lazyArraySource,
  vectorArray,
  vectorDifferences,
  vectorGet,
  vectorOf,
  vectorPush,
  vectorPushAll,
  vectorSet,
  vectorSplice,
  vectorTake,
  type Vector,
} from '../../model/persistent-vector.js';
import { diffObservations } from '../../properties/observation-diff.js';

type Op =
  | { readonly kind: 'push'; readonly value: number }
  | { readonly kind: 'pushAll'; readonly count: number }
  | { readonly kind: 'set'; readonly at: number; readonly value: number }
  | { readonly kind: 'take'; readonly at: number }
  | { readonly kind: 'splice'; readonly at: number; readonly remove: number; readonly insert: number };

// Lengths cross the 32 and 1,024 boundaries where the trie gains or loses a level.
const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('push' as const), value: fc.integer() }),
    fc.record({ kind: fc.constant('pushAll' as const), count: fc.oneof(fc.nat(40), fc.integer({ min: 900, max: 1200 })) }),
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.integer() }),
    fc.record({ kind: fc.constant('take' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), remove: fc.nat(40), insert: fc.nat(40) }),
  ),
  { maxLength: 12 },
);

let counter = 0;
const fresh = (count: number): number[] => Array.from({ length: count }, () => counter++);

/** Applies one operation to the vector and to a plain array. */
function apply(vector: Vector<number>, array: number[], op: Op): [Vector<number>, number[]] {
  const at = (n: number): number => (array.length === 0 ? 0 : n % (array.length + 1));
  switch (op.kind) {
    case 'push':
      return [vectorPush(vector, op.value), [...array, op.value]];
    case 'pushAll': {
      const values = fresh(op.count);
      return [vectorPushAll(vector, values), [...array, ...values]];
    }
    case 'set': {
      if (array.length === 0) return [vector, array];
      const index = op.at % array.length;
      return [vectorSet(vector, index, op.value), array.map((v, i) => (i === index ? op.value : v))];
    }
    case 'take':
      return [vectorTake(vector, at(op.at)), array.slice(0, at(op.at))];
    case 'splice': {
      const start = at(op.at);
      const remove = Math.min(op.remove, array.length - start);
      const items = fresh(op.insert);
      const next = [...array];
      next.splice(start, remove, ...items);
      return [vectorSplice(vector, start, remove, items), next];
    }
  }
}

describe('persistent vector', () => {
  test.prop([ops])('holds what a plain array holds after the same operations, in the shape of a vector built at once', (steps) => {
    let vector = emptyVector<number>();
    let array: number[] = [];
    for (const step of steps) {
      const before = vector;
      const beforeArray = array;
      [vector, array] = apply(vector, array, step);
      expect(vector.length).toBe(array.length);
      expect(vectorArray(vector)).toEqual(array);
      for (const index of [0, array.length >> 1, array.length - 1]) expect(vectorGet(vector, index)).toBe(array[index]);
      expect(vectorGet(vector, array.length)).toBeUndefined();
      const built = vectorOf(array);
      expect([vector.shift, JSON.stringify(vector.root)]).toEqual([built.shift, JSON.stringify(built.root)]);
      // vectorDifferences visits, in increasing order, every index where the two versions differ.
      const visited: number[] = [];
      vectorDifferences(before, vector, (index) => visited.push(index));
      expect(visited).toEqual([...visited].sort((a, b) => a - b));
      expect(new Set(visited).size).toBe(visited.length);
      const end = Math.max(array.length, beforeArray.length);
      for (let index = 0; index < end; index++) {
        if (index >= array.length || index >= beforeArray.length || array[index] !== beforeArray[index]) expect(visited).toContain(index);
      }
      expect(visited.every((index) => index < end)).toBe(true);
    }
  });

  it('a one-element change or a push on a long vector visits one leaf, and an equal vector none', () => {
    const long = vectorOf(fresh(50_000));
    const visited: number[] = [];
    vectorDifferences(long, vectorSet(long, 40_000, -1), (index) => visited.push(index));
    expect(visited).toEqual(Array.from({ length: 32 }, (_, i) => 40_000 - (40_000 % 32) + i));
    visited.length = 0;
    vectorDifferences(long, vectorPush(long, -1), (index) => visited.push(index));
    // 50,000 = 1,562 × 32 + 16: the last leaf is copied to take the new element.
    expect(visited).toEqual(Array.from({ length: 17 }, (_, i) => 49_984 + i));
    visited.length = 0;
    vectorDifferences(long, long, (index) => visited.push(index));
    expect(visited).toEqual([]);
  });

  it('a lazy array reads, serialises and diffs as the plain array it stands for', () => {
    const entries = (n: number, delivered: number) => Array.from({ length: n }, (_, i) => ({ queueOffset: i, deliveredTo: i < delivered ? ['c1'] : [] }));
    const vectors = [vectorOf(entries(0, 0)), vectorOf(entries(40, 10)), vectorOf(entries(41, 10)), vectorOf(entries(41, 41)), vectorOf(entries(5, 0))];
    const lazy = (v: Vector<unknown>) => {
      const holder = {};
      defineLazyArray(holder, 'q', v);
      return { ledger: holder };
    };
    for (const a of vectors) {
      expect(lazyArraySource(lazy(a).ledger, 'q')).toBe(a);
      expect(JSON.stringify(lazy(a))).toBe(JSON.stringify({ ledger: { q: vectorArray(a) } }));
      expect(lazy(a)).toEqual({ ledger: { q: vectorArray(a) } });
      for (const b of vectors) {
        const plain = diffObservations({ ledger: { q: [...vectorArray(a)] } }, { ledger: { q: [...vectorArray(b)] } });
        expect(diffObservations(lazy(a), lazy(b))).toEqual(plain);
      }
    }
    // Elements not shared by identity but equal yield no change, as with plain arrays.
    expect(diffObservations(lazy(vectorOf(entries(3, 1))), lazy(vectorOf(entries(3, 1))))).toEqual([]);
  });
});
