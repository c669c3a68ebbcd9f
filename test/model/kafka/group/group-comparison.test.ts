/**
 * kafka.group's comparison: a member's partitions come in a Java HashMap's order, so they are compared as sets —
 * in the rebalance's answer as in the observation — and a different set is still a difference.
 */
import { describe, expect, it } from 'vitest';
import { kafkaGroupComparison } from '../../../../model/kafka/group/group-comparison.js';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
import type { KafkaGroupObservation } from '../../../../model/kafka/group/observation.js';
import { ok, fail } from '../../../../model/outcome.js';

const rebalance = { type: 'rebalance' } as KafkaGroupCommand;
const tp = (topic: string, partition: number) => ({ topic, partition });

function canonicalOutcome(assignment: Record<string, unknown>) {
  return kafkaGroupComparison.outcome?.(rebalance, ok({ generation: 1, leader: 'm1', assignment }));
}

describe('kafka.group comparison', () => {
  it("sorts each member's partitions in a rebalance's answer, so two orders of one set compare equal", () => {
    const javaOrder = canonicalOutcome({ m1: [tp('t1', 0), tp('t0', 1), tp('t0', 0)], ['__proto__']: [tp('t0', 2)] });
    const otherOrder = canonicalOutcome({ m1: [tp('t0', 0), tp('t1', 0), tp('t0', 1)], ['__proto__']: [tp('t0', 2)] });
    expect(javaOrder).toEqual(otherOrder);
    expect(javaOrder).toEqual(ok({ generation: 1, leader: 'm1', assignment: { m1: [tp('t0', 0), tp('t0', 1), tp('t1', 0)], ['__proto__']: [tp('t0', 2)] } }));
  });

  it('keeps different sets different, and leaves failures and other commands alone', () => {
    expect(canonicalOutcome({ m1: [tp('t0', 0)] })).not.toEqual(canonicalOutcome({ m1: [tp('t0', 1)] }));
    const failure = fail('IllegalStateException');
    expect(kafkaGroupComparison.outcome?.(rebalance, failure)).toBe(failure);
    const poll = { type: 'poll', member: 'm1' } as unknown as KafkaGroupCommand;
    const answer = ok([tp('t0', 0)]);
    expect(kafkaGroupComparison.outcome?.(poll, answer)).toBe(answer);
  });

  it("compares every order of one member's set of partitions equal, topic by topic then by partition", () => {
    const sorted = [tp('t0', 1), tp('t0', 5), tp('t1', 0), tp('t2', 3)];
    const orders = [
      [tp('t0', 1), tp('t0', 5), tp('t1', 0), tp('t2', 3)],
      [tp('t2', 3), tp('t1', 0), tp('t0', 5), tp('t0', 1)],
      [tp('t1', 0), tp('t0', 5), tp('t2', 3), tp('t0', 1)],
      [tp('t0', 5), tp('t2', 3), tp('t0', 1), tp('t1', 0)],
    ];
    for (const order of orders) {
      expect(canonicalOutcome({ m1: order }), JSON.stringify(order)).toEqual(ok({ generation: 1, leader: 'm1', assignment: { m1: sorted } }));
    }
  });

  it("leaves another command's answer as it is, even one with an `assignment` field", () => {
    const committed = { type: 'committed', consumer: 'm1' } as unknown as KafkaGroupCommand;
    const answer = ok({ assignment: { m1: [tp('t1', 0), tp('t0', 0)] } });
    expect(kafkaGroupComparison.outcome?.(committed, answer)).toBe(answer);
  });

  it('leaves an observation with no rebalance yet (lastAssignment null or absent) as it is', () => {
    const before = { generation: 0, lastAssignment: null } as unknown as KafkaGroupObservation;
    expect(kafkaGroupComparison.observation?.(before)).toBe(before);
    const without = { generation: 0 } as unknown as KafkaGroupObservation;
    expect(kafkaGroupComparison.observation?.(without)).toBe(without);
  });

  it("sorts each member's partitions in the observation's lastAssignment", () => {
    const observation = { lastAssignment: { m1: [tp('t1', 0), tp('t0', 0)] } } as unknown as KafkaGroupObservation;
    expect(kafkaGroupComparison.observation?.(observation)).toEqual({ lastAssignment: { m1: [tp('t0', 0), tp('t1', 0)] } });
  });
});
