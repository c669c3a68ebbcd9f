import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';
import { partialMatch } from '../../../../properties/partial-match.js';
import { isRejected, loadScenarioFiles } from '../../../../properties/scenario-files.js';

const setup = (raw: Record<string, unknown>) => rocketmqGroup.setupSchema.parse(raw);
const q = (topic: string, queueId: number, brokerName = 'broker-a') => ({ topic, brokerName, queueId });
const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, setup(raw), commands);

describe('the rocketmq.group system', () => {
  it('fills in a short setup with the documented defaults', () => {
    expect(setup({ topics: { T: 1 } })).toEqual({
      group: 'GID_demo',
      brokers: ['broker-a'],
      topics: { T: 1 },
      strategy: { name: 'AVG' },
      messageModel: 'CLUSTERING',
      consumeFromWhere: 'CONSUME_FROM_LAST_OFFSET',
      consumeTimestamp: 0,
      postSubscriptionWhenPull: false,
    });
  });

  it('refuses setups Java could not run: duplicate brokers, bad topic names, a strategy whose constructor throws', () => {
    expect(rocketmqGroup.setupSchema.safeParse({ topics: { T: 1 }, brokers: ['b', 'b'] }).success).toBe(false);
    expect(rocketmqGroup.setupSchema.safeParse({ topics: { 'a/b': 1 } }).success).toBe(false);
    expect(rocketmqGroup.setupSchema.safeParse({ topics: { T: 1 }, strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: -1 } }).success).toBe(false);
  });

  it('starts a client, registers it and sends its heartbeat, but does not rebalance it', () => {
    const trace = run({ topics: { T: 2 } }, [{ type: 'start', client: 'c1', subscriptions: { T: 'TagA || TagB' } }]);
    const after = trace.steps[0]?.after;
    expect(after?.group).toEqual({
      subscriptions: { T: { subString: 'TagA || TagB', tagsSet: ['TagA', 'TagB'], codeSet: [2598919, 2598920], subVersion: 1 } },
      cidAll: ['c1'],
      notifiedAt: 1,
      membershipChangedAt: 1,
    });
    expect(after?.clients['c1']).toMatchObject({ serviceState: 'RUNNING', processQueues: {}, heartbeatAt: 1, rebalancedAt: 0 });
  });

  it('answers MQClientException for a second start, an invalid expression and a client that never started', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T: '||' } },
      { type: 'pull', client: 'c3' },
      { type: 'subscribe', client: 'c1', topic: 'T', expression: '||' },
    ]);
    expect(trace.steps.slice(1).map((s) => s.outcome.ok ? 'ok' : s.outcome.error)).toEqual(['MQClientException', 'MQClientException', 'MQClientException', 'MQClientException']);
    expect(trace.steps[4]?.after).toEqual(trace.steps[0]?.after);
  });

  it('sorts cidAll with String.compareTo and splits sorted queues of every broker with the strategy', () => {
    const trace = run({ topics: { T: 2 }, brokers: ['broker-b', 'broker-a'] }, [
      { type: 'start', client: 'c2', subscriptions: { T: '*' } },
      { type: 'start', client: 'C1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c2' },
    ]);
    const after = trace.steps[2]?.after;
    expect(after?.group?.cidAll).toEqual(['C1', 'c2']);
    expect(Object.keys(after?.clients['c2']?.processQueues ?? {})).toEqual(['T/broker-b/0', 'T/broker-b/1']);
  });

  it('bumps the subVersion and heartbeats when a rebalance changes the share, and only then', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'rebalance', client: 'c1' },
    ]);
    expect(trace.steps[1]?.after.clients['c1']).toMatchObject({ heartbeatAt: 2, rebalancedAt: 2, subscriptions: { T: { subVersion: 2 } } });
    expect(trace.steps[2]?.after.clients['c1']).toMatchObject({ heartbeatAt: 2, rebalancedAt: 3, subscriptions: { T: { subVersion: 2 } } });
  });

  it('answers SUBSCRIPTION_NOT_LATEST while the group holds an older entry than the puller, and changes nothing', () => {
    // c1's entry (T@1) goes when c2 heartbeats without T; c3 (T@3, started earlier than c1's bump) re-adds an older one.
    const trace = run({ topics: { T: 1, U: 1 } }, [
      { type: 'start', client: 'c3', subscriptions: { T: '*' } },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'start', client: 'c2', subscriptions: { U: '*' } },
      { type: 'heartbeat', client: 'c3' },
      { type: 'pull', client: 'c1' },
    ]);
    expect(trace.steps[4]?.after.group?.subscriptions['T']?.subVersion).toBe(1);
    expect(trace.steps[5]?.outcome).toEqual({ ok: false, error: 'SUBSCRIPTION_NOT_LATEST', message: "the consumer's subscription not latest" });
    expect(trace.steps[5]?.after).toEqual(trace.steps[4]?.after);
  });

  it('keeps queues of an unsubscribed topic until the next rebalance, refuses to pull them, then drops them without persisting', () => {
    const trace = run({ topics: { T: 1 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'produce', topic: 'T', queueId: 0 },
      { type: 'pull', client: 'c1' },
      { type: 'unsubscribe', client: 'c1', topic: 'T' },
      { type: 'pull', client: 'c1' },
      { type: 'rebalance', client: 'c1' },
    ]);
    expect(trace.steps[5]?.outcome).toMatchObject({ ok: false, error: 'IllegalStateException' });
    expect(trace.steps[6]?.after.clients['c1']?.processQueues).toEqual({});
    expect(trace.steps[6]?.after.committed).toEqual({});
  });

  it('shuts down idempotently, persisting offsets and removing the group with its last client', () => {
    const trace = run({ topics: { T: 1 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 0 },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'pull', client: 'c1', queue: q('T', 0) },
      { type: 'shutdown', client: 'c1' },
      { type: 'shutdown', client: 'c1' },
    ]);
    expect(trace.steps[4]?.after).toMatchObject({ group: null, committed: { 'T/broker-a/0': 1 } });
    expect(trace.steps[5]?.outcome).toEqual({ ok: true });
  });

  it('keeps a BROADCASTING client\'s offsets in its own file and commits nothing to the broker', () => {
    const trace = run({ topics: { T: 1 }, messageModel: 'BROADCASTING', consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }, [
      { type: 'produce', topic: 'T', queueId: 0 },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'rebalance', client: 'c2' },
      { type: 'pull', client: 'c1' },
      { type: 'pull', client: 'c2' },
      { type: 'pull', client: 'c1' },
      { type: 'shutdown', client: 'c1' },
    ]);
    const after = trace.steps[8]?.after;
    expect(after?.ledger['T/broker-a/0']?.[0]?.deliveredTo).toEqual(['c1', 'c2']);
    expect(after?.committed).toEqual({});
    expect(after?.clients['c1']?.localOffsets).toEqual({ 'T/broker-a/0': 1 });
  });

  it('answers produce errors for an unknown topic, broker or queue id', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'produce', topic: 'X', queueId: 0 },
      { type: 'produce', topic: 'T', broker: 'broker-z', queueId: 0 },
      { type: 'produce', topic: 'T', queueId: 5 },
    ]);
    expect(trace.steps.map((s) => (s.outcome.ok ? 'ok' : s.outcome.error))).toEqual(['MQClientException', 'MQClientException', 'SYSTEM_ERROR']);
  });

  it('moves every queue of one broker to disk on commitLogGrows, and answers MQClientException for an unknown broker', () => {
    const trace = run({ topics: { T: 1 }, brokers: ['broker-a', 'broker-b'] }, [
      { type: 'produce', topic: 'T', queueId: 0, count: 3 },
      { type: 'produce', topic: 'T', broker: 'broker-b', queueId: 0 },
      { type: 'commitLogGrows', broker: 'broker-a' },
      { type: 'produce', topic: 'T', queueId: 0 },
      { type: 'commitLogGrows', broker: 'broker-z' },
    ]);
    expect(trace.steps.map((s) => (s.outcome.ok ? 'ok' : s.outcome.error))).toEqual(['ok', 'ok', 'ok', 'ok', 'MQClientException']);
    const queues = trace.steps[3]?.after.queues;
    expect([queues?.['T/broker-a/0']?.inMemoryFrom, queues?.['T/broker-a/0']?.maxOffset, queues?.['T/broker-b/0']?.inMemoryFrom]).toEqual([3, 4, 0]);
  });

  it('lets a shut-down client subscribe and unsubscribe locally, without reaching the broker', () => {
    const trace = run({ topics: { T1: 1, T2: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T1: '*', T2: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T1: '*' } },
      { type: 'shutdown', client: 'c1' },
      { type: 'unsubscribe', client: 'c1', topic: 'T2' },
      { type: 'subscribe', client: 'c1', topic: 'T1', expression: 'TagA' },
    ]);
    const [, , stopped, unsubscribed, subscribed] = trace.steps;
    expect([unsubscribed?.outcome.ok, subscribed?.outcome.ok]).toEqual([true, true]);
    expect(Object.keys(subscribed?.after.clients['c1']?.subscriptions ?? {})).toEqual(['T1']);
    expect(subscribed?.after.clients['c1']?.subscriptions['T1']?.subString).toBe('TagA');
    expect(subscribed?.after.group).toEqual(stopped?.after.group);
  });

  it('takes a CONFIG-listed queue of an unsubscribed topic and drops it again in every rebalance, never holding it', () => {
    const trace = run({ topics: { T1: 1, T2: 1 }, strategy: { name: 'CONFIG', messageQueueList: [q('T1', 0), q('T2', 0)] } }, [
      { type: 'produce', topic: 'T2', queueId: 0 },
      { type: 'commitLogGrows' },
      { type: 'start', client: 'c1', subscriptions: { T1: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'rebalance', client: 'c1' },
    ]);
    const last = trace.steps[4]?.after;
    expect(Object.keys(last?.clients['c1']?.processQueues ?? {})).toEqual(['T1/broker-a/0']);
    expect([last?.clients['c1']?.subscriptions['T1']?.subVersion, last?.clients['c1']?.heartbeatAt]).toEqual([5, 5]);
    // Taken from LAST_OFFSET past T2's message and dropped at once: nobody pulled past it, so the ledger says nothing.
    expect(last?.ledger['T2/broker-a/0']?.[0]?.passedBy).toEqual([]);
  });

  it('documents every command with an example that validates', () => {
    for (const doc of rocketmqGroup.commands) expect(rocketmqGroup.commandSchema.safeParse(doc.example).success).toBe(true);
    expect(rocketmqGroup.setupSchema.safeParse(rocketmqGroup.exampleSetup).success).toBe(true);
  });
});

