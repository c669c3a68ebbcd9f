import { describe, expect, it } from 'vitest';
import { kafkaGroup } from '../../../../model/kafka/group/kafka-group.js';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
import type { KafkaGroupState } from '../../../../model/kafka/group/state.js';
import type { KafkaGroupObservation } from '../../../../model/kafka/group/observation.js';
import type { Outcome } from '../../../../model/outcome.js';
import { runTrace } from '../../../../model/trace.js';

/** Runs commands on a fresh group and answers the outcomes and the final observation. */
function run(setup: Record<string, unknown>, commands: KafkaGroupCommand[]): { outcomes: Outcome[]; final: KafkaGroupObservation } {
  const parsed = kafkaGroup.setupSchema.parse(setup);
  const trace = runTrace(kafkaGroup, parsed, commands);
  return { outcomes: trace.steps.map((s) => s.outcome), final: trace.steps.at(-1)?.after ?? trace.initial };
}

const twoPartitions = { topics: { t0: 2 }, autoOffsetReset: 'earliest' };
const join = (consumer: string): KafkaGroupCommand => ({ type: 'join', consumer });
const subscribe = (consumer: string, topics: string[]): KafkaGroupCommand => ({ type: 'subscribe', consumer, topics });
const rebalance: KafkaGroupCommand = { type: 'rebalance' };

describe('group membership', () => {
  it('refuses a second join of a live consumer and calls by a consumer that never joined, changing nothing', () => {
    const { outcomes, final } = run(twoPartitions, [join('c0'), join('c0'), { type: 'poll', consumer: 'c9' }, { type: 'leave', consumer: 'c9' }]);
    expect(outcomes.slice(1)).toMatchObject([
      { ok: false, error: 'IllegalStateException' },
      { ok: false, error: 'IllegalStateException' },
      { ok: false, error: 'IllegalStateException' },
    ]);
    expect(Object.keys(final.members)).toEqual(['c0']);
  });

  it('names the consumer in the refusal of a second join and of a call by a consumer that never joined', () => {
    const { outcomes } = run(twoPartitions, [join('alpha'), join('alpha'), { type: 'poll', consumer: 'beta' }, { type: 'leave', consumer: 'gamma' }]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: 'IllegalStateException', message: expect.stringContaining('"alpha" is already in the group') });
    expect(outcomes[2]).toMatchObject({ ok: false, error: 'IllegalStateException', message: expect.stringContaining('No consumer "beta"') });
    expect(outcomes[3]).toMatchObject({ ok: false, error: 'IllegalStateException', message: expect.stringContaining('No consumer "gamma"') });
  });

  it('takes 256 live members and answers the 257th join with GroupMaxSizeReachedException (group.max.size, Kafka 2.2), changing nothing', () => {
    let state: KafkaGroupState = kafkaGroup.init(kafkaGroup.setupSchema.parse(twoPartitions));
    for (let i = 0; i < 256; i++) {
      const step = kafkaGroup.step(state, join(`c${i}`));
      expect(step.outcome, `join ${i + 1}`).toEqual({ ok: true });
      state = step.state;
    }
    const refused = kafkaGroup.step(state, join('c256'));
    expect(refused.outcome).toMatchObject({ ok: false, error: 'GroupMaxSizeReachedException', message: expect.stringMatching(/at most 256 live members.*c256/) });
    expect(refused.state).toBe(state);
    // A leave makes room again.
    const left = kafkaGroup.step(state, { type: 'leave', consumer: 'c0' }).state;
    expect(kafkaGroup.step(left, join('c256')).outcome).toEqual({ ok: true });
  });

  it('leaves the generation on leave and on unsubscribe, and the next member in line leads', () => {
    const commands = [join('c0'), join('c1'), join('c2'), subscribe('c0', ['t0']), subscribe('c1', ['t0']), subscribe('c2', ['t0']), rebalance];
    const left = run(twoPartitions, [...commands, { type: 'leave', consumer: 'c0' }]).final;
    expect(left.leader).toBe('c1');
    expect(left.generationMembers).toEqual(['c1', 'c2']);
    const unsubscribed = run(twoPartitions, [...commands, { type: 'unsubscribe', consumer: 'c1' }]).final;
    expect(unsubscribed.generationMembers).toEqual(['c0', 'c2']);
    expect(unsubscribed.members['c1']).toMatchObject({ mode: 'NONE', generation: null, partitions: {} });
  });
});

