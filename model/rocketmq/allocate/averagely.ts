/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely` (apache/rocketmq
 * rocketmq-all-4.9.8), strategy name `AVG`: consecutive blocks, the first `n % c` consumers taking one extra queue.
 */
import type { MessageQueue } from '../message-queue.js';
import type { AllocateResult, AllocateStrategy } from './allocate-strategy.js';
import { allocateChecked } from './check-arguments.js';

/**
 * AVG allocation for the consumer at `cidAll.indexOf(currentCID)` (first occurrence: a duplicated id gets the
 * first slot twice, and the slot of the duplicate is left unowned). With n queues and c consumers:
 * `mod = n % c`; block size `1` if `n <= c`, else `n/c + 1` for the first `mod` consumers and `n/c` for the rest;
 * start `i*size` for the first `mod` consumers, `i*size + mod` after. When `n < c`, consumers `i >= n` start at
 * `i + n >= n` and get nothing; when `n == c` everyone gets exactly queue `i`.
 */
export function allocateAveragely(
  _group: string, // Java only uses the group for logging.
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  return allocateChecked(currentCID, mqAll, cidAll, (index) => {
    const n = mqAll.length;
    const c = cidAll.length;
    const mod = n % c;
    const takesExtra = mod > 0 && index < mod;
    const averageSize = n <= c ? 1 : takesExtra ? Math.floor(n / c) + 1 : Math.floor(n / c);
    const startIndex = takesExtra ? index * averageSize : index * averageSize + mod;
    const range = Math.min(averageSize, n - startIndex);
    const queues: MessageQueue[] = [];
    for (let k = 0; k < range; k++) {
      // Java indexes `(startIndex + k) % n`; the modulo never wraps because startIndex + range <= n.
      const mq = mqAll[(startIndex + k) % n];
      if (mq !== undefined) queues.push(mq);
    }
    return queues;
  });
}

/** The `AVG` strategy (`new AllocateMessageQueueAveragely()`). */
export function averagelyStrategy(): AllocateStrategy {
  return { name: 'AVG', allocate: allocateAveragely };
}
