/**
 * Unit tests of `model/kafka/consumer/setup.ts`, written for the checks the mutation run found unguarded: the limit on
 * the partitions of all topics together (mqspec's limit, `maxPartitionsInCluster`; Kafka sets none).
 */
import { describe, expect, it } from 'vitest';
import { maxPartitionsInCluster, maxPartitionsPerTopic, topicPartitionCountsSchema } from '../../../../model/kafka/consumer/setup.js';

/** `topics` topics of `maxPartitionsPerTopic` partitions, plus one topic of `extra` partitions when extra > 0. */
function counts(topics: number, extra: number): Record<string, number> {
  const record: Record<string, number> = {};
  for (let i = 0; i < topics; i++) record[`t${i}`] = maxPartitionsPerTopic;
  if (extra > 0) record.extra = extra;
  return record;
}

describe('topicPartitionCountsSchema (the cluster-wide partition limit)', () => {
  const full = maxPartitionsInCluster / maxPartitionsPerTopic;

  it('takes exactly maxPartitionsInCluster partitions in all', () => {
    expect(topicPartitionCountsSchema.safeParse(counts(full, 0)).success).toBe(true);
  });

  it('refuses one partition more, naming the limit', () => {
    const parsed = topicPartitionCountsSchema.safeParse(counts(full, 1));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("the topics may have at most 100,000 partitions together (mqspec's limit)");
  });
});
