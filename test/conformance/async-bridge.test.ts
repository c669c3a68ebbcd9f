import { describe, expect, it } from 'vitest';
import { AsyncBridge } from '../../conformance/targets/async-bridge.js';

describe('the synchronous bridge into a worker', () => {
  it('answers, and on a timeout says whether the worker still runs (a promise that never settled) and starts no more', () => {
    const bridge = new AsyncBridge(new URL('../fixtures/hanging-bridge-worker.ts', import.meta.url), { startMs: 30_000, callMs: 300 });
    expect(bridge.call({ echo: 1 })).toEqual({ ok: true, value: { echo: 1 } });
    expect(() => bridge.call({ hang: true })).toThrow(/no answer within 300 ms \(the worker runs, but the promise for this request never settled\)/);
    expect(bridge.disposed).toBe(true);
    expect(() => bridge.call({ echo: 2 })).toThrow(/the worker was disposed/);
  });
});
