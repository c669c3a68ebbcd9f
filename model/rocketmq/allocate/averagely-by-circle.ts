/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle` (apache/rocketmq
 * rocketmq-all-4.9.8), strategy name `AVG_BY_CIRCLE`: round-robin, queue k goes to consumer `k % c`.
 */
import type { MessageQueue } from '../message-queue.js';
import type { AllocateResult, AllocateStrategy } from './allocate-strategy.js';
import { allocateChecked } from './check-arguments.js';

/**
 * AVG_BY_CIRCLE allocation: the queues at positions `k` with `k % c == i`, where `i = cidAll.indexOf(currentCID)`
 * (first occurrence, so a duplicated id takes the first slot's queues and the duplicate's slot is unowned).
 */
export function allocateAveragelyByCircle(
  _group: string, // Java only uses the group for logging.
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  return allocateChecked(currentCID, mqAll, cidAll, (index) => {
    const queues: MessageQueue[] = [];
    for (let k = index; k < mqAll.length; k += cidAll.length) {
      const mq = mqAll[k];
      if (mq !== undefined) queues.push(mq);
    }
    return queues;
  });
}

/** The `AVG_BY_CIRCLE` strategy (`new AllocateMessageQueueAveragelyByCircle()`). */
export function averagelyByCircleStrategy(): AllocateStrategy {
  return { name: 'AVG_BY_CIRCLE', allocate: allocateAveragelyByCircle };
}
