import { describe, expect, it } from 'vitest';
import { hasConverged } from '../../../../model/rocketmq/group/convergence.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

describe('unsubscribe (DefaultMQPushConsumerImpl.unsubscribe)', () => {
  it('of a topic the client does not subscribe changes nothing: its subscription change time stays, the group stays converged', () => {
    const trace = runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse({ topics: { T: 2, U: 1 } }), [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'unsubscribe', client: 'c1', topic: 'U' },
    ]);
    const [, rebalanced, unsubscribed] = trace.steps;
    expect(unsubscribed?.outcome).toEqual({ ok: true });
    expect(unsubscribed?.after.clients['c1']).toEqual(rebalanced?.after.clients['c1']);
    expect(unsubscribed && hasConverged(unsubscribed.after)).toBe(true);
  });
});
