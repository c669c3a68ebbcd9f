/**
 * `RebalanceImpl.rebalanceByTopic` / `updateProcessQueueTableInRebalance` and `RebalancePushImpl.messageQueueChanged`
 * (apache/rocketmq rocketmq-all-4.9.8) as the rocketmq.group model runs them.
 */
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse(raw), commands);

describe('updateProcessQueueTableInRebalance', () => {
  it('drops only queues of the topic being rebalanced: a client of two topics holds both shares', () => {
    const trace = run({ topics: { A: 1, B: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { A: '*', B: '*' } },
      { type: 'rebalance', client: 'c1' },
    ]);
    expect(Object.keys(trace.steps[1]?.after.clients['c1']?.processQueues ?? {}).sort()).toEqual(['A/broker-a/0', 'B/broker-a/0']);
  });

  it('counts a share that only shrank as a change: subVersion bumped and a heartbeat sent (messageQueueChanged)', () => {
    const trace = run({ topics: { T: 2 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' }, // c1 takes both queues
      { type: 'start', client: 'c2', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' }, // c1 drops queue 1, takes nothing
    ]);
    expect(Object.keys(trace.steps[3]?.after.clients['c1']?.processQueues ?? {})).toEqual(['T/broker-a/0']);
    expect(trace.steps[3]?.after.clients['c1']).toMatchObject({ heartbeatAt: 4, rebalancedAt: 4, subscriptions: { T: { subVersion: 4 } } });
  });
});

describe('rebalanceByTopic when the strategy throws IllegalArgumentException', () => {
  it('skips the topic (Java logs the exception and keeps the old queues): nothing taken, no heartbeat', () => {
    // The resolver knows no machine room for c1, so AllocateMachineRoomNearby throws.
    const strategy = { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { kind: 'table', brokerRooms: { 'broker-a': 'IDC1' }, consumerRooms: {} } };
    const trace = run({ topics: { T: 1 }, strategy }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
    ]);
    expect(trace.steps[1]?.outcome).toEqual({ ok: true });
    expect(trace.steps[1]?.after.clients['c1']).toMatchObject({ processQueues: {}, heartbeatAt: 1, rebalancedAt: 2, subscriptions: { T: { subVersion: 1 } } });
  });
});
