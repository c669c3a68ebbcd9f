/** `PullMessageProcessor.processRequest`'s subscription checks (apache/rocketmq rocketmq-all-4.9.8) as rocketmq.group answers them. */
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse(raw), commands);
const failure = (message: string, error = 'MQClientException') => ({ ok: false, error, message });

describe('PullMessageProcessor: the group has no entry for the topic', () => {
  it('answers SUBSCRIPTION_NOT_EXIST once another client\'s heartbeat replaced the group\'s topics', () => {
    const trace = run({ topics: { T: 1, U: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'start', client: 'c2', subscriptions: { U: '*' } },
      { type: 'pull', client: 'c1' },
    ]);
    expect(Object.keys(trace.steps[2]?.after.group?.subscriptions ?? {})).toEqual(['U']);
    expect(trace.steps[3]?.outcome).toEqual(failure("the consumer's subscription not exist", 'SUBSCRIPTION_NOT_EXIST'));
  });
});
