import { it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerCommand } from '../../model/kafka/consumer/commands.js';
import type { KafkaConsumerSetup } from '../../model/kafka/consumer/setup.js';
import type { KafkaConsumerState } from '../../model/kafka/consumer/state.js';
import type { Scenario } from '../../model/scenario.js';
import { kafkaConsumerScenarios } from '../../properties/kafka/consumer/arbitraries.js';
import { kafkaConsumerCommands, type KafkaConsumerBounds } from '../../properties/kafka/consumer/exploration-scopes.js';

const bounds: KafkaConsumerBounds = {
  topics: { t0: 1, t1: 2 },
  profiles: ['kafka-1.0'],
  resets: ['earliest'],
  maxOffset: 3,
  patterns: ['t.*', 'x.*'],
  maxPartitions: 3,
  maxDepth: 5,
};

/** Every state a scenario passes through, the initial one included. */
function statesOf(scenario: Scenario<KafkaConsumerSetup, KafkaConsumerCommand>): KafkaConsumerState[] {
  let state = kafkaConsumer.init(scenario.setup);
  const states = [state];
  for (const command of scenario.commands) {
    state = kafkaConsumer.step(state, command).state;
    states.push(state);
  }
  return states;
}

describe('kafka.consumer exploration commands', () => {
  // One enumerator for the whole run, as the explorer keeps it: its kept lists must answer every later state exactly
  // as a fresh enumeration of that state does, or the key misses an input the enumeration reads.
  const kept = kafkaConsumerCommands(bounds);

  it.prop([kafkaConsumerScenarios({ maxCommands: 12 })], { numRuns: 150 })('a kept enumeration equals a fresh one for every state', (scenario) => {
    for (const state of statesOf(scenario)) expect(kept(state)).toEqual(kafkaConsumerCommands(bounds)(state));
  });

  it('keeps one list per distinct inputs: a different state with the same inputs gets the same list, not a copy', () => {
    const fresh = kafkaConsumer.init({ profile: 'kafka-1.0', topics: { t0: 1 }, autoOffsetReset: 'earliest', committed: [] });
    const enumerate = kafkaConsumerCommands(bounds);
    const assigned = kafkaConsumer.step(fresh, { type: 'assign', partitions: [{ topic: 't0', partition: 0 }] }).state;
    // A poll resets the position: a new state, with the same metadata, assignment, subscription and logs.
    const polled = kafkaConsumer.step(assigned, { type: 'poll' }).state;
    expect(polled).not.toEqual(assigned);
    expect(enumerate(polled)).toBe(enumerate(assigned));
    const grown = kafkaConsumer.step(assigned, { type: 'produce', topic: 't0', partition: 0, count: 1 }).state;
    expect(enumerate(grown)).not.toEqual(enumerate(assigned));
  });
});