describe('the coordinator\'s rebalance', () => {
  it('starts a new generation even with nobody subscribed, assigning nothing', () => {
    const { outcomes, final } = run(twoPartitions, [join('c0'), rebalance]);
    expect(outcomes[1]).toEqual({ ok: true, value: { generation: 1, leader: null, assignment: {} } });
    expect(final).toMatchObject({ generation: 1, generationMembers: [], lastAssignment: {}, members: { c0: { generation: null } } });
  });

  it('leaves members in manual mode out, so they keep their own partitions', () => {
    const { final } = run(twoPartitions, [join('c0'), join('c1'), subscribe('c0', ['t0']), { type: 'assign', consumer: 'c1', partitions: [{ topic: 't0', partition: 0 }] }, rebalance]);
    expect(final.lastAssignment).toEqual({ c0: [{ topic: 't0', partition: 0 }, { topic: 't0', partition: 1 }] });
    expect(Object.keys(final.members['c1']?.partitions ?? {})).toEqual(['t0-0']);
  });

  it('starts every assigned partition afresh, even one the member keeps, and resumes from the group\'s committed offset', () => {
    const { outcomes, final } = run({ topics: { t0: 1 }, autoOffsetReset: 'latest' }, [
      join('c0'), subscribe('c0', ['t0']), rebalance,
      { type: 'produce', topic: 't0', partition: 0, count: 4 },
      { type: 'seekToBeginning', consumer: 'c0', partitions: [] },
      { type: 'poll', consumer: 'c0', maxRecords: 2 },
      { type: 'commitSync', consumer: 'c0' },
      { type: 'poll', consumer: 'c0' },
      join('c1'), subscribe('c1', ['t0']), { type: 'leave', consumer: 'c0' }, rebalance,
      { type: 'poll', consumer: 'c1' },
    ]);
    expect(outcomes[7]).toMatchObject({ ok: true, value: [{ offset: 2 }, { offset: 3 }] });
    // c1 takes t0-0 over from the committed offset 2, not from the latest reset (4): records 2 and 3 come again.
    expect(outcomes[12]).toEqual({ ok: true, value: [{ topic: 't0', partition: 0, offset: 2 }, { topic: 't0', partition: 0, offset: 3 }] });
    expect(final.members['c1']?.partitions['t0-0']).toMatchObject({ position: 4, committed: 2 });
  });

  it('matches a pattern subscriber against the current metadata before it joins', () => {
    const { final } = run(twoPartitions, [join('c0'), { type: 'subscribePattern', consumer: 'c0', pattern: 't.*' }, rebalance]);
    expect(final.members['c0']).toMatchObject({ mode: 'AUTO_PATTERN', subscription: ['t0'] });
    expect(final.lastAssignment).toEqual({ c0: [{ topic: 't0', partition: 0 }, { topic: 't0', partition: 1 }] });
  });

  it('lets the leader alone widen its group subscription to every member\'s topics', () => {
    const { final } = run({ topics: { t0: 1, t1: 1 } }, [join('c1'), join('c0'), subscribe('c0', ['t0']), subscribe('c1', ['t1']), rebalance]);
    expect(final.leader).toBe('c1');
    expect(final.members['c1']?.groupSubscription).toEqual(['t0', 't1']);
    expect(final.members['c0']?.groupSubscription).toEqual(['t0']);
  });

  it('narrows a follower\'s group subscription to its own subscription (ConsumerCoordinator.onJoinPrepare: resetGroupSubscription)', () => {
    const { final } = run({ topics: { t0: 1, t1: 1 } }, [
      join('c0'), join('c1'), subscribe('c0', ['t0']), subscribe('c1', ['t0', 't1']), rebalance,
      // Changing the subscription only adds to the group subscription (SubscriptionState.changeSubscription).
      subscribe('c1', ['t0']),
    ]);
    expect(final.members['c1']?.groupSubscription).toEqual(['t0', 't1']);
    const after = run({ topics: { t0: 1, t1: 1 } }, [
      join('c0'), join('c1'), subscribe('c0', ['t0']), subscribe('c1', ['t0', 't1']), rebalance, subscribe('c1', ['t0']), rebalance,
    ]).final;
    expect(after.leader).toBe('c0');
    expect(after.members['c1']).toMatchObject({ subscription: ['t0'], groupSubscription: ['t0'] });
  });
});

