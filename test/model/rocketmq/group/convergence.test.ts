import { describe, expect, it } from 'vitest';
import type { ClientState } from '../../../../model/rocketmq/group/client-state.js';
import { hasConverged, unsettledReason } from '../../../../model/rocketmq/group/convergence.js';
import type { RocketmqGroupObservation } from '../../../../model/rocketmq/group/observation.js';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

const converged = (commands: RocketmqGroupCommand[]) =>
  runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse({ topics: { T: 2 } }), commands).steps.map((s) => hasConverged(s.after));

describe('hasConverged', () => {
  it('holds once every running client has rebalanced since the last notification', () => {
    expect(
      converged([
        { type: 'start', client: 'c1', subscriptions: { T: '*' } },
        { type: 'rebalance', client: 'c1' },
        { type: 'start', client: 'c2', subscriptions: { T: '*' } },
        { type: 'rebalance', client: 'c2' },
        { type: 'rebalance', client: 'c1' },
        { type: 'shutdown', client: 'c2' },
        { type: 'rebalance', client: 'c1' },
      ]),
    ).toEqual([false, true, false, false, true, false, true]);
  });

  it('fails after an unsubscribe until the client heartbeats and rebalances', () => {
    expect(
      converged([
        { type: 'start', client: 'c1', subscriptions: { T: '*', U: '*' } },
        { type: 'rebalance', client: 'c1' },
        { type: 'unsubscribe', client: 'c1', topic: 'U' },
        { type: 'heartbeat', client: 'c1' },
        { type: 'rebalance', client: 'c1' },
      ]),
    ).toEqual([false, true, false, false, true]);
  });
});

// Convergence is mqspec's own notion (RocketMQ clients heartbeat and rebalance on their own timers); these cases pin
// its two conditions on hand-built observations, including the boundaries a 20-run property rarely draws.
describe('unsettledReason', () => {
  const sub = (subVersion: number) => ({ subString: '*', tagsSet: [], codeSet: [], subVersion });
  const client = (over: Partial<ClientState>): ClientState => ({
    serviceState: 'RUNNING',
    subscriptions: { T: sub(1) },
    processQueues: {},
    localOffsets: {},
    heartbeatAt: 1,
    rebalancedAt: 1,
    subscriptionChangedAt: 1,
    ...over,
  });
  const observation = (notifiedAt: number | null, c: ClientState): RocketmqGroupObservation => ({
    now: 10,
    queues: {},
    group: notifiedAt === null ? null : { subscriptions: {}, cidAll: ['c1'], notifiedAt, membershipChangedAt: notifiedAt },
    committed: {},
    clients: { c1: c },
    ledger: {},
  });

  it('wants a heartbeat since the last subscription change', () => {
    const c = client({ subscriptionChangedAt: 5, heartbeatAt: 3, rebalancedAt: 6 });
    expect(unsettledReason(observation(0, c), c)).toBe('has not heartbeated since its subscription changed at 5');
    expect(hasConverged(observation(0, c))).toBe(false);
  });

  it('wants a heartbeat since the latest subVersion of its own subscriptions (a rebalance bumps it)', () => {
    const c = client({ subscriptions: { T: sub(2), U: sub(7), V: sub(4) }, subscriptionChangedAt: 2, heartbeatAt: 6, rebalancedAt: 8 });
    expect(unsettledReason(observation(0, c), c)).toBe('has not heartbeated since its subscription changed at 7');
    const beaten = { ...c, heartbeatAt: 7 };
    expect(unsettledReason(observation(0, beaten), beaten)).toBeUndefined();
  });

  it('wants a rebalance at or after the last notification, and takes none when no client is registered', () => {
    const c = client({ heartbeatAt: 4, rebalancedAt: 4 });
    expect(unsettledReason(observation(4, c), c)).toBeUndefined();
    expect(unsettledReason(observation(5, c), c)).toBe('has not rebalanced since 5');
    expect(unsettledReason(observation(null, c), c)).toBeUndefined();
  });
});
