/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByConfig` (apache/rocketmq
 * rocketmq-all-4.9.8), strategy name `CONFIG`: every consumer takes the configured list.
 */
import type { MessageQueue } from '../message-queue.js';
import { allocated, type AllocateResult, type AllocateStrategy } from './allocate-strategy.js';

/**
 * CONFIG allocation: returns `messageQueueList` whatever the arguments. Java runs none of the shared checks here,
 * so an empty currentCID, empty mqAll/cidAll or a currentCID outside cidAll still get the list, and queues not in
 * mqAll are returned too.
 */
export function allocateByConfig(
  messageQueueList: readonly MessageQueue[],
  group: string,
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  void group;
  void currentCID;
  void mqAll;
  void cidAll;
  return allocated(messageQueueList);
}

/**
 * The `CONFIG` strategy with `setMessageQueueList(messageQueueList)`. Java's default list is `null`, which
 * RebalanceImpl treats as no queues; the model's default is `[]`.
 */
export function byConfigStrategy(messageQueueList: readonly MessageQueue[] = []): AllocateStrategy {
  return {
    name: 'CONFIG',
    allocate: (group, currentCID, mqAll, cidAll) => allocateByConfig(messageQueueList, group, currentCID, mqAll, cidAll),
  };
}
