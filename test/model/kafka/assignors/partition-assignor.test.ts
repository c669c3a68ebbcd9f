import { describe, expect, it } from 'vitest';
import {
  IllegalArgumentException,
  partitionsOf,
  sortedMemberIds,
  subscribedPartitionCounts,
  subscribedTopics,
} from '../../../../model/kafka/assignors/partition-assignor.js';
import { tp } from '../../../../model/kafka/topic-partition.js';

describe('AbstractPartitionAssignor behaviour', () => {
  it('subscribes the group to the union of its members\' topics, each once, in Java String order', () => {
    expect(subscribedTopics({ c2: ['b', 'a'], c1: ['a', 'B', 'a'], c3: [] })).toEqual(['B', 'a', 'b']);
  });

  it('orders member ids by Java String.compareTo, not by the record\'s key order', () => {
    // Integer-like keys are enumerated numerically by JS ('9' before '10'); Java puts '10' first.
    expect(sortedMemberIds({ '9': [], '10': [], b: [], A: [] })).toEqual(['10', '9', 'A', 'b']);
  });

  it('skips subscribed topics missing from metadata or with no partitions, and ignores unsubscribed ones', () => {
    const counts = subscribedPartitionCounts(
      { present: 2, empty: 0, negative: -1, unsubscribed: 5 },
      { c: ['present', 'missing', 'empty', 'negative'] },
    );
    expect([...counts]).toEqual([['present', 2]]);
  });

  it('does not take Object.prototype members for metadata of topics named toString or constructor', () => {
    const counts = subscribedPartitionCounts({ t: 1 }, {
      c: ['toString', 'constructor', 'hasOwnProperty'],
    });
    expect(counts.size).toBe(0);
  });

  it('reads an own __proto__ topic like any other topic', () => {
    const metadata: Record<string, number> = JSON.parse('{"__proto__": 2}');
    expect([...subscribedPartitionCounts(metadata, { c: ['__proto__'] })]).toEqual([['__proto__', 2]]);
  });

  it('rejects a partition count that is not an integer with IllegalArgumentException', () => {
    expect(() => subscribedPartitionCounts({ t: 1.5 }, { c: ['t'] })).toThrow(IllegalArgumentException);
    expect(() => subscribedPartitionCounts({ t: Number.NaN }, { c: ['t'] })).toThrow(/Invalid partition count/);
  });

  it('names its error IllegalArgumentException, the name a failed rebalance reports', () => {
    // kafka.group's coordinator answers an assignor's throw with the error's name (runAssignor).
    expect(() => subscribedPartitionCounts({ t: 0.5 }, { c: ['t'] })).toThrow(
      expect.objectContaining({ name: 'IllegalArgumentException' }),
    );
  });

  it('lists a topic\'s partitions 0..n-1 in ascending order', () => {
    expect(partitionsOf('t', 3)).toEqual([tp('t', 0), tp('t', 1), tp('t', 2)]);
    expect(partitionsOf('t', 0)).toEqual([]);
  });
});
