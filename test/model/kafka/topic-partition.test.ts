import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { compareTopicPartitions, topicPartitionHashCode, tp, tpKey } from '../../../model/kafka/topic-partition.js';

describe('TopicPartition', () => {
  it('keys a partition as "topic-partition", like Java toString()', () => {
    expect(tpKey(tp('orders', 3))).toBe('orders-3');
    expect(tpKey(tp('a-1', 0))).toBe('a-1-0');
  });

  it('orders topics by UTF-16 code units like Java String.compareTo, not by locale or code point', () => {
    // 'B' (0x42) < 'a' (0x61) in Java; localeCompare would put 'a' first.
    expect(compareTopicPartitions(tp('B', 0), tp('a', 0))).toBeLessThan(0);
    // U+1F600 is the surrogate pair D83D DE00, which sorts before U+FF5E in Java although its code point is larger.
    expect(compareTopicPartitions(tp('\u{1F600}', 0), tp('\uFF5E', 0))).toBeLessThan(0);
    // A proper prefix sorts first.
    expect(compareTopicPartitions(tp('topic', 9), tp('topic1', 0))).toBeLessThan(0);
  });

  it('orders partitions of one topic numerically, not as strings', () => {
    expect(compareTopicPartitions(tp('t', 2), tp('t', 10))).toBeLessThan(0);
    expect(compareTopicPartitions(tp('t', 10), tp('t', 10))).toBe(0);
  });

  it('hashes like Java TopicPartition.hashCode(), 31 * (31 + partition) + topic.hashCode() in int arithmetic', () => {
    // Values printed by a JDK 17 program computing the 1.0.0 formula with Java ints.
    const fromJdk: [string, number, number][] = [
      ['t', 0, 1077],
      ['t', 3, 1170],
      ['t', 2147483000, 2147464637],
      ['orders', 0, -1008769370],
      ['orders', 3, -1008769277],
      ['orders', 2147483000, 1138694190],
      ['payments-eu', 0, -1539522799],
      ['a-very-long-topic-name-for-overflow', 2147483000, 598603565],
    ];
    for (const [topic, partition, hash] of fromJdk) expect(topicPartitionHashCode(tp(topic, partition))).toBe(hash);
  });

  const partitionArb = fc.record({ topic: fc.string({ maxLength: 4 }), partition: fc.nat({ max: 20 }) });

  test.prop([partitionArb, partitionArb])('gives equal keys exactly to equal partitions (partition >= 0)', (a, b) => {
    const same = a.topic === b.topic && a.partition === b.partition;
    expect(tpKey(a) === tpKey(b)).toBe(same);
    expect(compareTopicPartitions(a, b) === 0).toBe(same);
  });

  test.prop([partitionArb, partitionArb])('is antisymmetric', (a, b) => {
    expect(Math.sign(compareTopicPartitions(a, b))).toBe(-Math.sign(compareTopicPartitions(b, a)));
  });
});
