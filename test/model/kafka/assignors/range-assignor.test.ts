import { describe, expect, it } from 'vitest';
import { assignRange, rangeAssignor } from '../../../../model/kafka/assignors/range-assignor.js';
import { tp } from '../../../../model/kafka/topic-partition.js';

// RangeAssignorTest compares each member's partitions as a set ("order doesn't matter for assignment"); we compare
// lists, in the model's documented order: topics in Java String order, each topic's range ascending.

describe('RangeAssignor', () => {
  it('is named range', () => {
    expect(rangeAssignor.name).toBe('range');
    expect(rangeAssignor.assign).toBe(assignRange);
  });

  it('scenario from RangeAssignorTest: testOneConsumerNoTopic', () => {
    expect(assignRange({}, { consumer: [] })).toEqual({ consumer: [] });
  });

  it('scenario from RangeAssignorTest: testOneConsumerNonexistentTopic', () => {
    expect(assignRange({}, { consumer: ['topic'] })).toEqual({ consumer: [] });
  });

  it('scenario from RangeAssignorTest: testOneConsumerOneTopic', () => {
    expect(assignRange({ topic: 3 }, { consumer: ['topic'] })).toEqual({
      consumer: [tp('topic', 0), tp('topic', 1), tp('topic', 2)],
    });
  });

  it('scenario from RangeAssignorTest: testOnlyAssignsPartitionsFromSubscribedTopics', () => {
    expect(assignRange({ topic: 3, other: 3 }, { consumer: ['topic'] })).toEqual({
      consumer: [tp('topic', 0), tp('topic', 1), tp('topic', 2)],
    });
  });

  it('scenario from RangeAssignorTest: testOneConsumerMultipleTopics', () => {
    expect(assignRange({ topic1: 1, topic2: 2 }, { consumer: ['topic1', 'topic2'] })).toEqual({
      consumer: [tp('topic1', 0), tp('topic2', 0), tp('topic2', 1)],
    });
  });

  it('scenario from RangeAssignorTest: testTwoConsumersOneTopicOnePartition', () => {
    expect(assignRange({ topic: 1 }, { consumer1: ['topic'], consumer2: ['topic'] })).toEqual({
      consumer1: [tp('topic', 0)],
      consumer2: [],
    });
  });

  it('scenario from RangeAssignorTest: testTwoConsumersOneTopicTwoPartitions', () => {
    expect(assignRange({ topic: 2 }, { consumer1: ['topic'], consumer2: ['topic'] })).toEqual({
      consumer1: [tp('topic', 0)],
      consumer2: [tp('topic', 1)],
    });
  });

  it('scenario from RangeAssignorTest: testMultipleConsumersMixedTopics', () => {
    const subscriptions = { consumer1: ['topic1'], consumer2: ['topic1', 'topic2'], consumer3: ['topic1'] };
    expect(assignRange({ topic1: 3, topic2: 2 }, subscriptions)).toEqual({
      consumer1: [tp('topic1', 0)],
      consumer2: [tp('topic1', 1), tp('topic2', 0), tp('topic2', 1)],
      consumer3: [tp('topic1', 2)],
    });
  });

  it('scenario from RangeAssignorTest: testTwoConsumersTwoTopicsSixPartitions', () => {
    const subscriptions = { consumer1: ['topic1', 'topic2'], consumer2: ['topic1', 'topic2'] };
    expect(assignRange({ topic1: 3, topic2: 3 }, subscriptions)).toEqual({
      consumer1: [tp('topic1', 0), tp('topic1', 1), tp('topic2', 0), tp('topic2', 1)],
      consumer2: [tp('topic1', 2), tp('topic2', 2)],
    });
  });

  it('scenario from the RangeAssignor javadoc: C0 and C1 on t0 and t1 with 3 partitions each', () => {
    expect(assignRange({ t0: 3, t1: 3 }, { C0: ['t0', 't1'], C1: ['t0', 't1'] })).toEqual({
      C0: [tp('t0', 0), tp('t0', 1), tp('t1', 0), tp('t1', 1)],
      C1: [tp('t0', 2), tp('t1', 2)],
    });
  });

  it('gives the extra partitions to the members that sort first, as contiguous ranges', () => {
    const subscriptions = { c: ['t'], a: ['t'], b: ['t'] };
    expect(assignRange({ t: 8 }, subscriptions)).toEqual({
      a: [tp('t', 0), tp('t', 1), tp('t', 2)],
      b: [tp('t', 3), tp('t', 4), tp('t', 5)],
      c: [tp('t', 6), tp('t', 7)],
    });
  });

  it('ranks members by Java String order: uppercase before lowercase, "10" before "9"', () => {
    expect(assignRange({ t: 2 }, { b: ['t'], B: ['t'] })).toEqual({ B: [tp('t', 0)], b: [tp('t', 1)] });
    expect(assignRange({ t: 2 }, { '9': ['t'], '10': ['t'] })).toEqual({ '10': [tp('t', 0)], '9': [tp('t', 1)] });
  });

  it('counts a topic listed twice in one subscription once (trunk behaviour; 1.0.0 would rank the member twice)', () => {
    // In 1.0.0 the subscriber list would be [c1, c1, c2]: c1 takes both partitions and c2 none.
    expect(assignRange({ t: 2 }, { c1: ['t', 't'], c2: ['t'] })).toEqual({ c1: [tp('t', 0)], c2: [tp('t', 1)] });
  });

  it('skips a subscribed topic with 0 partitions and a topic named like an Object.prototype member', () => {
    expect(assignRange({ empty: 0 }, { c: ['empty', 'toString', 'constructor'] })).toEqual({ c: [] });
  });

  it('returns an empty assignment for a group with no members', () => {
    expect(assignRange({ t: 3 }, {})).toEqual({});
  });
});
