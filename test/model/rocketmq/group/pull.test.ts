/**
 * The client side of a pull (`DefaultMQPushConsumerImpl.pullMessage`, its `PullCallback`, `PullAPIWrapper
 * .processPullResult`, `ProcessQueue.removeMessage`, apache/rocketmq rocketmq-all-4.9.8) as the rocketmq.group model
 * runs it: which held queue a pull without `queue` takes, what it refuses, and where the consumed offset goes.
 */
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

const q = (topic: string, queueId: number, brokerName = 'broker-a') => ({ topic, brokerName, queueId });
const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse(raw), commands);
const queueOf = (outcome: unknown) => (outcome as { value?: { queue?: unknown } }).value?.queue;

describe('the default pull queue (the model\'s stand-in for the pull-request order of DefaultMQPushConsumerImpl.pullMessage)', () => {
  it('takes the first held queue in MessageQueue order, not in the order the rebalance took them', () => {
    // Topics are rebalanced in the client's subscription order (B before A), so B's queue is taken first.
    const trace = run({ topics: { A: 1, B: 1 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'B', queueId: 0 },
      { type: 'produce', topic: 'A', queueId: 0 },
      { type: 'start', client: 'c1', subscriptions: { B: '*', A: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'pull', client: 'c1' },
    ]);
    expect(Object.keys(trace.steps[3]?.after.clients['c1']?.processQueues ?? {})).toEqual(['B/broker-a/0', 'A/broker-a/0']);
    expect(queueOf(trace.steps[4]?.outcome)).toEqual(q('A', 0));
  });

  it('takes the first held queue with messages past its next offset, else the first held queue', () => {
    const trace = run({ topics: { T: 2 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 1 },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'pull', client: 'c1' }, // only queue 1 has a message
      { type: 'produce', topic: 'T', queueId: 0 },
      { type: 'pull', client: 'c1' }, // queue 0 now has one; queue 1 is pulled to its end
      { type: 'produce', topic: 'T', queueId: 1 },
      { type: 'pull', client: 'c1' }, // queue 0 pulled to its end (next offset 1 > 0): queue 1 again
      { type: 'pull', client: 'c1' }, // nothing new anywhere: the first held queue, NO_NEW_MSG
    ]);
    const pulls = [3, 5, 7, 8].map((i) => trace.steps[i]?.outcome);
    expect(pulls.map(queueOf)).toEqual([q('T', 1), q('T', 0), q('T', 1), q('T', 0)]);
    expect(pulls.map((o) => (o as { value?: { status?: string } }).value?.status)).toEqual(['FOUND', 'FOUND', 'FOUND', 'NO_NEW_MSG']);
  });
});

describe('pull refusals change nothing', () => {
  it('refuses to pull a queue the client does not hold (another client\'s share) with IllegalStateException', () => {
    const trace = run({ topics: { T: 2 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 1 },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'pull', client: 'c1', queue: q('T', 1) },
    ]);
    expect(Object.keys(trace.steps[3]?.after.clients['c1']?.processQueues ?? {})).toEqual(['T/broker-a/0']);
    expect(trace.steps[4]?.outcome).toEqual({ ok: false, error: 'IllegalStateException', message: 'pull: c1 holds no process queue for T/broker-a/1' });
    expect(trace.steps[4]?.after).toEqual(trace.steps[3]?.after);
  });

  it('refuses a pull without queue by a client holding none, naming that', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'pull', client: 'c1' },
    ]);
    expect(trace.steps[1]?.outcome).toEqual({ ok: false, error: 'IllegalStateException', message: 'pull: c1 holds no message queue' });
  });

  it('refuses to pull a held queue of a topic the client unsubscribed (no own subscription to filter with)', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'unsubscribe', client: 'c1', topic: 'T' },
      { type: 'pull', client: 'c1', queue: q('T', 0) },
    ]);
    expect(trace.steps[3]?.outcome).toEqual({
      ok: false,
      error: 'IllegalStateException',
      message: "find the consumer's subscription failed: c1 does not subscribe T",
    });
  });
});

describe('the consumed offset after a pull (ProcessQueue.removeMessage after consumption)', () => {
  it('FOUND: follows the last delivered message, not the next offset past the broker-filtered ones after it', () => {
    const trace = run({ topics: { T: 1 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 0, tags: 'TagA' },
      { type: 'produce', topic: 'T', queueId: 0, tags: 'TagB' },
      { type: 'start', client: 'c1', subscriptions: { T: 'TagA' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'pull', client: 'c1' },
    ]);
    expect(trace.steps[4]?.outcome).toMatchObject({ ok: true, value: { status: 'FOUND', messages: [{ queueOffset: 0, tags: 'TagA' }], nextBeginOffset: 2 } });
    expect(trace.steps[4]?.after.clients['c1']?.processQueues['T/broker-a/0']).toEqual({ nextOffset: 2, consumedOffset: 1 });
  });

  it('FOUND with every message dropped by the client filter: the consumed offset stays where it was', () => {
    // c2's rebalance bumps its subVersion last, so the group filters T with c2's TagB; c1's own filter wants TagA.
    const trace = run({ topics: { T: 2 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 0, tags: 'TagB' },
      { type: 'start', client: 'c1', subscriptions: { T: 'TagA' } },
      { type: 'start', client: 'c2', subscriptions: { T: 'TagB' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'rebalance', client: 'c2' },
      { type: 'pull', client: 'c1', queue: q('T', 0) },
    ]);
    expect(trace.steps[4]?.after.group?.subscriptions['T']?.subString).toBe('TagB');
    expect(trace.steps[5]?.outcome).toMatchObject({ ok: true, value: { status: 'FOUND', messages: [], nextBeginOffset: 1 } });
    expect(trace.steps[5]?.after.clients['c1']?.processQueues['T/broker-a/0']).toEqual({ nextOffset: 1, consumedOffset: 0 });
  });
});
