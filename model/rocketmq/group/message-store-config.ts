/**
 * The defaults of `MessageStoreConfig` and `ConsumeQueue` (apache/rocketmq rocketmq-all-4.9.8, `store/`) that decide
 * how much one pull reads: how many messages it may transfer (fewer when they are read from disk) and how many
 * consume-queue entries its filter may scan. Brokers in the model run with these defaults.
 */

/** `ConsumeQueue.CQ_STORE_UNIT_SIZE`: bytes of one consume-queue entry (commit-log offset 8, size 4, tags code 8). */
export const CQ_STORE_UNIT_SIZE = 20;

/** `maxTransferCountOnMessageInMemory`: messages one pull transfers at most while they are still in memory. */
export const MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY = 32;

/** `maxTransferCountOnMessageInDisk`: messages one pull transfers at most once they are read from disk. */
export const MAX_TRANSFER_COUNT_ON_MESSAGE_IN_DISK = 8;

/**
 * The least scan window of `getMessage`, in BYTES of consume-queue entries (`Math.max(16000, maxMsgNums * 20)`):
 * 16000 bytes are 800 entries, so a pull's filter looks at no more than max(800, maxMsgNums) entries.
 */
export const MIN_FILTER_SCAN_BYTES = 16_000;

/** `accessMessageInMemoryMaxRatio`: a message more than this share (%) of the machine's memory behind the commit log's end is read from disk. */
export const ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO = 40;

/** The consume-queue entries one `getMessage` may scan for a request of `maxMsgNums` messages. */
export function filterScanEntries(maxMsgNums: number): number {
  return Math.floor(Math.max(MIN_FILTER_SCAN_BYTES, maxMsgNums * CQ_STORE_UNIT_SIZE) / CQ_STORE_UNIT_SIZE);
}