describe('the hand-written rocketmq.group scenarios', () => {
  const files = loadScenarioFiles(join(import.meta.dirname, '../../../../scenarios/rocketmq.group'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`replay as expected: ${file.path.split('/').pop() ?? file.path}`, () => {
      if (isRejected(file)) throw new Error(file.reason);
      const { scenario } = file;
      const trace = runTrace(rocketmqGroup, scenario.setup as never, scenario.commands as RocketmqGroupCommand[]);
      for (const [index, expected] of (scenario.expect?.outcomes ?? []).entries()) {
        if (expected != null) expect(partialMatch(trace.steps[index]?.outcome, expected, `outcomes[${index}]`)).toBeUndefined();
      }
      const final = trace.steps[trace.steps.length - 1]?.after ?? trace.initial;
      if (scenario.expect?.final !== undefined) expect(partialMatch(final, scenario.expect.final, 'final')).toBeUndefined();
    });
  }
});

describe('names from scenarios', () => {
  it('keeps topics and clients called "constructor" or "__proto__" as plain names', () => {
    const trace = run({ topics: { constructor: 1, __proto__: 1 } }, [
      { type: 'start', client: '__proto__', subscriptions: { constructor: 'TagA' } },
      { type: 'rebalance', client: '__proto__' },
      { type: 'produce', topic: 'constructor', queueId: 0, tags: 'TagA' },
      { type: 'pull', client: '__proto__' },
      { type: 'subscribe', client: '__proto__', topic: '__proto__', expression: '*' },
    ]);
    expect(trace.steps.map((s) => s.outcome.ok)).toEqual([true, true, true, true, true]);
    expect(trace.steps[3]?.outcome).toMatchObject({ value: { status: 'FOUND', messages: [{ queueOffset: 0, tags: 'TagA' }] } });
    expect(Object.keys(trace.steps[4]?.after.group?.subscriptions ?? {})).toEqual(['constructor', '__proto__']);
  });
});
