/** Send errors (`DefaultMQProducerImpl` route / broker lookup, `SendMessageProcessor` queue id check, apache/rocketmq rocketmq-all-4.9.8) as rocketmq.group answers them. */
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse(raw), commands);
const failure = (message: string, error = 'MQClientException') => ({ ok: false, error, message });

describe('produce errors', () => {
  it('names the unknown topic, broker or queue id', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'produce', topic: 'X', queueId: 0 },
      { type: 'produce', topic: 'T', broker: 'broker-z', queueId: 0 },
      { type: 'produce', topic: 'T', queueId: 5 },
    ]);
    expect(trace.steps.map((s) => s.outcome)).toEqual([
      failure('No route info of this topic: X'),
      failure('The broker[broker-z] not exist'),
      failure('request queueId[5] is illegal, topic: T on broker-a', 'SYSTEM_ERROR'),
    ]);
  });
});
