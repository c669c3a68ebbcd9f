import { describe, expect, it } from 'vitest';
import { IllegalArgumentException } from '../../../../model/kafka/assignors/partition-assignor.js';
import { assignRoundRobin, roundRobinAssignor } from '../../../../model/kafka/assignors/round-robin-assignor.js';
import { tp } from '../../../../model/kafka/topic-partition.js';

// RoundRobinAssignorTest compares each member's list with assertEquals, so order is part of the contract here.

describe('RoundRobinAssignor', () => {
  it('is named roundrobin', () => {
    expect(roundRobinAssignor.name).toBe('roundrobin');
    expect(roundRobinAssignor.assign).toBe(assignRoundRobin);
  });

  it('scenario from RoundRobinAssignorTest: testOneConsumerNoTopic', () => {
    expect(assignRoundRobin({}, { consumer: [] })).toEqual({ consumer: [] });
  });

  it('scenario from RoundRobinAssignorTest: testOneConsumerNonexistentTopic', () => {
    expect(assignRoundRobin({}, { consumer: ['topic'] })).toEqual({ consumer: [] });
  });

  it('scenario from RoundRobinAssignorTest: testOneConsumerOneTopic', () => {
    expect(assignRoundRobin({ topic: 3 }, { consumer: ['topic'] })).toEqual({
      consumer: [tp('topic', 0), tp('topic', 1), tp('topic', 2)],
    });
  });

  it('scenario from RoundRobinAssignorTest: testOnlyAssignsPartitionsFromSubscribedTopics', () => {
    expect(assignRoundRobin({ topic: 3, other: 3 }, { consumer: ['topic'] })).toEqual({
      consumer: [tp('topic', 0), tp('topic', 1), tp('topic', 2)],
    });
  });

  it('scenario from RoundRobinAssignorTest: testOneConsumerMultipleTopics', () => {
    expect(assignRoundRobin({ topic1: 1, topic2: 2 }, { consumer: ['topic1', 'topic2'] })).toEqual({
      consumer: [tp('topic1', 0), tp('topic2', 0), tp('topic2', 1)],
    });
  });

  it('scenario from RoundRobinAssignorTest: testTwoConsumersOneTopicOnePartition', () => {
    expect(assignRoundRobin({ topic: 1 }, { consumer1: ['topic'], consumer2: ['topic'] })).toEqual({
      consumer1: [tp('topic', 0)],
      consumer2: [],
    });
  });

  it('scenario from RoundRobinAssignorTest: testTwoConsumersOneTopicTwoPartitions', () => {
    expect(assignRoundRobin({ topic: 2 }, { consumer1: ['topic'], consumer2: ['topic'] })).toEqual({
      consumer1: [tp('topic', 0)],
      consumer2: [tp('topic', 1)],
    });
  });

  it('scenario from RoundRobinAssignorTest: testMultipleConsumersMixedTopics', () => {
    const subscriptions = { consumer1: ['topic1'], consumer2: ['topic1', 'topic2'], consumer3: ['topic1'] };
    expect(assignRoundRobin({ topic1: 3, topic2: 2 }, subscriptions)).toEqual({
      consumer1: [tp('topic1', 0)],
      consumer2: [tp('topic1', 1), tp('topic2', 0), tp('topic2', 1)],
      consumer3: [tp('topic1', 2)],
    });
  });

  it('scenario from RoundRobinAssignorTest: testTwoConsumersTwoTopicsSixPartitions (trunk: testTwoDynamicConsumersTwoTopicsSixPartitions)', () => {
    const subscriptions = { consumer1: ['topic1', 'topic2'], consumer2: ['topic1', 'topic2'] };
    expect(assignRoundRobin({ topic1: 3, topic2: 3 }, subscriptions)).toEqual({
      consumer1: [tp('topic1', 0), tp('topic1', 2), tp('topic2', 1)],
      consumer2: [tp('topic1', 1), tp('topic2', 0), tp('topic2', 2)],
    });
  });

  it('scenario from the RoundRobinAssignor javadoc: identical subscriptions, C0 and C1 on t0 and t1 with 3 partitions each', () => {
    expect(assignRoundRobin({ t0: 3, t1: 3 }, { C0: ['t0', 't1'], C1: ['t0', 't1'] })).toEqual({
      C0: [tp('t0', 0), tp('t0', 2), tp('t1', 1)],
      C1: [tp('t0', 1), tp('t1', 0), tp('t1', 2)],
    });
  });

  it('scenario from the RoundRobinAssignor javadoc: C0{t0}, C1{t0,t1}, C2{t0,t1,t2} with t0:1, t1:2, t2:3', () => {
    const subscriptions = { C0: ['t0'], C1: ['t0', 't1'], C2: ['t0', 't1', 't2'] };
    expect(assignRoundRobin({ t0: 1, t1: 2, t2: 3 }, subscriptions)).toEqual({
      C0: [tp('t0', 0)],
      C1: [tp('t1', 0)],
      C2: [tp('t1', 1), tp('t2', 0), tp('t2', 1), tp('t2', 2)],
    });
  });

  it('starts the search for the next partition at the member after the last recipient, not after the last start', () => {
    // a-0 → A; a-1: B skipped → C; b-0: A skipped → B; b-1 → C. Had the cursor moved one step per partition
    // (ignoring the skips), b-0 would start at C and b-1 would go to B.
    const subscriptions = { A: ['a'], B: ['b'], C: ['a', 'b'] };
    expect(assignRoundRobin({ a: 2, b: 2 }, subscriptions)).toEqual({
      A: [tp('a', 0)],
      B: [tp('b', 0)],
      C: [tp('a', 1), tp('b', 1)],
    });
  });

  it('deals topics in Java String order: uppercase topics before lowercase ones', () => {
    expect(assignRoundRobin({ a: 1, B: 1 }, { c1: ['a', 'B'], c2: ['a', 'B'] })).toEqual({
      c1: [tp('B', 0)],
      c2: [tp('a', 0)],
    });
  });

  it('throws IllegalArgumentException for a group with no members, as Java\'s CircularIterator does', () => {
    expect(() => assignRoundRobin({}, {})).toThrow(IllegalArgumentException);
    expect(() => assignRoundRobin({}, {})).toThrow('CircularIterator can only be used on non-empty lists');
  });
});
