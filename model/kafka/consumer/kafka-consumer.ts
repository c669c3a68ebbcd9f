/**
 * The `kafka.consumer` system: one consumer's SubscriptionState, fetch positions and commits against simulated
 * partition logs (apache/kafka 1.0.0 by default; 0.10.0.0 with `"profile": "kafka-0.10.0"`).
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult, SystemModel } from '../../system.js';
import { tpKey } from '../topic-partition.js';
import { commitSync, deleteRecords, metadataUpdate, produce } from './cluster.js';
import { kafkaConsumerCommandDocs, kafkaConsumerCommandSchema, type KafkaConsumerCommand } from './commands.js';
import { updateFetchPositions } from './fetch-positions.js';
import { DEFAULT_MAX_POLL_RECORDS, poll } from './fetcher.js';
import { observeKafkaConsumer, type KafkaConsumerObservation } from './observation.js';
import { kafkaConsumerSetupSchema, type KafkaConsumerSetup } from './setup.js';
import { initialState, type KafkaConsumerState } from './state.js';
import {
  assign,
  assignedIndex,
  assignFromSubscribed,

  requestOffsetReset,
  seek,
  setPaused,
  subscribe,
  subscribePattern,
  unsubscribe,
} from './subscription-state.js';

type Result = StepResult<KafkaConsumerState>;

/** `position(tp)`: resolves a missing position like poll does and answers it. */
function position(state: KafkaConsumerState, partition: { topic: string; partition: number }): Result {
  const index = assignedIndex(state, partition);
  if (index < 0) {
    return { state, outcome: fail('IllegalStateException', 'You can only check the position for partitions assigned to this consumer.') };
  }
  const resolved = updateFetchPositions(state, new Set([tpKey(partition)]));
  if ('failure' in resolved) return { state, outcome: resolved.failure };
  const answer = resolved.state.assignment[index]?.position ?? null;
  if (answer === null) {
    return { state, outcome: fail('TimeoutException', `position: ${tpKey(partition)} has no log to resolve a position from`) };
  }
  return { state: resolved.state, outcome: ok(answer) };
}

/** `committed(tp)`: the group's stored offset, fetched from the coordinator for any partition (no assignment check). */
function committed(state: KafkaConsumerState, partition: { topic: string; partition: number }): Result {
  return { state, outcome: ok(state.groupCommitted[tpKey(partition)] ?? null) };
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
  rebalance: (state, c) => assignFromSubscribed(state, c.partitions),
  metadataUpdate: (state, c) => metadataUpdate(state, c.topics),
  seek: (state, c) => seek(state, c.partition, c.offset),
  seekToBeginning: (state, c) => requestOffsetReset(state, c.partitions, 'EARLIEST'),
  seekToEnd: (state, c) => requestOffsetReset(state, c.partitions, 'LATEST'),
  pause: (state, c) => setPaused(state, c.partitions, true),
  resume: (state, c) => setPaused(state, c.partitions, false),
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
