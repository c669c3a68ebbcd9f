import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { javaSplit, javaStringCompare, javaStringHashCode, javaTrim, javaUtf8Bytes } from '../../../model/java/java-string.js';

// Expected values below were printed by a JDK 17 (`String.hashCode`, `split`, `compareTo`, `trim`, `getBytes`).
describe('javaStringHashCode', () => {
  it.each([
    ['TagA', 2598919],
    ['TagB', 2598920],
    ['Aa', 2112],
    ['BB', 2112],
    ['polygenelubricants', -2147483648],
    ['', 0],
    ['f5a5a608', 0],
    ['*', 42],
    ['héllo€', -1099022178],
  ])('hashes %j to %i like Java', (s, expected) => {
    expect(javaStringHashCode(s)).toBe(expected);
  });

  test.prop([fc.string({ unit: 'binary' }), fc.integer({ min: 0, max: 0xffff })])(
    'follows the recurrence h(s + c) = 31·h(s) + c (mod 2^32, signed)',
    (s, code) => {
      const extended = javaStringHashCode(s + String.fromCharCode(code));
      expect(extended).toBe((Math.imul(31, javaStringHashCode(s)) + code) | 0);
    },
  );

  test.prop([fc.string({ unit: 'binary' })])('is always a signed 32-bit integer', (s) => {
    const h = javaStringHashCode(s);
    expect(h).toBe(h | 0);
  });
});

describe('javaStringCompare', () => {
  const words = ['a', 'b', 'ab', '', 'B', '\uffff', '\ud800'];
  // Row-major matrix of Java's a.compareTo(b) for `words`.
  const expected = [
    [0, -1, -1, 1, 31, -65438, -55199],
    [1, 0, 1, 1, 32, -65437, -55198],
    [1, -1, 0, 2, 31, -65438, -55199],
    [-1, -1, -2, 0, -1, -1, -1],
    [-31, -32, -31, 1, 0, -65469, -55230],
    [65438, 65437, 65438, 1, 65469, 0, 10239],
    [55199, 55198, 55199, 1, 55230, -10239, 0],
  ];
  it('returns exactly the numbers Java compareTo returns (code-unit differences, then length difference)', () => {
    const actual = words.map((a) => words.map((b) => javaStringCompare(a, b)));
    expect(actual).toEqual(expected);
  });

  test.prop([fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })])(
    'agrees in sign with JS code-unit ordering and is antisymmetric',
    (a, b) => {
      const js = a < b ? -1 : a > b ? 1 : 0;
      expect(Math.sign(javaStringCompare(a, b))).toBe(js);
      expect(Math.sign(javaStringCompare(b, a))).toBe(js === 0 ? 0 : -js);
    },
  );
});

describe('javaSplit', () => {
  it.each([
    ['||', '||', []],
    ['||||', '||', []],
    ['|||', '||', ['', '|']],
    ['a||b', '||', ['a', 'b']],
    ['||a', '||', ['', 'a']],
    ['a||', '||', ['a']],
    ['a||||b', '||', ['a', '', 'b']],
    ['', '||', ['']],
    ['abc', '||', ['abc']],
    [' ', '||', [' ']],
    ['a|| ||', '||', ['a', ' ']],
    ['||a||', '||', ['', 'a']],
    ['a@b@', '@', ['a', 'b']],
    ['@b', '@', ['', 'b']],
    ['r@', '@', ['r']],
    ['r@b@c', '@', ['r', 'b', 'c']],
    ['@', '@', []],
    ['@@', '@', []],
    ['---', '-', []],
    ['abc', '', ['a', 'b', 'c']],
    ['', '', ['']],
    ['a@b@', '', ['a', '@', 'b', '@']],
  ])('splits %j on %j like Java String.split', (s, sep, expected) => {
    expect(javaSplit(s, sep)).toEqual(expected);
  });

  test.prop([fc.string({ unit: fc.constantFrom('a', '|', ' ') }), fc.constantFrom('||', '|', 'a|')])(
    'equals JS split with trailing empty parts removed, or [s] when the separator does not occur',
    (s, sep) => {
      const js = s.split(sep);
      while (s.includes(sep) && js.length > 0 && js[js.length - 1] === '') js.pop();
      expect(javaSplit(s, sep)).toEqual(s.includes(sep) ? js : [s]);
    },
  );
});

describe('javaTrim', () => {
  it('strips code units up to U+0020 only, keeping U+00A0 (Java trim, not JS trim)', () => {
    expect(javaTrim('\u0001 a\u00a0 \t')).toBe('a\u00a0');
    expect(javaTrim(' \u2028x\u2028 ')).toBe('\u2028x\u2028');
    expect(javaTrim('   ')).toBe('');
  });
});

describe('javaUtf8Bytes', () => {
  it('encodes lone surrogates as "?" like Java getBytes(UTF_8)', () => {
    expect([...javaUtf8Bytes('a\ud800b\udc00')]).toEqual([97, 63, 98, 63]);
  });

  // Boundaries of the 1/2/3/4-byte forms and of the surrogate ranges, as printed by JDK 17 getBytes(UTF_8).
  it.each([
    ['\u007f', [0x7f]],
    ['\u0080', [0xc2, 0x80]],
    ['\u07ff', [0xdf, 0xbf]],
    ['\u0800', [0xe0, 0xa0, 0x80]],
    ['\ud800\udc00', [0xf0, 0x90, 0x80, 0x80]],
    ['\ud800\udfff', [0xf0, 0x90, 0x8f, 0xbf]],
    ['\udbff\udfff', [0xf4, 0x8f, 0xbf, 0xbf]],
    ['\ud800\ue000', [0x3f, 0xee, 0x80, 0x80]],
    ['\udc00', [0x3f]],
    ['\udfff', [0x3f]],
    ['x\ud800', [0x78, 0x3f]],
  ])('encodes %j as Java does', (s, bytes) => {
    expect([...javaUtf8Bytes(s)]).toEqual(bytes);
  });

  test.prop([fc.string({ unit: 'grapheme' })])('equals Buffer.from(s, "utf8") for well-formed strings', (s) => {
    expect(Buffer.from(javaUtf8Bytes(s))).toEqual(Buffer.from(s, 'utf8'));
  });
});
