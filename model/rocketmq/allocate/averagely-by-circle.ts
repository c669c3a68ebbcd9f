/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle` (apache/rocketmq
 * rocketmq-all-4.9.8), strategy name `AVG_BY_CIRCLE`: round-robin, queue k goes to consumer `k % c`.
 */
import type { MessageQueue } from '../message-queue.js';
import { allocated, type AllocateResult, type AllocateStrategy } from './allocate-strategy.js';
import { checkAllocateArguments } from './check-arguments.js';

/**
 * AVG_BY_CIRCLE allocation: the queues at positions `k` with `k % c == i`, where `i = cidAll.indexOf(currentCID)`
 * (first occurrence, so a duplicated id takes the first slot's queues and the duplicate's slot is unowned).
 */
export function allocateAveragelyByCircle(
  group: string,
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  void group; // Java only uses the group for logging.
  const rejected = checkAllocateArguments(currentCID, mqAll, cidAll);
  if (rejected !== null) return rejected;

  const c = cidAll.length;
  const index = cidAll.indexOf(currentCID);
  const queues: MessageQueue[] = [];
  for (let k = index; k < mqAll.length; k += c) {
    const mq = mqAll[k];
    if (mq !== undefined) queues.push(mq);
  }
  return allocated(queues);
}

/** The `AVG_BY_CIRCLE` strategy (`new AllocateMessageQueueAveragelyByCircle()`). */
export function averagelyByCircleStrategy(): AllocateStrategy {
  return { name: 'AVG_BY_CIRCLE', allocate: allocateAveragelyByCircle };
}
