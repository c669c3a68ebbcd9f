import { describe, expect, it } from 'vitest';
import { kafkaGroup } from '../../../../model/kafka/group/kafka-group.js';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
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
});
