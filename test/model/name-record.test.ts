import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameRecord } from '../../model/name-record.js';

const topics = nameRecord(z.string().regex(/^[a-zA-Z_]+$/, 'bad name'), z.number().int().positive(), 3);

describe('nameRecord', () => {
  it('is needed: z.record drops a __proto__ key that JSON.parse gives as an own property', () => {
    const raw: unknown = JSON.parse('{"__proto__": 2, "constructor": 1}');
    expect(Object.keys(z.record(z.string(), z.number()).parse(raw))).toEqual(['constructor']);
  });

  it('keeps every name as an own property, __proto__ included, and serializes it back', () => {
    const raw: unknown = JSON.parse('{"__proto__": 2, "constructor": 1, "toString": 3}');
    const parsed = topics.parse(raw);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(JSON.stringify(parsed)).toBe('{"__proto__":2,"constructor":1,"toString":3}');
  });

  it('names the key of a bad name or value, and refuses too many entries', () => {
    const bad = topics.safeParse(JSON.parse('{"__proto__": -1}'));
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path, i.message])).toEqual([[['__proto__'], 'Too small: expected number to be >0']]);
    const badKey = topics.safeParse({ 'a-b': 1 });
    expect(badKey.success ? [] : badKey.error.issues.map((i) => [i.path, i.message])).toEqual([[['a-b'], 'bad name']]);
    expect(topics.safeParse({ a: 1, b: 1, c: 1, d: 1 }).success).toBe(false);
    expect(topics.safeParse([1]).success).toBe(false);
  });

  it("has z.record's JSON Schema, with the entry limit", () => {
    expect(z.toJSONSchema(z.object({ topics }), { io: 'input' })).toMatchObject({
      properties: { topics: { type: 'object', propertyNames: { pattern: '^[a-zA-Z_]+$' }, additionalProperties: { type: 'integer' }, maxProperties: 3 } },
    });
  });
});
