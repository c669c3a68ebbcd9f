import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical, fingerprint, Fingerprinter, renamings, valueKey } from '../../../properties/explore/fingerprint.js';

/** JSON-like values over few names and numbers, so that equal and nearly equal values come up often. */
const word = fc.constantFrom('c1', 'c2', 'c3', 'q', 'T1', '', 'a\u0000', 'é');
const leaf = fc.oneof(word, fc.constantFrom(0, -0, 1, 2, -1, 0.5, 2 ** 40, null, true, false));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('record')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  record: fc.dictionary(word, fc.option(tie('value'), { nil: undefined }), { maxKeys: 4 }),
}));

/** The same value with every object's keys in reverse order. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversedKeys(x)]));
}

/** The least canonical text over the renamings: what the fingerprint under a symmetry must agree with. */
function leastText(v: unknown, symmetric: readonly ReadonlyMap<string, string>[]): string {
  return symmetric.map((rename) => canonical(v, rename)).sort()[0] ?? '';
}

describe('fingerprint', () => {
  it('gives equal keys exactly to values with equal canonical JSON', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(valueKey(a) === valueKey(b)).toBe(canonical(a) === canonical(b));
        expect(valueKey(reversedKeys(a))).toBe(valueKey(a));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('tells apart values that JSON tells apart and merges those it reads alike', () => {
    expect(valueKey(1)).not.toBe(valueKey('1'));
    expect(valueKey([])).not.toBe(valueKey({}));
    expect(valueKey(['a', 'b'])).not.toBe(valueKey(['b', 'a']));
    expect(valueKey({ a: 1, b: 2 })).not.toBe(valueKey({ a: 2, b: 1 }));
    expect(valueKey([[1], [2]])).not.toBe(valueKey([[1, 2]]));
    expect(valueKey('a')).not.toBe(valueKey('a\u0000'));
    expect(valueKey(0.5)).not.toBe(valueKey(1));
    expect(valueKey(-0)).toBe(valueKey(0));
    expect(valueKey({ a: 1, u: undefined })).toBe(valueKey({ a: 1 }));
    expect(valueKey(Number.NaN)).toBe(valueKey(null));
  });

  it('under a symmetry, merges exactly the nodes whose least renamed canonical JSON is equal', () => {
    const symmetric = renamings(['c1', 'c2', 'c3']);
    fc.assert(
      // The memory is an object, as the systems' are (a pair of two bare names would read as a set of names).
      fc.property(value, value, fc.record({ m: value }), (state, other, memory) => {
        const key = (s: unknown): string => fingerprint(s, memory, symmetric);
        expect(key(state) === key(other)).toBe(leastText([state, memory], symmetric) === leastText([other, memory], symmetric));
        // Renaming a node never changes its fingerprint.
        for (const rename of symmetric) expect(fingerprint(JSON.parse(canonical(state, rename)), JSON.parse(canonical(memory, rename)), symmetric)).toBe(key(state));
      }),
      { numRuns: 1000, seed: 11 },
    );
  });

  it("reuses a parent's member hashes only for the very values it shares with a successor", () => {
    const record = fc.dictionary(word, value, { maxKeys: 5 });
    for (const symmetric of [[], renamings(['c1', 'c2', 'c3'])]) {
      fc.assert(
        fc.property(record, record, value, (parent, changes, other) => {
          const fingerprints = new Fingerprinter(symmetric);
          fingerprints.setParent(parent);
          // A successor sharing some members, one with new ones, and values that are not records at all.
          for (const successor of [{ ...parent, ...changes }, changes, other, parent]) {
            expect(fingerprints.of(successor, { m: 1 })).toBe(fingerprint(successor, { m: 1 }, symmetric));
          }
        }),
        { numRuns: 300, seed: 11 },
      );
    }
  });

  it('without renamings, fingerprints the pair of state and memory', () => {
    expect(fingerprint({ a: 1 }, { m: 1 }, [])).toBe(fingerprint({ a: 1 }, { m: 1 }, []));
    expect(fingerprint({ a: 1 }, { m: 1 }, [])).not.toBe(fingerprint({ a: 1 }, { m: 2 }, []));
    expect(fingerprint({ a: 1 }, undefined, [])).not.toBe(fingerprint({ a: 2 }, undefined, []));
  });
});
