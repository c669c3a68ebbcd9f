/**
 * The `kafka.consumer` system: one consumer's SubscriptionState, fetch positions and commits against simulated
 * partition logs (apache/kafka 1.0.0 by default; 0.10.0.0 with `"profile": "kafka-0.10.0"`).
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult, SystemModel } from '../../system.js';
import { tpKey, type TopicPartition } from '../topic-partition.js';
import { commitSync, deleteRecords, metadataUpdate, produce } from './cluster.js';
import { kafkaConsumerCommandDocs, kafkaConsumerCommandSchema, type KafkaConsumerCommand } from './commands.js';
import { completeJoin } from './consumer-coordinator.js';
import { refreshCommittedOffsetsIfNeeded, updateFetchPositions } from './fetch-positions.js';
import { DEFAULT_MAX_POLL_RECORDS, poll } from './fetcher.js';
import { observeKafkaConsumer, type KafkaConsumerObservation } from './observation.js';
import { kafkaConsumerSetupSchema, type KafkaConsumerSetup } from './setup.js';
import { initialState, type KafkaConsumerState } from './state.js';
import {
  assign,
  assignedIndex,
  assignFromSubscribed,
  fetchRequestedMetadata,
  noAssignment,
  requestOffsetReset,
  seek,
  setPaused,
  setTopicsPaused,
  subscribe,
  subscribePattern,
  unsubscribe,
} from './subscription-state.js';

type Result = StepResult<KafkaConsumerState>;

/**
 * `position(tp)`: IllegalArgumentException for an unassigned partition (1.0 and 0.10.0); a known position is answered
 * as it is; a missing one is resolved like poll does, for every assigned partition under 1.0
 * (`updateFetchPositions(assignedPartitions())`) and for `tp` alone under 0.10.0. A failure keeps what was resolved.
 */
function position(state: KafkaConsumerState, partition: TopicPartition): Result {
  const index = assignedIndex(state, partition);
  if (index < 0) {
    return { state, outcome: fail('IllegalArgumentException', 'You can only check the position for partitions assigned to this consumer.') };
  }
  const known = state.assignment[index]?.position ?? null;
  if (known !== null) return { state, outcome: ok(known) };
  // Resolving talks to the cluster, so a requested metadata update arrives first (0.10.0 may drop the partition).
  const asked = fetchRequestedMetadata(state);
  const at = assignedIndex(asked, partition);
  if (at < 0) return { state: asked, outcome: noAssignment(partition) };
  const targets = asked.profile === 'kafka-1.0' ? asked.assignment.map((p) => tpKey(p.tp)) : [tpKey(partition)];
  const resolved = updateFetchPositions(asked, new Set(targets));
  if (resolved.failure !== undefined) return { state: resolved.state, outcome: resolved.failure };
  const answer = resolved.state.assignment[at]?.position ?? null;
  if (answer === null) {
    return { state, outcome: fail('TimeoutException', `position: ${tpKey(partition)} has no log to resolve a position from`) };
  }
  return { state: resolved.state, outcome: ok(answer) };
}

/**
 * `committed(tp)`: 1.0 asks the group for any partition (no assignment check). 0.10.0 answers an assigned partition
 * from the consumer's committed cache, filling the cache of every assigned partition first when it is stale
 * (`refreshCommittedOffsetsIfNeeded`), and asks the group only for other partitions.
 */
function committed(state: KafkaConsumerState, partition: TopicPartition): Result {
  const index = assignedIndex(state, partition);
  const asked = fetchRequestedMetadata(state);
  if (state.profile === 'kafka-1.0' || index < 0) return { state: asked, outcome: ok(state.groupCommitted[tpKey(partition)] ?? null) };
  const cached = state.assignment[index]?.committed ?? null;
  if (cached !== null) return { state, outcome: ok(cached) };
  const refreshed = refreshCommittedOffsetsIfNeeded(asked);
  return { state: refreshed, outcome: ok(refreshed.assignment[assignedIndex(refreshed, partition)]?.committed ?? null) };
}

/** The coordinator's result arriving: the assignment (`assignFromSubscribed`), and the join is complete. */
function rebalance(state: KafkaConsumerState, partitions: readonly TopicPartition[]): Result {
  const assigned = assignFromSubscribed(state, partitions);
  return assigned.outcome.ok ? { state: completeJoin(assigned.state), outcome: assigned.outcome } : assigned;
}

/** A handler for one command type, receiving the command narrowed to that type. */
type Handler<K extends KafkaConsumerCommand['type']> = (state: KafkaConsumerState, command: Extract<KafkaConsumerCommand, { type: K }>) => Result;

/**
 * One handler per command type, each a named operation of the spec. The mapped type makes the table exhaustive
 * at compile time, like ts-pattern's `.exhaustive()`, without building a matcher chain on every step: the step
 * function is the hot path of every property run (ts-pattern's per-call chain halved the step rate here).
 */
const handlers: { readonly [K in KafkaConsumerCommand['type']]: Handler<K> } = {
  subscribe: (state, c) => subscribe(state, c.topics),
  subscribePattern: (state, c) => subscribePattern(state, c.pattern),
  assign: (state, c) => assign(state, c.partitions),
  unsubscribe: (state) => unsubscribe(state),
  rebalance: (state, c) => rebalance(state, c.partitions),
  metadataUpdate: (state, c) => metadataUpdate(state, c.topics),
  seek: (state, c) => seek(state, c.partition, c.offset),
  seekToBeginning: (state, c) => requestOffsetReset(state, c.partitions, 'EARLIEST'),
  seekToEnd: (state, c) => requestOffsetReset(state, c.partitions, 'LATEST'),
  pause: (state, c) => setPaused(state, c.partitions, true),
  resume: (state, c) => setPaused(state, c.partitions, false),
  pauseTopics: (state, c) => setTopicsPaused(state, c.topics, true),
  resumeTopics: (state, c) => setTopicsPaused(state, c.topics, false),
  poll: (state, c) => poll(state, c.maxRecords ?? DEFAULT_MAX_POLL_RECORDS),
  commitSync: (state, c) => commitSync(state, c.offsets),
  position: (state, c) => position(state, c.partition),
  committed: (state, c) => committed(state, c.partition),
  produce: (state, c) => produce(state, c, c.count),
  deleteRecords: (state, c) => deleteRecords(state, c, c.beforeOffset),
};

/** One command, dispatched on its type. */
export function stepKafkaConsumer(state: KafkaConsumerState, command: KafkaConsumerCommand): Result {
  return (handlers[command.type] as Handler<KafkaConsumerCommand['type']>)(state, command);
}

/** The reference model of `kafka.consumer`. */
export const kafkaConsumer: SystemModel<KafkaConsumerSetup, KafkaConsumerState, KafkaConsumerCommand, KafkaConsumerObservation> = {
  id: 'kafka.consumer',
  summary: "One consumer's SubscriptionState, fetch positions and commits against simulated partition logs.",
  setupSchema: kafkaConsumerSetupSchema,
  commandSchema: kafkaConsumerCommandSchema,
  commands: kafkaConsumerCommandDocs,
  exampleSetup: { profile: 'kafka-1.0', topics: { orders: 2 }, autoOffsetReset: 'earliest', committed: [{ topic: 'orders', partition: 0, offset: 4 }] },
  init: initialState,
  step: stepKafkaConsumer,
  observe: observeKafkaConsumer,
};
