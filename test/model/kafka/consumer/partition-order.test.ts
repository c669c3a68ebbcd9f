/**
 * Unit tests of `model/kafka/consumer/partition-order.ts`, written for the checks the mutation run found unguarded.
 * `TopicPartition.hashCode` is 31 * (31 + partition) + topic.hashCode(): "t" hashes to 116 and "u" to 117, so in a
 * 16-bucket `HashMap` t-3 lands in bucket 2, t-2 and u-3 in 3, t-1 and u-2 in 4, t-0 and u-1 in 5, u-0 in 6 (a bucket
 * keeps insertion order). 0.10.0's `SubscriptionState` iterates that map; 1.0's `PartitionStates` groups it by topic.
 */
import { describe, expect, it } from 'vitest';
import { coordinatorAssignmentOrder, userAssignmentOrder } from '../../../../model/kafka/consumer/partition-order.js';
import { tpKey, type TopicPartition } from '../../../../model/kafka/topic-partition.js';

const partitions: TopicPartition[] = ['t', 'u'].flatMap((topic) => [0, 1, 2, 3].map((partition) => ({ topic, partition })));
const keys = (ps: readonly TopicPartition[]): string[] => ps.map(tpKey);
const hashMapOrder = ['t-3', 't-2', 'u-3', 't-1', 'u-2', 't-0', 'u-1', 'u-0'];
const groupedByTopic = ['t-3', 't-2', 't-1', 't-0', 'u-3', 'u-2', 'u-1', 'u-0'];

describe('assign(partitions) order (KafkaConsumer.assign / SubscriptionState.assignFromUser)', () => {
  it('1.0 groups the partitions by topic (PartitionStates.update)', () => {
    expect(keys(userAssignmentOrder('kafka-1.0', [], partitions))).toEqual(groupedByTopic);
  });

  it('0.10.0 keeps the HashMap order, topics interleaved', () => {
    expect(keys(userAssignmentOrder('kafka-0.10.0', [], partitions))).toEqual(hashMapOrder);
  });
});

describe("the coordinator's assignment order (SubscriptionState.assignFromSubscribed)", () => {
  it('1.0 groups the partitions by topic', () => {
    expect(keys(coordinatorAssignmentOrder('kafka-1.0', partitions))).toEqual(groupedByTopic);
  });

  it('0.10.0 keeps the HashMap order, topics interleaved', () => {
    expect(keys(coordinatorAssignmentOrder('kafka-0.10.0', partitions))).toEqual(hashMapOrder);
  });
});
