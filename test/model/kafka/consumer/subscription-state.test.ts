/**
 * Unit tests of `model/kafka/consumer/subscription-state.ts`, written for the checks the mutation run found unguarded
 * (the hand-written scenarios did not tell those mutants from the model). Each follows the Java method named in its
 * title (`SubscriptionState` / `KafkaConsumer`, apache/kafka 1.0.0, or 0.10.0.0 under the `kafka-0.10.0` profile).
 */
import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer, stepKafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerObservation } from '../../../../model/kafka/consumer/observation.js';
import type { KafkaConsumerState } from '../../../../model/kafka/consumer/state.js';
import {
  assign,
  assignFromSubscribed,
  compilePattern,
  MODES_EXCLUSIVE,
  seek,
  subscribe,
  subscribePattern,
} from '../../../../model/kafka/consumer/subscription-state.js';
import type { Outcome } from '../../../../model/outcome.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';

const fresh = (profile: Profile = 'kafka-1.0'): KafkaConsumerState =>
  kafkaConsumer.init(kafkaConsumer.setupSchema.parse({ profile, topics: { t: 3, u: 1 }, autoOffsetReset: 'earliest' }));

/** Runs commands through the model's step (no schema: blank names and negative offsets reach the model). */
function run(
  profile: Profile,
  commands: KafkaConsumerCommand[],
): { state: KafkaConsumerState; outcomes: Outcome[]; final: KafkaConsumerObservation } {
  let state = fresh(profile);
  const outcomes: Outcome[] = [];
  for (const command of commands) {
    const step = stepKafkaConsumer(state, command);
    state = step.state;
    outcomes.push(step.outcome);
  }
  return { state, outcomes, final: kafkaConsumer.observe(state) };
}

const p = (topic: string, partition: number) => ({ topic, partition });
const assignCmd = (...partitions: { topic: string; partition: number }[]): KafkaConsumerCommand => ({ type: 'assign', partitions });
const subscribeCmd = (...topics: string[]): KafkaConsumerCommand => ({ type: 'subscribe', topics });
const rebalanceCmd = (...partitions: { topic: string; partition: number }[]): KafkaConsumerCommand => ({ type: 'rebalance', partitions });
const seekCmd = (topic: string, partition: number, offset: number): KafkaConsumerCommand => ({ type: 'seek', partition: p(topic, partition), offset });

