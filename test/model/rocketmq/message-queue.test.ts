import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import {
  compareMessageQueues,
  messageQueueEquals,
  messageQueueKey,
  messageQueueSchema,
  messageQueueToString,
  type MessageQueue,
} from '../../../model/rocketmq/message-queue.js';

const mq = (topic: string, brokerName: string, queueId: number): MessageQueue => ({ topic, brokerName, queueId });
const queueArb = fc.record({
  topic: fc.constantFrom('t', 'T', 'topic', 'topic2', ''),
  brokerName: fc.constantFrom('broker-a', 'broker-b', 'a@b', ''),
  queueId: fc.integer({ min: 0, max: 64 }),
});

describe('messageQueueToString', () => {
  it('formats like Java MessageQueue.toString', () => {
    expect(messageQueueToString(mq('topic_test', 'brokerName', 0))).toBe(
      'MessageQueue [topic=topic_test, brokerName=brokerName, queueId=0]',
    );
  });
});

describe('compareMessageQueues', () => {
  it('orders by topic, then broker name, then queue id (Java compareTo)', () => {
    const sorted = [mq('b', 'a', 0), mq('a', 'b', 0), mq('a', 'a', 10), mq('a', 'a', 2), mq('B', 'z', 0)].sort(
      compareMessageQueues,
    );
    expect(sorted).toEqual([mq('B', 'z', 0), mq('a', 'a', 2), mq('a', 'a', 10), mq('a', 'b', 0), mq('b', 'a', 0)]);
  });

  it('wraps the queue-id difference to a Java int, as `queueId - o.queueId` does', () => {
    expect(compareMessageQueues(mq('t', 'b', -(2 ** 31)), mq('t', 'b', 1))).toBe(2 ** 31 - 1);
  });

  test.prop([queueArb, queueArb])('is antisymmetric and zero exactly on equal queues', (a, b) => {
    const ab = compareMessageQueues(a, b);
    expect(Math.sign(compareMessageQueues(b, a))).toBe(ab === 0 ? 0 : -Math.sign(ab));
    expect(ab === 0).toBe(messageQueueEquals(a, b));
  });
});

describe('messageQueueEquals', () => {
  it('is Java MessageQueue.equals: the same topic, brokerName and queueId, each of them counting', () => {
    const a = mq('T', 'broker-a', 1);
    expect(messageQueueEquals(a, mq('T', 'broker-a', 1))).toBe(true);
    expect(messageQueueEquals(a, mq('U', 'broker-a', 1))).toBe(false);
    expect(messageQueueEquals(a, mq('T', 'broker-b', 1))).toBe(false);
    expect(messageQueueEquals(a, mq('T', 'broker-a', 2))).toBe(false);
  });
});

describe('messageQueueKey', () => {
  it('distinguishes queues whose toString collides', () => {
    const a = mq('t, brokerName=x', 'y', 1);
    const b = mq('t', 'x, brokerName=y', 1);
    expect(messageQueueToString(a)).toBe(messageQueueToString(b));
    expect(messageQueueKey(a)).not.toBe(messageQueueKey(b));
  });

  test.prop([queueArb, queueArb])('is equal exactly when the queues are equal', (a, b) => {
    expect(messageQueueKey(a) === messageQueueKey(b)).toBe(messageQueueEquals(a, b));
  });
});

describe('messageQueueSchema', () => {
  it('accepts a queue and rejects a fractional queue id', () => {
    expect(messageQueueSchema.safeParse(mq('t', 'b', 3)).success).toBe(true);
    expect(messageQueueSchema.safeParse(mq('t', 'b', 1.5)).success).toBe(false);
  });
});
