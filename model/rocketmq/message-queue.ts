/**
 * Mirrors `org.apache.rocketmq.common.message.MessageQueue` (apache/rocketmq rocketmq-all-4.9.8): a queue is
 * identified by (topic, brokerName, queueId); ordering, `toString` and equality follow the Java class.
 */
import { z } from 'zod';
import { javaStringCompare } from '../java/java-string.js';
import { NAME_MAX_LENGTH, TOPIC_MAX_LENGTH, boundedString } from './limits.js';

/** One message queue of a topic on one broker. */
export interface MessageQueue {
  readonly topic: string;
  readonly brokerName: string;
  readonly queueId: number;
}

/**
 * Java `MessageQueue.compareTo`: topic, then brokerName (Java `String.compareTo`), then `queueId - o.queueId`.
 * The last step is Java int subtraction, wrapped to 32 bits as Java does (only matters for queueIds ≥ 2^30 apart,
 * which real brokers never produce).
 */
export function compareMessageQueues(a: MessageQueue, b: MessageQueue): number {
  const byTopic = javaStringCompare(a.topic, b.topic);
  if (byTopic !== 0) return byTopic;
  const byBroker = javaStringCompare(a.brokerName, b.brokerName);
  if (byBroker !== 0) return byBroker;
  return (a.queueId - b.queueId) | 0;
}

/** Java `MessageQueue.toString()`: `MessageQueue [topic=T, brokerName=B, queueId=N]` (the consistent-hash key). */
export function messageQueueToString(mq: MessageQueue): string {
  return `MessageQueue [topic=${mq.topic}, brokerName=${mq.brokerName}, queueId=${mq.queueId}]`;
}

/**
 * A collision-free string key for maps and sets (`toString` is ambiguous when a topic contains `", brokerName="`).
 * Two queues have the same key iff Java `equals` holds.
 */
export function messageQueueKey(mq: MessageQueue): string {
  return JSON.stringify([mq.topic, mq.brokerName, mq.queueId]);
}

/** Java `MessageQueue.equals`: same topic, brokerName and queueId. */
export function messageQueueEquals(a: MessageQueue, b: MessageQueue): boolean {
  return a.topic === b.topic && a.brokerName === b.brokerName && a.queueId === b.queueId;
}

/** Validates a `MessageQueue` given as JSON (queueId: a Java int). */
export const messageQueueSchema = z.object({
  topic: boundedString(TOPIC_MAX_LENGTH, 'a topic name'),
  brokerName: boundedString(NAME_MAX_LENGTH, 'a broker name'),
  queueId: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
});