describe('subscribe(topics) (KafkaConsumer.subscribe, SubscriptionState.changeSubscription)', () => {
  it('unsubscribes on an empty list', () => {
    const { final, outcomes } = run('kafka-1.0', [subscribeCmd('t'), subscribeCmd()]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(final).toMatchObject({ mode: 'NONE', subscription: [] });
  });

  it('refuses a blank topic name under 1.0 and takes it under 0.10.0', () => {
    const refused = subscribe(fresh('kafka-1.0'), ['t', ' ']);
    expect(refused.outcome).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
    expect(refused.state).toEqual(fresh('kafka-1.0'));
    expect(subscribe(fresh('kafka-0.10.0'), [' ']).outcome.ok).toBe(true);
  });

  it('replaces a subscription by another of the same size', () => {
    const { final } = run('kafka-1.0', [subscribeCmd('t', 'u'), subscribeCmd('t', 'v')]);
    expect(final.subscription).toEqual(['t', 'v']);
    expect(final.groupSubscription).toEqual(['t', 'u', 'v']);
  });

  it('under 0.10.0 asks for a new assignment only when the topic set changes', () => {
    const joined = [subscribeCmd('t'), { type: 'poll' } as KafkaConsumerCommand, rebalanceCmd(p('t', 0))];
    expect(run('kafka-0.10.0', joined).final.needsPartitionAssignment).toBe(false);
    expect(run('kafka-0.10.0', [...joined, subscribeCmd('t')]).final.needsPartitionAssignment).toBe(false);
    expect(run('kafka-0.10.0', [...joined, subscribeCmd('t', 'u')]).final.needsPartitionAssignment).toBe(true);
  });

  it('needs a rejoin after unsubscribe even for the same topics (maybeLeaveGroup resets the generation)', () => {
    const joined = [subscribeCmd('t'), { type: 'poll' } as KafkaConsumerCommand, rebalanceCmd(p('t', 0))];
    expect(run('kafka-1.0', joined).final.needRejoin).toBe(false);
    expect(run('kafka-1.0', [...joined, { type: 'unsubscribe' }, subscribeCmd('t')]).final.needRejoin).toBe(true);
  });
});

describe('subscribe(Pattern)', () => {
  it('refuses an invalid pattern with PatternSyntaxException, naming the pattern', () => {
    const { outcome, state } = subscribePattern(fresh(), '(');
    expect(outcome).toMatchObject({ ok: false, error: 'PatternSyntaxException', message: expect.stringContaining('"("') });
    expect(state).toEqual(fresh());
  });

  it('refuses Java syntax the model does not carry over, saying which', () => {
    const { outcome } = subscribePattern(fresh(), 'a++');
    expect(outcome).toMatchObject({ ok: false, error: 'UnsupportedOperationException', message: expect.stringContaining('possessive') });
    expect(compilePattern('a++')).toBeUndefined();
    expect(compilePattern('[a&&b]')).toBeUndefined();
  });

  it('matches whole names code point by code point, as Java does', () => {
    expect(compilePattern('.')?.test('\u{1F600}')).toBe(true);
    expect(compilePattern('t.')?.test('t')).toBe(false);
  });

  it('under 0.10.0 is refused after a user assignment', () => {
    const { outcomes } = run('kafka-0.10.0', [assignCmd(p('t', 0)), { type: 'subscribePattern', pattern: 't' }]);
    expect(outcomes[1]).toEqual({ ok: false, error: 'IllegalStateException', message: MODES_EXCLUSIVE });
  });
});

describe('assign(partitions) under 1.0 (KafkaConsumer.assign, SubscriptionState.assignFromUser)', () => {
  it('unsubscribes on an empty list', () => {
    const { final } = run('kafka-1.0', [assignCmd(p('t', 0)), assignCmd()]);
    expect(final).toMatchObject({ mode: 'NONE', partitions: {} });
  });

  it('refuses a blank topic with IllegalArgumentException', () => {
    const { outcome, state } = assign(fresh(), [p('t', 0), p(' ', 0)]);
    expect(outcome).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
    expect(state).toEqual(fresh());
  });

  it('takes a second manual assignment, keeping the state of partitions that stay', () => {
    const { final, outcomes } = run('kafka-1.0', [assignCmd(p('t', 0)), seekCmd('t', 0, 5), assignCmd(p('t', 0), p('t', 1))]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(final.mode).toBe('USER_ASSIGNED');
    expect(final.partitions['t-0']?.position).toBe(5);
    expect(final.partitions['t-1']?.position).toBeNull();
  });

  it('changes the assignment to a subset or to another set of the same size', () => {
    const subset = run('kafka-1.0', [assignCmd(p('t', 0), p('t', 1)), assignCmd(p('t', 0))]).final;
    expect(Object.keys(subset.partitions)).toEqual(['t-0']);
    const swapped = run('kafka-1.0', [assignCmd(p('t', 0), p('t', 1)), assignCmd(p('t', 0), p('t', 2))]).final;
    expect(Object.keys(swapped.partitions).sort()).toEqual(['t-0', 't-2']);
  });

  it('leaves an equal set untouched: committed offsets are not fetched again', () => {
    const assigned = assign(fresh(), [p('t', 0), p('t', 1)]).state;
    const settled: KafkaConsumerState = { ...assigned, needsFetchCommittedOffsets: false };
    const again = assign(settled, [p('t', 1), p('t', 0)]);
    expect(again.outcome.ok).toBe(true);
    expect(again.state).toBe(settled);
    const changed = assign(settled, [p('t', 1)]);
    expect(changed.state.needsFetchCommittedOffsets).toBe(true);
  });
});

describe('assign(partitions) under 0.10.0 (SubscriptionState.assignFromUser)', () => {
  it('is refused while a pattern is subscribed, even before it matched a topic', () => {
    const { outcomes } = run('kafka-0.10.0', [{ type: 'subscribePattern', pattern: 't' }, assignCmd(p('t', 0))]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: 'IllegalStateException' });
  });

  it('drops partitions not listed again and names the mode', () => {
    const { final } = run('kafka-0.10.0', [assignCmd(p('t', 0), p('t', 1)), seekCmd('t', 1, 4), assignCmd(p('t', 1))]);
    expect(final.mode).toBe('USER_ASSIGNED');
    expect(Object.keys(final.partitions)).toEqual(['t-1']);
    expect(final.partitions['t-1']?.position).toBe(4);
  });

  it('leaves the consumer with nothing (mode NONE) on an empty list', () => {
    const { final, outcomes } = run('kafka-0.10.0', [assignCmd(p('t', 0)), assignCmd()]);
    expect(outcomes[1]?.ok).toBe(true);
    expect(final).toMatchObject({ mode: 'NONE', partitions: {} });
  });

  it('clears the request for a partition assignment', () => {
    const { final } = run('kafka-0.10.0', [{ type: 'unsubscribe' }, assignCmd(p('t', 0))]);
    expect(final.needsPartitionAssignment).toBe(false);
  });
});

describe('the coordinator\'s assignment (SubscriptionState.assignFromSubscribed)', () => {
  it('under 1.0 is refused in manual mode even when it lists no partition', () => {
    const manual = assign(fresh(), [p('t', 0)]).state;
    const { outcome, state } = assignFromSubscribed(manual, []);
    expect(outcome).toMatchObject({ ok: false, error: 'IllegalArgumentException', message: expect.stringContaining('manual assignment') });
    expect(state).toBe(manual);
    expect(assignFromSubscribed(fresh(), []).outcome.ok).toBe(false);
  });

  it('under 0.10.0 checks a pattern subscriber\'s partitions against its topics, not the pattern', () => {
    const patterned = subscribePattern(fresh('kafka-0.10.0'), '.*').state;
    expect(assignFromSubscribed(patterned, [p('t', 0)]).outcome).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
    const patterned10 = subscribePattern(fresh('kafka-1.0'), '.*').state;
    expect(assignFromSubscribed(patterned10, [p('t', 0)]).outcome.ok).toBe(true);
  });

  it('names the foreign partition', () => {
    const subscribed = subscribe(fresh(), ['t']).state;
    expect(assignFromSubscribed(subscribed, [p('u', 0)]).outcome).toMatchObject({ message: expect.stringContaining('u-0') });
  });
});

describe('per-partition calls', () => {
  it('seek refuses a negative offset before the assignment check (KafkaConsumer.seek)', () => {
    const { outcome, state } = seek(fresh(), p('t', 0), -1);
    expect(outcome).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
    expect(state).toEqual(fresh());
  });

  it('seek on an unassigned partition names it', () => {
    const { outcomes } = run('kafka-1.0', [assignCmd(p('t', 0)), seekCmd('t', 1, 0)]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: 'IllegalStateException', message: expect.stringContaining('t-1') });
  });

  it('pause marks only the listed partitions paused, resume clears it, and an empty list changes nothing', () => {
    const base = [assignCmd(p('t', 0), p('t', 1))];
    const paused = run('kafka-1.0', [...base, { type: 'pause', partitions: [p('t', 0)] }]).final.partitions;
    expect([paused['t-0']?.paused, paused['t-1']?.paused]).toEqual([true, false]);
    const resumed = run('kafka-1.0', [...base, { type: 'pause', partitions: [p('t', 0)] }, { type: 'resume', partitions: [p('t', 0)] }]);
    expect(resumed.final.partitions['t-0']?.paused).toBe(false);
    const none = run('kafka-1.0', [...base, { type: 'pause', partitions: [] }]).final.partitions;
    expect([none['t-0']?.paused, none['t-1']?.paused]).toEqual([false, false]);
  });

  it('pauseTopics pauses the topics\' partitions assigned now, never an unassigned one, and one assigned later starts unpaused', () => {
    const subscribed = [subscribeCmd('t', 'u'), rebalanceCmd(p('t', 0), p('u', 0))];
    const { final, outcomes } = run('kafka-1.0', [...subscribed, { type: 'pauseTopics', topics: ['t'] }]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect([final.partitions['t-0']?.paused, final.partitions['u-0']?.paused]).toEqual([true, false]);
    // A rebalance makes new partition states (SubscriptionState.assignFromSubscribed), so no pause outlives it.
    const before = run('kafka-1.0', [subscribeCmd('t'), { type: 'pauseTopics', topics: ['t'] }, rebalanceCmd(p('t', 0))]);
    expect(before.outcomes[1]).toEqual({ ok: true });
    expect(before.final.partitions['t-0']?.paused).toBe(false);
    const resumed = run('kafka-1.0', [...subscribed, { type: 'pause', partitions: [p('t', 0), p('u', 0)] }, { type: 'resumeTopics', topics: ['u', 'v'] }]);
    expect([resumed.final.partitions['t-0']?.paused, resumed.final.partitions['u-0']?.paused]).toEqual([true, false]);
  });
});
