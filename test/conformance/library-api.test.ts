/**
 * The library API as a client library uses it: imported through the package name (`mqspec`, the package's
 * `exports`), exactly as an outside project would. vitest resolves it to the TypeScript source through the
 * `mqspec:source` export condition (vitest.config.ts); Node and TypeScript outside resolve it to dist/.
 */
import { describe, expect, it } from 'vitest';
import { assertConforms, checkTarget, ConformanceError, type Outcome, type Target } from 'mqspec';

/** A client library's own Java String.hashCode, the thing it wants checked. */
function javaHashCode(value: string): number {
  let h = 0;
  for (let i = 0; i < value.length; i++) h = (Math.imul(31, h) + value.charCodeAt(i)) | 0;
  return h;
}

/** The library's implementation behind the target contract: it implements one command of rocketmq.filter. */
function hashTarget(hash: (value: string) => number): Target {
  return {
    name: 'my-client-hash',
    version: '1.0.0',
    describes: "my client's tag hash code",
    systems: [{ system: 'rocketmq.filter', commands: ['hashCode'], fields: [] }],
    open: () => ({
      step: (command): Outcome => ({ ok: true, value: hash((command as unknown as { value: string }).value) }),
      observe: () => ({}),
      close: () => undefined,
    }),
  };
}

describe('the library API through the package name', () => {
  it('passes an implementation that agrees with the model', () => {
    const result = assertConforms(hashTarget(javaHashCode), { runs: 100 });
    expect(result.verdict).toBe('agrees');
    expect(result.results.map((r) => r.id)).toContain('RF-AGREE');
  });

  it('throws a readable report with the shrunk scenario for one that diverges', () => {
    // The classic mistake: no 32-bit wrap-around, so long tags hash to numbers Java never produces.
    const noWrap = (value: string): number => [...value].reduce((h, c) => 31 * h + c.charCodeAt(0), 0);
    let error: unknown;
    try {
      assertConforms(hashTarget(noWrap), { runs: 200 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConformanceError);
    const message = (error as Error).message;
    expect(message).toMatch(/my-client-hash diverges from the model at step 0 of 1: step 0 \(hashCode\)/);
    expect(message).toMatch(/model: {3}outcome \{"ok":true,"value":-?\d+\}/);
    expect(message).toMatch(/scenario \(shrunk\): \{"property":"RF-AGREE","target":"my-client-hash"/);
  });

  it('answers the results without throwing through checkTarget', () => {
    const result = checkTarget(hashTarget(javaHashCode), { properties: ['RF-AGREE'], runs: 20 });
    expect(result.results.map((r) => [r.id, r.status])).toEqual([['RF-AGREE', 'held']]);
  });
});
