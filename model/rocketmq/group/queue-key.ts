/**
 * The model's name for a message queue in observations and maps: `topic/brokerName/queueId`, e.g.
 * `TopicTest/broker-a/0`. Topics cannot contain `/` (TopicValidator) and the setup keeps it out of broker names,
 * so the key is unambiguous and reads like the queue it names.
 */
import type { MessageQueue } from '../message-queue.js';

/** A queue's key, `topic/brokerName/queueId`. */
export type QueueKey = string;

/** The key of a queue. */
export function queueKey(mq: MessageQueue): QueueKey {
  return `${mq.topic}/${mq.brokerName}/${mq.queueId}`;
}
