import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../model/parse-scenario.js';
import { firstTooDeep, maxCommandsPerScenario, maxNestingDepth } from '../../model/scenario-limits.js';
import { counterSystems } from '../cli/fixtures/counter-system.js';

/** An array nested `depth` levels deep around `inner`. */
function nested(depth: number, inner: unknown = 0): unknown {
  let value: unknown = inner;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('firstTooDeep', () => {
  it('accepts exactly the limit and names the path of the first level beyond it', () => {
    expect(firstTooDeep({ a: nested(3) }, '', 4)).toBeUndefined();
    expect(firstTooDeep({ a: nested(4) }, '', 4)).toBe('a[0][0][0]');
    expect(firstTooDeep({ a: 1, b: [{ c: nested(5) }] }, 'scenario', 4)).toBe('scenario.b[0].c[0]');
  });

  it('walks a million levels without overflowing the stack', () => {
    expect(firstTooDeep(nested(1_000_000), '')).toBe('[0]'.repeat(maxNestingDepth));
  });
});

describe('parseScenario limits', () => {
  const commands = (n: number): unknown[] => Array.from({ length: n }, () => ({ type: 'inc' }));

  it(`accepts ${maxCommandsPerScenario} commands and refuses one more in one positioned line`, () => {
    expect(parseScenario({ system: 'test.counter', setup: { start: 0 }, commands: commands(maxCommandsPerScenario) }, counterSystems).ok).toBe(true);
    expect(parseScenario({ system: 'test.counter', setup: { start: 0 }, commands: commands(maxCommandsPerScenario + 1) }, counterSystems)).toEqual({
      ok: false,
      reason: 'commands: 200,001 commands, more than the limit of 200,000 per scenario',
    });
  });

  it('refuses a value nested deeper than the limit, naming where', () => {
    const parsed = parseScenario({ system: 'test.counter', setup: { start: 0 }, commands: [], expect: { final: { value: nested(100) } } }, counterSystems);
    expect(parsed).toEqual({ ok: false, reason: `expect.final.value${'[0]'.repeat(maxNestingDepth - 3)}: nested deeper than the limit of 64 levels` });
  });
});
