/**
 * The documented limits of the RocketMQ systems' input (docs/limits.md, "Limits of the RocketMQ systems"). Where RocketMQ
 * itself has a bound the model takes it (`TopicValidator.TOPIC_MAX_LENGTH`, `Validators.CHARACTER_MAX_LENGTH`,
 * `checkConfig`'s `pullBatchSize` range); the others keep one command's work small whatever a scenario asks for.
 * A value beyond a limit is refused by validation, with the one-line positioned error of any bad input.
 */
import { z } from 'zod';

/** `TopicValidator.TOPIC_MAX_LENGTH` (rocketmq-all-4.9.8): a longer topic is refused by producers and brokers. */
export const TOPIC_MAX_LENGTH = 127;
/** `Validators.CHARACTER_MAX_LENGTH`: the longest consumer group; also the model's bound on client ids, broker names, tags and rooms. */
export const NAME_MAX_LENGTH = 255;
/** The longest subscription expression (and `hashCode` value) the model accepts. */
export const EXPRESSION_MAX_LENGTH = 4096;
/** `checkConfig`: `pullBatchSize` must lie in [1, 1024]; a pull's `maxMsgs` is that batch size. */
export const PULL_BATCH_SIZE_MAX = 1024;
/** The most messages one `produce` stores (a batch of alike messages costs the model one run, whatever its size). */
export const PRODUCE_COUNT_MAX = 1_000_000_000;
/** Brokers of a `rocketmq.group` cluster. */
export const BROKERS_MAX = 64;
/** Topics of a `rocketmq.group` setup. */
export const TOPICS_MAX = 256;
/** Queues of one topic on one broker (`readQueueNums` = `writeQueueNums`). */
export const QUEUES_PER_BROKER_MAX = 1024;
/** Queues of the whole cluster: topics × brokers × queues per broker. */
export const CLUSTER_QUEUES_MAX = 4096;
/** Queues in one `mqAll` or CONFIG `messageQueueList`. */
export const QUEUE_LIST_MAX = 4096;
/**
 * Clients in one `cidAll`, and clients ever started in one `rocketmq.group` run (every step of a run copies the
 * client table, so a step costs time in proportion to it).
 */
export const CLIENTS_MAX = 256;
/** `virtualNodeCnt` of CONSISTENT_HASH: the ring has cidAll × virtualNodeCnt MD5 keys, at most 25,600. */
export const VIRTUAL_NODES_MAX = 100;
/** Entries of a name-keyed table (subscriptions of one `start`, rooms of a `table` resolver). */
export const TABLE_ENTRIES_MAX = 1024;

/** A string of at most `max` characters (UTF-16 code units, as Java's `String.length()`). */
export function boundedString(max: number, what: string): z.ZodString {
  return z.string().max(max, `${what} must be at most ${max} characters`);
}

