import { describe, expect, it } from 'vitest';
import { vectorOf } from '../../../../model/persistent-vector.js';
import { storedMessage, type ConsumeQueue } from '../../../../model/rocketmq/group/consume-queue.js';
import { queryConsumerOffset } from '../../../../model/rocketmq/group/consumer-manage-processor.js';

const queue = (messages: number, inMemoryFrom: number): ConsumeQueue => ({
  mq: { topic: 'T', brokerName: 'broker-a', queueId: 0 },
  runs: vectorOf(Array.from({ length: messages }, (_, i) => ({ from: i, count: 1, message: storedMessage(null, i + 1) }))),
  inMemoryFrom,
});

describe('queryConsumerOffset', () => {
  it('answers the committed offset when the group has one, wherever the head is', () => {
    expect(queryConsumerOffset(3, queue(5, 5))).toBe(3);
    expect(queryConsumerOffset(0, queue(5, 0))).toBe(0);
    // A committed 0 is an offset like any other (`offset >= 0`), not QUERY_NOT_FOUND, even with the head on disk.
    expect(queryConsumerOffset(0, queue(5, 5))).toBe(0);
  });

  it('answers 0 for a new group on a young queue: empty, or its first message still in memory', () => {
    expect(queryConsumerOffset(undefined, queue(0, 0))).toBe(0);
    expect(queryConsumerOffset(undefined, queue(4, 0))).toBe(0);
    // The commit log grew while the queue was empty: its first message, stored later, is in memory.
    expect(queryConsumerOffset(undefined, queue(1, 0))).toBe(0);
  });

  it('answers QUERY_NOT_FOUND (null) once the head is on disk', () => {
    expect(queryConsumerOffset(undefined, queue(4, 1))).toBeNull();
    expect(queryConsumerOffset(undefined, queue(4, 4))).toBeNull();
  });
});
