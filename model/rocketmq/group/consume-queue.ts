/**
 * The brokers' consume queues and the store's read path, after `ConsumeQueue` and `DefaultMessageStore.getMessage`
 * (apache/rocketmq rocketmq-all-4.9.8). A queue holds its messages' (tags, tagsCode, store time) as runs of offsets
 * — one run per `produce`, whose messages are alike — so a batch of 10⁹ messages costs one run; the min offset
 * stays 0 (the model never deletes) and the max offset is where the last run ends.
 * A queue also knows which of its messages are read from disk: those the broker stored before its commit log last
 * outgrew the in-memory window (`commitLogGrows`); that decides how many one pull may transfer, and what a new
 * group's offset query answers.
 */
import type { MessageQueue } from '../message-queue.js';
import { emptyVector, vectorGet, vectorLast, vectorPush, type Vector } from '../../persistent-vector.js';
import { tagsCode } from '../filter/tags-code.js';
import { MAX_TRANSFER_COUNT_ON_MESSAGE_IN_DISK, MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY, filterScanEntries } from './message-store-config.js';

/** One consume-queue entry with what the filters read from the commit log. */
export interface StoredMessage {
  /** The message's tag string, `null` for none. */
  readonly tags: string | null;
  /** `tagsCode(tags)`: what the broker filter compares. */
  readonly tagsCode: number;
  /** The store timestamp on the model's logical clock (what CONSUME_FROM_TIMESTAMP searches). */
  readonly storeTimestamp: number;
}

/** `count` alike messages at the consecutive offsets from `from`. */
export interface MessageRun {
  readonly from: number;
  readonly count: number;
  readonly message: StoredMessage;
}

/** One queue of one topic on one broker. */
export interface ConsumeQueue {
  readonly mq: MessageQueue;
  /** The messages by offset, in runs that cover [0, max offset) in order (a persistent vector: appending costs a path). */
  readonly runs: Vector<MessageRun>;
  /**
   * The first offset still read from memory: entries below it lie more than `accessMessageInMemoryMaxRatio` of
   * the machine's memory behind the commit log's end (`checkInDiskByCommitOffset`). 0 on a fresh broker.
   */
  readonly inMemoryFrom: number;
}

/** An empty queue on a fresh broker. */
export function emptyConsumeQueue(mq: MessageQueue): ConsumeQueue {
  return { mq, runs: emptyVector(), inMemoryFrom: 0 };
}

/** The message at `offset`, or undefined past the end (a binary search over the runs). */
export function messageAt(queue: ConsumeQueue, offset: number): StoredMessage | undefined {
  const runs = queue.runs;
  let low = 0;
  let high = runs.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const run = vectorGet(runs, mid);
    if (run === undefined) return undefined;
    if (offset < run.from) high = mid - 1;
    else if (offset >= run.from + run.count) low = mid + 1;
    else return run.message;
  }
  return undefined;
}

/** The queue after `count` alike messages were appended (`putMessagePositionInfo` for each of a batch). */
export function appendMessages(queue: ConsumeQueue, message: StoredMessage, count: number): ConsumeQueue {
  return { ...queue, runs: vectorPush(queue.runs, { from: maxOffset(queue), count, message }) };
}

/**
 * `checkInDiskByConsumeOffset(topic, queueId, offset)`: true when the entry at `offset` exists and is read from
 * disk; false for an entry still in memory and for an offset with no entry.
 */
export function checkInDiskByConsumeOffset(queue: ConsumeQueue, offset: number): boolean {
  return offset < maxOffset(queue) && offset < queue.inMemoryFrom;
}

/** `getMaxOffsetInQueue`: the offset the next message will get. */
export function maxOffset(queue: ConsumeQueue): number {
  const last = vectorLast(queue.runs);
  return last === undefined ? 0 : last.from + last.count;
}

/** A message about to be appended (`CommitLog.putMessage` → `ConsumeQueue.putMessagePositionInfo`). */
export function storedMessage(tags: string | null, storeTimestamp: number): StoredMessage {
  return { tags, tagsCode: tagsCode(tags), storeTimestamp };
}

/** `GetMessageStatus` values the model can reach (no deletion, so OFFSET_TOO_SMALL and friends never occur). */
export type GetMessageStatus = 'FOUND' | 'NO_MATCHED_MESSAGE' | 'NO_MESSAGE_IN_QUEUE' | 'OFFSET_OVERFLOW_ONE' | 'OFFSET_OVERFLOW_BADLY';

