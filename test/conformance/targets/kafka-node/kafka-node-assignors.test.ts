import { describe, expect, it } from 'vitest';
import { kafkaNodeRange, kafkaNodeRoundRobin } from '../../../../conformance/targets/kafka-node/kafka-node-assignors.js';
import { firstDifference, type ScenarioCommand } from '../lockstep.js';

const join = (...ids: string[]): ScenarioCommand[] => ids.map((consumer) => ({ type: 'join', consumer }));
const subscribe = (consumer: string, ...topics: string[]): ScenarioCommand => ({ type: 'subscribe', consumer, topics });
const rebalance: ScenarioCommand = { type: 'rebalance' };

describe('kafka-node@5.0.0 range assignor', () => {
  it('agrees with Java when members subscribe alike (per-member lists compared in the model\'s topic order)', () => {
    const commands = [...join('c1', 'c0', 'c2'), subscribe('c1', 't1', 't0'), subscribe('c0', 't0', 't1'), subscribe('c2', 't0'), rebalance];
    expect(firstDifference(kafkaNodeRange, 'kafka.group', { topics: { t0: 5, t1: 2 } }, commands)).toBeUndefined();
  });

  it("crashes when a subscribed topic has no metadata, where Java skips the topic: the crash is the library's answer, a divergence", () => {
    const commands = [...join('c0'), subscribe('c0', 'missing'), rebalance];
    const difference = firstDifference(kafkaNodeRange, 'kafka.group', { topics: { t0: 1 }, assignor: 'range' }, commands);
    expect(difference?.step).toBe(2);
    expect(difference?.model).toMatchObject({ ok: true, value: { generation: 1, leader: 'c0', assignment: { c0: [] } } });
    expect(difference?.target).toMatchObject({ ok: false, error: 'TypeError', message: expect.stringMatching(/crashed: TypeError: Cannot read properties of undefined/) });
  });
});

describe('kafka-node@5.0.0 round-robin assignor', () => {
  it('agrees with Java when every member subscribes to the same topics', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0', 't1'), subscribe('c0', 't0', 't1'), rebalance];
    expect(firstDifference(kafkaNodeRoundRobin, 'kafka.group', { topics: { t0: 3, t1: 2 } }, commands)).toBeUndefined();
  });

  it('deals topics in the order the leader requested their metadata, not sorted as Java does, so one member gets nothing', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't2'), subscribe('c0', 't0', 't2'), rebalance];
    const difference = firstDifference(kafkaNodeRoundRobin, 'kafka.group', { topics: { t0: 1, t2: 1 } }, commands);
    expect(difference?.step).toBe(4);
    expect(difference?.model).toMatchObject({ value: { assignment: { c0: [{ topic: 't0', partition: 0 }], c1: [{ topic: 't2', partition: 0 }] } } });
    expect(difference?.target).toMatchObject({ value: { assignment: { c0: [{ topic: 't2', partition: 0 }, { topic: 't0', partition: 0 }], c1: [] } } });
  });
});
