import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { partialMatch } from '../../properties/partial-match.js';

describe('partialMatch', () => {
  it('matches when every expected key matches, ignoring keys it does not name', () => {
    expect(partialMatch({ ok: true, value: { a: 1, b: [1, 2] } }, { value: { b: [1, 2] } })).toBeUndefined();
  });

  it('names the path of the first mismatch', () => {
    expect(partialMatch({ value: [{ offset: 5 }] }, { value: [{ offset: 3 }] })).toBe('$.value[0].offset: expected 3, received 5');
  });

  it('requires arrays of the same length, as toMatchObject does', () => {
    expect(partialMatch({ a: [1, 2] }, { a: [1] })).toBe('$.a: expected an array of length 1, received length 2');
  });

  it('matches objects inside arrays partially', () => {
    expect(partialMatch([{ a: 1, b: 2 }], [{ a: 1 }])).toBeUndefined();
  });

  it('reports a missing key and a wrong type', () => {
    expect(partialMatch({}, { error: 'X' }, 'expect.outcomes[0]')).toBe('expect.outcomes[0].error: expected "X", received nothing');
    expect(partialMatch({ a: 1 }, { a: { b: 1 } })).toBe('$.a: expected an object, received 1');
    expect(partialMatch({ a: null }, { a: [] })).toBe('$.a: expected an array, received null');
    expect(partialMatch({ 'odd key': 1 }, { 'odd key': 2 })).toBe('$["odd key"]: expected 2, received 1');
  });

  test.prop([fc.jsonValue()])('a JSON value matches itself', (value) => partialMatch(value, value) === undefined);

  test.prop([fc.jsonValue(), fc.jsonValue()])('agrees with toMatchObject on objects', (actual, expected) => {
    fc.pre(typeof actual === 'object' && actual !== null && !Array.isArray(actual));
    fc.pre(typeof expected === 'object' && expected !== null && !Array.isArray(expected));
    const ours = partialMatch(actual, expected) === undefined;
    let theirs = true;
    try {
      expect(actual).toMatchObject(expected as Record<string, unknown>);
    } catch {
      theirs = false;
    }
    return ours === theirs;
  });
});
