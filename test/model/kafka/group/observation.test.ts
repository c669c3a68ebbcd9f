/**
 * The kafka.group observation is a function of the state: a member's observation is reused only while what it is
 * computed from is the same, so the same client state observed in another generation shows that generation.
 */
import { describe, expect, it } from 'vitest';
import { kafkaGroup } from '../../../../model/kafka/group/kafka-group.js';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
import { observeKafkaGroup } from '../../../../model/kafka/group/observation.js';
import type { KafkaGroupState } from '../../../../model/kafka/group/state.js';

function stateAfter(commands: readonly KafkaGroupCommand[]): KafkaGroupState {
  let state = kafkaGroup.init(kafkaGroup.setupSchema.parse({ topics: { t0: 1 } }));
  for (const command of commands) state = kafkaGroup.step(state, command).state;
  return state;
}

describe('the kafka.group observation', () => {
  it('shows the generation the state gives a member, not one observed earlier for the same client state', () => {
    const state = stateAfter([{ type: 'join', consumer: 'c0' }, { type: 'subscribe', consumer: 'c0', topics: ['t0'] }, { type: 'rebalance' }]);
    expect(observeKafkaGroup(state).members['c0']?.generation).toBe(1);
    // The same member state (the very same objects) in the next generation, and out of the generation.
    const next: KafkaGroupState = { ...state, generation: 2 };
    expect(observeKafkaGroup(next).members['c0']?.generation).toBe(2);
    const outside: KafkaGroupState = { ...state, generationMembers: [] };
    expect(observeKafkaGroup(outside).members['c0']?.generation).toBeNull();
    expect(observeKafkaGroup(state).members['c0']?.generation).toBe(1);
  });
});
