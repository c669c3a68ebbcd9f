/**
 * The environment of a consumer: partition logs (`produce`, `deleteRecords`), cluster metadata and the group's
 * offset store (`commitSync`, `committed`). One replica, so the high watermark is the log end offset.
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { ownValue } from '../names.js';
import { tpKey, type TopicPartition } from '../topic-partition.js';
import { hasGeneration } from './consumer-coordinator.js';
import { subscribeFromPattern } from './subscription-state.js';
import { withLogsFor, type KafkaConsumerState } from './state.js';

type Result = StepResult<KafkaConsumerState>;

function unknownPartition(partition: TopicPartition): ReturnType<typeof fail> {
  return fail('UnknownTopicOrPartitionException', `This server does not host this topic-partition: ${tpKey(partition)}`);
}

/** `count` records appended to a partition's log. */
export function produce(state: KafkaConsumerState, partition: TopicPartition, count: number): Result {
  const key = tpKey(partition);
  const log = state.logs[key];
  if (log === undefined) return { state, outcome: unknownPartition(partition) };
  const logs = { ...state.logs, [key]: { ...log, highWatermark: log.highWatermark + count } };
  return { state: { ...state, logs }, outcome: ok() };
}

/** `deleteRecords`: the log start moves up to `beforeOffset`, never past the high watermark, never back. */
export function deleteRecords(state: KafkaConsumerState, partition: TopicPartition, beforeOffset: number): Result {
  const key = tpKey(partition);
  const log = state.logs[key];
  if (log === undefined) return { state, outcome: unknownPartition(partition) };
  if (beforeOffset > log.highWatermark) {
    return { state, outcome: fail('OffsetOutOfRangeException', `deleteRecords: offset ${beforeOffset} is beyond the high watermark ${log.highWatermark} of ${key}`) };
  }
  const logStartOffset = Math.max(log.logStartOffset, beforeOffset);
  return { state: { ...state, logs: { ...state.logs, [key]: { ...log, logStartOffset } } }, outcome: ok() };
}

/** New metadata: logs for new partitions, and under a pattern subscription the matching topics. */
export function metadataUpdate(state: KafkaConsumerState, topics: Readonly<Record<string, number>>): Result {
  const updated: KafkaConsumerState = { ...state, metadata: { ...topics }, logs: withLogsFor(state.logs, topics) };
  return { state: subscribeFromPattern(updated), outcome: ok() };
}

/** An offset to commit for one partition. */
export interface OffsetToCommit extends TopicPartition {
  readonly offset: number;
}

const COMMIT_FAILED =
  'Commit cannot be completed since the group has already rebalanced and assigned the partitions to another member.';

/**
 * `commitSync(offsets)`: the group store takes every offset; the cache of assigned partitions follows.
 * `commitSync()` commits `allConsumed()`: the position of every assigned partition that has one. An empty commit
 * returns at once; a subscribed consumer without a generation (1.0: no completed join) fails with
 * CommitFailedException; a partition the cluster does not have fails the commit (UNKNOWN_TOPIC_OR_PARTITION).
 */
export function commitSync(state: KafkaConsumerState, offsets: readonly OffsetToCommit[] | undefined): Result {
  const toCommit: OffsetToCommit[] =
    offsets !== undefined
      ? [...offsets]
      : state.assignment.flatMap((p) => (p.position === null ? [] : [{ ...p.tp, offset: p.position }]));
  const negative = toCommit.find((o) => o.offset < 0);
  if (negative !== undefined) {
    return { state, outcome: fail('IllegalArgumentException', `Invalid negative offset ${negative.offset} for ${tpKey(negative)}`) };
  }
  if (toCommit.length === 0) return { state, outcome: ok() };
  if (!hasGeneration(state)) return { state, outcome: fail('CommitFailedException', COMMIT_FAILED) };
  const unknown = toCommit.find((o) => o.partition >= (ownValue(state.metadata, o.topic) ?? 0));
  if (unknown !== undefined) {
    const message = state.profile === 'kafka-1.0' ? `Topic or Partition ${tpKey(unknown)} does not exist` : 'Unexpected error in commit: This server does not host this topic-partition.';
    return { state, outcome: fail('KafkaException', message) };
  }
  const committed = new Map(toCommit.map((o) => [tpKey(o), o.offset]));
  return {
    state: {
      ...state,
      groupCommitted: { ...state.groupCommitted, ...Object.fromEntries(committed) },
      assignment: state.assignment.map((p) => {
        const offset = committed.get(tpKey(p.tp));
        return offset === undefined ? p : { ...p, committed: offset };
      }),
    },
    outcome: ok(),
  };
}
