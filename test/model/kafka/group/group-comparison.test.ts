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

  it("sorts each member's partitions in the observation's lastAssignment", () => {
    const observation = { lastAssignment: { m1: [tp('t1', 0), tp('t0', 0)] } } as unknown as KafkaGroupObservation;
    expect(kafkaGroupComparison.observation?.(observation)).toEqual({ lastAssignment: { m1: [tp('t0', 0), tp('t1', 0)] } });
  });
});