/** What one `getMessage` scan found. */
export interface GetMessageResult {
  readonly status: GetMessageStatus;
  /** Offsets of the messages returned, in order. */
  readonly found: readonly number[];
  /** Offsets the scan stepped over because the filter rejected them. */
  readonly filtered: readonly number[];
  readonly nextBeginOffset: number;
}

/**
 * `isTheBatchFull` for the next entry, with `found` messages already taken: never before the first; then when
 * `maxMsgNums` are taken, or 32 (8 when the next entry is read from disk). The byte limits (256 KB from memory,
 * 64 KB from disk) never bind in the model: its messages have no bodies.
 */
function batchFull(found: number, maxMsgNums: number, inDisk: boolean): boolean {
  if (found === 0) return false;
  if (found >= maxMsgNums) return true;
  return found >= (inDisk ? MAX_TRANSFER_COUNT_ON_MESSAGE_IN_DISK : MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY);
}

/**
 * `DefaultMessageStore.getMessage`: from `offset`, take entries until the batch is full (`isTheBatchFull`: at most
 * `maxMsgNums`, and at most 32 messages from memory or 8 from disk), the scan window is used up (max(16000,
 * maxMsgNums × 20) bytes of consume-queue entries: 800 entries by default) or the queue ends; entries the filter
 * rejects are skipped and counted in the next offset, so the next pull starts past them. An empty queue answers
 * NO_MESSAGE_IN_QUEUE, an offset at the end OFFSET_OVERFLOW_ONE, beyond it OFFSET_OVERFLOW_BADLY (corrected to the
 * max offset). Consume-queue file boundaries (300,000 entries a file) are left out. The scan is bounded by the
 * window: at most max(800, maxMsgNums) entries, and `maxMsgNums` is at most 1024.
 */
export function getMessage(
  queue: ConsumeQueue,
  offset: number,
  maxMsgNums: number,
  matches: (message: StoredMessage) => boolean,
): GetMessageResult {
  const max = maxOffset(queue);
  if (max === 0) return { status: 'NO_MESSAGE_IN_QUEUE', found: [], filtered: [], nextBeginOffset: 0 };
  if (offset === max) return { status: 'OFFSET_OVERFLOW_ONE', found: [], filtered: [], nextBeginOffset: offset };
  if (offset > max) return { status: 'OFFSET_OVERFLOW_BADLY', found: [], filtered: [], nextBeginOffset: max };
  const window = Math.min(max, offset + filterScanEntries(maxMsgNums));
  const found: number[] = [];
  const filtered: number[] = [];
  let next = offset;
  // Java checks "batch full" before reading the next entry, so the scan stops right after the last match.
  while (next < window && !batchFull(found.length, maxMsgNums, checkInDiskByConsumeOffset(queue, next))) {
    const message = messageAt(queue, next);
    if (message !== undefined && matches(message)) found.push(next);
    else filtered.push(next);
    next++;
  }
  return { status: found.length > 0 ? 'FOUND' : 'NO_MATCHED_MESSAGE', found, filtered, nextBeginOffset: next };
}

/**
 * `ConsumeQueue.getOffsetInQueueByTime` (what `searchOffset` answers): a binary search for the entry stored at
 * `timestamp`; without an exact hit, the nearer of its neighbours in time (the earlier one on a tie), the later one
 * when all are later, the earlier one (the last message, not the max offset) when all are earlier; 0 for an
 * empty queue. Store times in the model are distinct, so the search is deterministic.
 */
export function offsetByTime(queue: ConsumeQueue, timestamp: number): number {
  const max = maxOffset(queue);
  if (max === 0) return 0;
  let low = 0;
  let high = max - 1;
  let left = -1;
  let right = -1;
  while (high >= low) {
    const mid = Math.floor((low + high) / 2);
    const time = messageAt(queue, mid)?.storeTimestamp ?? 0;
    if (time === timestamp) return mid;
    if (time > timestamp) {
      high = mid - 1;
      right = mid;
    } else {
      low = mid + 1;
      left = mid;
    }
  }
  if (left === -1) return right;
  if (right === -1) return left;
  const leftTime = messageAt(queue, left)?.storeTimestamp ?? 0;
  const rightTime = messageAt(queue, right)?.storeTimestamp ?? 0;
  return Math.abs(timestamp - leftTime) > Math.abs(timestamp - rightTime) ? right : left;
}
