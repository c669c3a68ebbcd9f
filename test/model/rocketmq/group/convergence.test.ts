import { describe, expect, it } from 'vitest';
import { hasConverged } from '../../../../model/rocketmq/group/convergence.js';
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
