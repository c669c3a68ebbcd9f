/**
 * A rebalance run with an assignor other than the configured one (as the bug zoo swaps it in): the leader's
 * assignor may throw or hand out what a member cannot take, and the coordinator must answer that as a failed
 * rebalance that changes nothing; what the assignor leaves out, nobody gets.
 */
import { describe, expect, it } from 'vitest';
import type { AssignFunction } from '../../../../model/kafka/group/coordinator.js';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
import { kafkaGroup, stepKafkaGroupWith } from '../../../../model/kafka/group/kafka-group.js';
import type { KafkaGroupState } from '../../../../model/kafka/group/state.js';

/** The state after these commands, run with the configured assignor. */
function stateAfter(commands: readonly KafkaGroupCommand[]): KafkaGroupState {
  let state = kafkaGroup.init(kafkaGroup.setupSchema.parse({ topics: { t0: 2, t1: 1 }, autoOffsetReset: 'earliest' }));
  for (const command of commands) {
    const step = kafkaGroup.step(state, command);
    expect(step.outcome, JSON.stringify(command)).toMatchObject({ ok: true });
    state = step.state;
  }
  return state;
}

const rebalance: KafkaGroupCommand = { type: 'rebalance' };
const twoSubscribed = stateAfter([
  { type: 'join', consumer: 'c0' },
  { type: 'join', consumer: 'c1' },
  { type: 'subscribe', consumer: 'c0', topics: ['t0'] },
  { type: 'subscribe', consumer: 'c1', topics: ['t0'] },
]);

class AssignorBroken extends Error {
  override name = 'AssignorBroken';
}

describe('a rebalance with a swapped assignor', () => {
  it('answers an assignor that throws as a failed rebalance with the exception\'s class and message, changing nothing', () => {
    const throwing: AssignFunction = () => {
      throw new AssignorBroken('no assignment today');
    };
    const result = stepKafkaGroupWith(twoSubscribed, rebalance, throwing);
    expect(result.outcome).toEqual({ ok: false, error: 'AssignorBroken', message: 'no assignment today' });
    expect(result.state).toBe(twoSubscribed);
  });

  it('answers an assignor that throws something other than an Error as IllegalStateException', () => {
    const throwing: AssignFunction = () => {
      throw 'not an error object';
    };
    const result = stepKafkaGroupWith(twoSubscribed, rebalance, throwing);
    expect(result.outcome).toEqual({ ok: false, error: 'IllegalStateException', message: 'not an error object' });
    expect(result.state).toBe(twoSubscribed);
  });

  it('gives a member the assignor leaves out no partitions (GroupCoordinator.doSyncGroup fills missing members with an empty assignment)', () => {
    const onlyC0: AssignFunction = () => ({ c0: [{ topic: 't0', partition: 0 }, { topic: 't0', partition: 1 }] });
    const result = stepKafkaGroupWith(twoSubscribed, rebalance, onlyC0);
    expect(result.outcome).toMatchObject({ ok: true, value: { generation: 1, leader: 'c0' } });
    const observed = kafkaGroup.observe(result.state);
    expect(observed.generationMembers).toEqual(['c0', 'c1']);
    expect(observed.members['c1']).toMatchObject({ generation: 1, partitions: {} });
    expect(Object.keys(observed.members['c0']?.partitions ?? {}).sort()).toEqual(['t0-0', 't0-1']);
  });

  it('answers the failure of a member that refuses its part (a partition of a topic it does not subscribe), naming it, and changes nothing', () => {
    const foreign: AssignFunction = () => ({ c0: [{ topic: 't0', partition: 0 }], c1: [{ topic: 't1', partition: 0 }] });
    const result = stepKafkaGroupWith(twoSubscribed, rebalance, foreign);
    // SubscriptionState.assignFromSubscribed: "Assigned partition t1-0 for non-subscribed topic".
    expect(result.outcome).toEqual({ ok: false, error: 'IllegalArgumentException', message: 'c1: Assigned partition t1-0 for non-subscribed topic' });
    expect(result.state).toBe(twoSubscribed);
  });

  it('runs no assignor when nobody takes part: with no member there is no leader to run it (ConsumerCoordinator.performAssignment)', () => {
    const nobody = stateAfter([{ type: 'join', consumer: 'c0' }]);
    const throwing: AssignFunction = () => {
      throw new AssignorBroken('must not run');
    };
    const result = stepKafkaGroupWith(nobody, rebalance, throwing);
    expect(result.outcome).toEqual({ ok: true, value: { generation: 1, leader: null, assignment: {} } });
    expect(kafkaGroup.observe(result.state)).toMatchObject({ generation: 1, generationMembers: [], lastAssignment: {} });
  });
});
