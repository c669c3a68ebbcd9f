/**
 * The `kafka.consumer` system: one consumer's SubscriptionState, fetch positions and commits against simulated
 * partition logs (apache/kafka 1.0.0 by default; 0.10.0.0 with `"profile": "kafka-0.10.0"`).
 */
import { match } from 'ts-pattern';
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

/** One command: branch on the command, each branch a named operation of the spec. */
export function stepKafkaConsumer(state: KafkaConsumerState, command: KafkaConsumerCommand): Result {
  return match(command)
    .with({ type: 'subscribe' }, (c) => subscribe(state, c.topics))
    .with({ type: 'subscribePattern' }, (c) => subscribePattern(state, c.pattern))
    .with({ type: 'assign' }, (c) => assign(state, c.partitions))
    .with({ type: 'unsubscribe' }, () => unsubscribe(state))
    .with({ type: 'rebalance' }, (c) => assignFromSubscribed(state, c.partitions))
    .with({ type: 'metadataUpdate' }, (c) => metadataUpdate(state, c.topics))
    .with({ type: 'seek' }, (c) => seek(state, c.partition, c.offset))
    .with({ type: 'seekToBeginning' }, (c) => requestOffsetReset(state, c.partitions, 'EARLIEST'))
    .with({ type: 'seekToEnd' }, (c) => requestOffsetReset(state, c.partitions, 'LATEST'))
    .with({ type: 'pause' }, (c) => setPaused(state, c.partitions, true))
    .with({ type: 'resume' }, (c) => setPaused(state, c.partitions, false))
    .with({ type: 'poll' }, (c) => poll(state, c.maxRecords ?? DEFAULT_MAX_POLL_RECORDS))
    .with({ type: 'commitSync' }, (c) => commitSync(state, c.offsets))
    .with({ type: 'position' }, (c) => position(state, c.partition))
    .with({ type: 'committed' }, (c) => committed(state, c.partition))
    .with({ type: 'produce' }, (c) => produce(state, c, c.count))
    .with({ type: 'deleteRecords' }, (c) => deleteRecords(state, c, c.beforeOffset))
    .exhaustive();
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
