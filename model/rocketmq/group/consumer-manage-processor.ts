/**
 * The broker's answer to a consumer's offset query, after `ConsumerManageProcessor.queryConsumerOffset`
 * (apache/rocketmq rocketmq-all-4.9.8): the group's committed offset when there is one; otherwise 0 when the queue
 * is young — its min offset is still 0 and its first entry is still in memory (`checkInDiskByConsumeOffset(…, 0)`
 * is false, as for an empty queue) — and QUERY_NOT_FOUND once its head is on disk. So a brand-new group reads 0
 * from the store on a young queue, whatever its `consumeFromWhere`.
 */
import { checkInDiskByConsumeOffset, type ConsumeQueue } from './consume-queue.js';

/** The offset the broker answers, or null for QUERY_NOT_FOUND ("Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first"). */
export function queryConsumerOffset(committed: number | undefined, queue: ConsumeQueue): number | null {
  if (committed !== undefined && committed >= 0) return committed;
  // The model never deletes, so the min offset stays 0: only the head's place (memory or disk) decides.
  return checkInDiskByConsumeOffset(queue, 0) ? null : 0;
}
