import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rocketmqAllocate } from '../../../../model/rocketmq/allocate/allocate-system.js';
import type { RocketmqAllocateCommand } from '../../../../model/rocketmq/allocate/allocate-commands.js';
import { runTrace } from '../../../../model/trace.js';
import { partialMatch } from '../../../../properties/partial-match.js';
import { isRejected, loadScenarioFiles } from '../../../../properties/scenario-files.js';

const queues = (n: number) => Array.from({ length: n }, (_, queueId) => ({ topic: 'T', brokerName: 'broker-a', queueId }));
const allocate = (currentCID: string, n: number, cidAll: string[] | null): RocketmqAllocateCommand => ({ type: 'allocate', currentCID, mqAll: queues(n), cidAll });

describe('the rocketmq.allocate system', () => {
  it('remembers each client\'s latest allocation and the view it used', () => {
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'AVG' } }, [allocate('c1', 2, ['c1']), allocate('c0', 2, ['c0', 'c1'])]);
    expect(trace.steps.map((s) => s.outcome)).toEqual([
      { ok: true, value: queues(2) },
      { ok: true, value: queues(1) },
    ]);
    expect(trace.steps[1]?.after).toEqual({
      allocations: { c0: queues(1), c1: queues(2) },
      views: { c0: { mqAll: queues(2), cidAll: ['c0', 'c1'] }, c1: { mqAll: queues(2), cidAll: ['c1'] } },
    });
  });

  it('answers IllegalArgumentException for a null cidAll and keeps the previous allocation', () => {
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'AVG_BY_CIRCLE' } }, [allocate('c0', 3, ['c0']), allocate('c0', 3, null)]);
    expect(trace.steps[1]?.outcome).toEqual({ ok: false, error: 'IllegalArgumentException', message: 'cidAll is null or cidAll empty' });
    expect(trace.steps[1]?.after).toEqual(trace.steps[0]?.after);
  });

  it('answers IllegalArgumentException for a null mqAll (CollectionUtils.isEmpty) and records nothing', () => {
    const call: RocketmqAllocateCommand = { type: 'allocate', currentCID: 'c0', mqAll: null, cidAll: ['c0'] };
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'AVG' } }, [call]);
    expect(trace.steps[0]?.outcome).toEqual({ ok: false, error: 'IllegalArgumentException', message: 'mqAll is null or mqAll empty' });
    expect(trace.steps[0]?.after).toEqual({ allocations: {}, views: {} });
  });

  it('observes clients in Java String.compareTo order, whatever order they allocated in', () => {
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'AVG' } }, [
      allocate('c1', 2, ['B', 'c1', 'a']),
      allocate('a', 2, ['B', 'c1', 'a']),
      allocate('B', 2, ['B', 'c1', 'a']),
    ]);
    const after = trace.steps[2]?.after;
    expect(Object.keys(after?.allocations ?? {})).toEqual(['B', 'a', 'c1']);
    expect(Object.keys(after?.views ?? {})).toEqual(['B', 'a', 'c1']);
  });

  it("answers the constructor's IllegalArgumentException on every call of a strategy Java cannot build", () => {
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: -1 } }, [allocate('c0', 1, ['c0'])]);
    expect(trace.steps[0]?.outcome).toEqual({ ok: false, error: 'IllegalArgumentException', message: 'illegal virtualNodeCnt :-1' });
  });

  it('keeps client ids like "constructor" and "__proto__" as plain keys of the observation', () => {
    const trace = runTrace(rocketmqAllocate, { group: 'G', strategy: { name: 'AVG' } }, [allocate('__proto__', 1, ['__proto__', 'constructor'])]);
    expect(Object.keys(trace.steps[0]?.after.allocations ?? {})).toEqual(['__proto__']);
  });

  it('documents every command with an example that validates', () => {
    for (const doc of rocketmqAllocate.commands) expect(rocketmqAllocate.commandSchema.safeParse(doc.example).success).toBe(true);
    expect(rocketmqAllocate.setupSchema.safeParse(rocketmqAllocate.exampleSetup).success).toBe(true);
  });
});

describe('the hand-written rocketmq.allocate scenarios', () => {
  const files = loadScenarioFiles(join(import.meta.dirname, '../../../../scenarios/rocketmq.allocate'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`replay as expected: ${file.path.split('/').pop() ?? file.path}`, () => {
      if (isRejected(file)) throw new Error(file.reason);
      const { scenario } = file;
      const trace = runTrace(rocketmqAllocate, scenario.setup as never, scenario.commands as RocketmqAllocateCommand[]);
      for (const [index, expected] of (scenario.expect?.outcomes ?? []).entries()) {
        if (expected != null) expect(partialMatch(trace.steps[index]?.outcome, expected, `outcomes[${index}]`)).toBeUndefined();
      }
      const final = trace.steps[trace.steps.length - 1]?.after ?? trace.initial;
      if (scenario.expect?.final !== undefined) expect(partialMatch(final, scenario.expect.final, 'final')).toBeUndefined();
    });
  }
});
