import { describe, expect, it } from 'vitest';
import { canonicalJson, formatJson } from '../../../properties/corpus/stable-json.js';

describe('canonicalJson', () => {
  it('gives the same text whatever order the keys were built in, and drops undefined values', () => {
    const a = { b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' }, u: undefined };
    const b = { a: { c: 'x', d: [1, { x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"x":1,"y":2}]},"b":1}');
  });
});

describe('formatJson', () => {
  it('writes leading keys first, the rest in code-point order, and keeps what fits on one line', () => {
    const text = formatJson({ z: 1, type: 'assign', a: [1, 2] }, { leading: ['type'], width: 80 });
    expect(text).toBe('{"type":"assign","a":[1,2],"z":1}');
  });

  it('breaks an object or array that does not fit into one member per line, indented by two', () => {
    const text = formatJson({ commands: [{ type: 'poll' }, { type: 'commitSync' }], setup: { topics: { t0: 1 } } }, { width: 30 });
    expect(text).toBe(['{', '  "commands": [', '    {"type":"poll"},', '    {"type":"commitSync"}', '  ],', '  "setup": {"topics":{"t0":1}}', '}'].join('\n'));
    expect(JSON.parse(text)).toEqual({ commands: [{ type: 'poll' }, { type: 'commitSync' }], setup: { topics: { t0: 1 } } });
  });
});