describe('the environment in a group', () => {
  it('applies deleteRecords to the shared cluster: the log start moves up, and an offset beyond the high watermark is refused', () => {
    const { outcomes, final } = run(twoPartitions, [
      join('c0'), { type: 'produce', topic: 't0', partition: 1, count: 5 },
      { type: 'deleteRecords', topic: 't0', partition: 1, beforeOffset: 3 },
      { type: 'deleteRecords', topic: 't0', partition: 1, beforeOffset: 9 },
    ]);
    expect(outcomes[2]).toEqual({ ok: true });
    expect(outcomes[3]).toMatchObject({ ok: false, error: 'OffsetOutOfRangeException' });
    expect(final.logs['t0-1']).toEqual({ logStartOffset: 3, highWatermark: 5 });
  });
});

describe('offset commits', () => {
  const assigned = (consumer: string): KafkaGroupCommand => ({ type: 'assign', consumer, partitions: [{ topic: 't0', partition: 0 }] });
  const commit = (consumer: string): KafkaGroupCommand => ({ type: 'commitSync', consumer, offsets: [{ topic: 't0', partition: 0, offset: 1 }] });

  it('takes a manual consumer\'s commit while the group is empty and refuses it once the group has members', () => {
    const { outcomes, final } = run(twoPartitions, [join('m'), assigned('m'), commit('m'), join('c0'), subscribe('c0', ['t0']), rebalance, commit('m')]);
    expect(outcomes[2]).toEqual({ ok: true });
    expect(outcomes[6]).toMatchObject({ ok: false, error: 'CommitFailedException' });
    expect(final.groupCommitted).toEqual({ 't0-0': 1 });
  });

  it('refuses explicit offsets from a subscribed consumer that is not in the current generation', () => {
    const { outcomes } = run(twoPartitions, [join('c0'), subscribe('c0', ['t0']), commit('c0'), { type: 'commitSync', consumer: 'c0' }, rebalance, commit('c0')]);
    expect(outcomes[2]).toMatchObject({ ok: false, error: 'CommitFailedException' });
    expect(outcomes[3]).toEqual({ ok: true });
    expect(outcomes[5]).toEqual({ ok: true });
  });

  it('lets an empty commitSync(offsets) return at once, never reaching the coordinator (ConsumerCoordinator.commitOffsetsSync)', () => {
    // c0 is subscribed but outside the current generation: any offset it sent would be refused.
    const { outcomes } = run(twoPartitions, [join('c0'), subscribe('c0', ['t0']), { type: 'commitSync', consumer: 'c0', offsets: [] }, commit('c0')]);
    expect(outcomes[2]).toEqual({ ok: true });
    expect(outcomes[3]).toMatchObject({ ok: false, error: 'CommitFailedException' });
  });

  it('sends commitSync() only for partitions with a position (SubscriptionState.allConsumed), so a refusal needs a consumed position', () => {
    const groupWithMembers = [join('m'), join('c0'), subscribe('c0', ['t0']), rebalance, assigned('m')];
    // Assigned but nothing consumed yet: no offsets to send, nothing to refuse.
    const unpositioned = run(twoPartitions, [...groupWithMembers, { type: 'commitSync', consumer: 'm' }]);
    expect(unpositioned.outcomes[5]).toEqual({ ok: true });
    // Once a poll has given t0-0 a position, commitSync() sends it with generation -1, which a non-empty group refuses.
    const positioned = run(twoPartitions, [...groupWithMembers, { type: 'poll', consumer: 'm' }, { type: 'commitSync', consumer: 'm' }]);
    expect(positioned.outcomes[5]).toEqual({ ok: true, value: [] });
    expect(positioned.outcomes[6]).toMatchObject({ ok: false, error: 'CommitFailedException' });
    expect(positioned.final.groupCommitted).toEqual({});
  });

  it('answers the consumer\'s own refusal of a commit before the coordinator\'s: a negative offset is IllegalArgumentException', () => {
    const negative: KafkaGroupCommand = { type: 'commitSync', consumer: 'c0', offsets: [{ topic: 't0', partition: 0, offset: -1 }] };
    const { outcomes } = run(twoPartitions, [join('c0'), subscribe('c0', ['t0']), negative]);
    expect(outcomes[2]).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
  });
});
