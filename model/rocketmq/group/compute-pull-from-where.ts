/**
 * `RebalancePushImpl.computePullFromWhereWithException` (apache/rocketmq rocketmq-all-4.9.8): the first offset of
 * a queue a client has just taken. A stored offset always wins — and on a young queue a brand-new CLUSTERING group
 * has one: the broker answers 0 (`queryConsumerOffset`) — without one, `consumeFromWhere` decides.
 */
import { maxOffset, offsetByTime, type ConsumeQueue } from './consume-queue.js';
import type { RocketmqGroupSetup } from './setup.js';

/** The first offset and where it came from. */
export interface PullFrom {
  readonly offset: number;
  /** True when the stored (committed or local-file) offset was used. */
  readonly fromStore: boolean;
}

/**
 * - a stored offset (the broker's answer, 0 included) ⇒ that offset, for every `consumeFromWhere`;
 * - CONSUME_FROM_LAST_OFFSET ⇒ the queue's max offset (`MQAdminImpl.maxOffset`);
 * - CONSUME_FROM_FIRST_OFFSET ⇒ 0;
 * - CONSUME_FROM_TIMESTAMP ⇒ `searchOffset(consumeTimestamp)`.
 */
export function computePullFromWhere(setup: RocketmqGroupSetup, stored: number | null, queue: ConsumeQueue): PullFrom {
  if (stored !== null) return { offset: stored, fromStore: true };
  switch (setup.consumeFromWhere) {
    case 'CONSUME_FROM_LAST_OFFSET':
      return { offset: maxOffset(queue), fromStore: false };
    case 'CONSUME_FROM_FIRST_OFFSET':
      return { offset: 0, fromStore: false };
    case 'CONSUME_FROM_TIMESTAMP':
      return { offset: offsetByTime(queue, setup.consumeTimestamp), fromStore: false };
  }
}
