/**
 * Unit tests of `model/kafka/consumer/consumer-coordinator.ts`, written for the checks the mutation run found
 * unguarded: when a consumer must (re)join its group before fetching (`ConsumerCoordinator.needRejoin`,
 * `SubscriptionState.partitionsAutoAssigned`), apache/kafka 1.0.0 and 0.10.0.0 under the `kafka-0.10.0` profile.
 */
import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer, stepKafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerObservation } from '../../../../model/kafka/consumer/observation.js';
import type { KafkaConsumerState } from '../../../../model/kafka/consumer/state.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';

const fresh = (profile: Profile): KafkaConsumerState =>
  kafkaConsumer.init(kafkaConsumer.setupSchema.parse({ profile, topics: { t: 3, u: 1 }, autoOffsetReset: 'earliest' }));

/** The observation after each command; every command must succeed. */
function observations(profile: Profile, commands: KafkaConsumerCommand[]): KafkaConsumerObservation[] {
  let state = fresh(profile);
  return commands.map((command) => {
    const step = stepKafkaConsumer(state, command);
    expect(step.outcome.ok, `${command.type} succeeds`).toBe(true);
    state = step.state;
    return kafkaConsumer.observe(state);
  });
}

const p = (topic: string, partition: number) => ({ topic, partition });
const subscribe = (...topics: string[]): KafkaConsumerCommand => ({ type: 'subscribe', topics });
const rebalance = (...partitions: { topic: string; partition: number }[]): KafkaConsumerCommand => ({ type: 'rebalance', partitions });

describe('partitionsAutoAssigned (SubscriptionState)', () => {
  it('0.10.0 asks whether the topic subscription is non-empty: a pattern that matched nothing joins no group', () => {
    const seen = observations('kafka-0.10.0', [{ type: 'subscribePattern', pattern: 'z.*' }, { type: 'metadataUpdate', topics: { t: 3, u: 1 } }, { type: 'poll' }]);
    expect(seen.map((o) => o.needRejoin)).toEqual([false, false, false]);
    expect(seen[2]).toMatchObject({ mode: 'AUTO_PATTERN', subscription: [], needsPartitionAssignment: false });
  });

  it('1.0 asks the subscription type: a pattern subscriber joins its group even when the pattern matched nothing', () => {
    const seen = observations('kafka-1.0', [{ type: 'subscribePattern', pattern: 'z.*' }, { type: 'metadataUpdate', topics: { t: 3, u: 1 } }]);
    expect(seen.map((o) => o.needRejoin)).toEqual([true, true]);
    expect(seen[1]).toMatchObject({ mode: 'AUTO_PATTERN', subscription: [] });
  });

  it('0.10.0 starts with no partition assignment asked for (SubscriptionState constructor)', () => {
    expect(kafkaConsumer.observe(fresh('kafka-0.10.0'))).toMatchObject({ needsPartitionAssignment: false, needRejoin: false });
  });
});

describe('needRejoin (ConsumerCoordinator.needRejoin)', () => {
  it('1.0 rejoins when topics were added to the subscription since the last join (joinedSubscription)', () => {
    const seen = observations('kafka-1.0', [subscribe('t'), rebalance(p('t', 0)), subscribe('t', 'u')]);
    expect(seen.map((o) => o.needRejoin)).toEqual([true, false, true]);
  });

  it('1.0 rejoins when a topic of the subscription was replaced by another, same size', () => {
    const seen = observations('kafka-1.0', [subscribe('t', 'u'), rebalance(p('t', 0), p('u', 0)), subscribe('t', 'v')]);
    expect(seen.map((o) => o.needRejoin)).toEqual([true, false, true]);
  });

  it('1.0 does not rejoin when the subscription is set again to the topics of the last join', () => {
    const seen = observations('kafka-1.0', [subscribe('t'), rebalance(p('t', 0)), subscribe('t')]);
    expect(seen.map((o) => o.needRejoin)).toEqual([true, false, false]);
  });

  it('0.10.0 rejoins while its SubscriptionState asks for an assignment, even back on the topics of the last join', () => {
    const seen = observations('kafka-0.10.0', [subscribe('t'), rebalance(p('t', 0)), subscribe('t', 'u'), subscribe('t')]);
    expect(seen.map((o) => o.needRejoin)).toEqual([true, false, true, true]);
    expect(seen[3]).toMatchObject({ needsPartitionAssignment: true, subscription: ['t'] });
  });
});
