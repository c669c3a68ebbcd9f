/**
 * The environment's `commitLogGrows`: the broker's commit log — shared by every topic it serves — grows by more than
 * `accessMessageInMemoryMaxRatio` (40 %) of the machine's memory, e.g. through other topics' traffic. The store
 * reads a message from disk once it lies that far behind the commit log's end (`DefaultMessageStore
 * .checkInDiskByCommitOffset`, apache/rocketmq rocketmq-all-4.9.8), so every message the broker has stored so far
 * is now on disk, in every queue; later messages are in memory until the next growth.
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { maxOffset, type ConsumeQueue } from './consume-queue.js';
import type { QueueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';

/** Moves the in-memory boundary of every queue on `broker` (default: the first broker) to its max offset. */
export function commitLogGrows(state: RocketmqGroupState, broker: string | undefined): StepResult<RocketmqGroupState> {
  const brokerName = broker ?? state.setup.brokers[0] ?? '';
  if (!state.setup.brokers.includes(brokerName)) return { state, outcome: fail('MQClientException', `The broker[${brokerName}] not exist`) };
  const queues: Record<QueueKey, ConsumeQueue> = { ...state.queues };
  for (const [key, queue] of Object.entries(state.queues)) {
    if (queue.mq.brokerName === brokerName) queues[key] = { ...queue, inMemoryFrom: maxOffset(queue) };
  }
  return { state: { ...state, queues }, outcome: ok() };
}
