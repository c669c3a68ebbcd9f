import { describe, expect, it } from 'vitest';
import { CLUSTER_QUEUES_MAX, QUEUES_PER_BROKER_MAX } from '../../../../model/rocketmq/limits.js';
import { rocketmqGroupSetupSchema } from '../../../../model/rocketmq/group/setup.js';

describe('rocketmq.group setup: the cluster-size bound (mqspec limit, not a RocketMQ one)', () => {
  const brokers = ['b0', 'b1', 'b2', 'b3'];
  it(`counts every topic's queues on every broker and accepts exactly ${CLUSTER_QUEUES_MAX}`, () => {
    expect(QUEUES_PER_BROKER_MAX * brokers.length).toBe(CLUSTER_QUEUES_MAX);
    expect(rocketmqGroupSetupSchema.safeParse({ brokers, topics: { T: QUEUES_PER_BROKER_MAX } }).success).toBe(true);
    const over = rocketmqGroupSetupSchema.safeParse({ brokers, topics: { T: QUEUES_PER_BROKER_MAX, U: 1 } });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.path.join('.'))).toEqual(['topics']);
    // 2 topics × 2048 queues would pass if brokers divided instead of multiplied.
    expect(rocketmqGroupSetupSchema.safeParse({ brokers, topics: { T: QUEUES_PER_BROKER_MAX, U: QUEUES_PER_BROKER_MAX } }).success).toBe(false);
  });
});
