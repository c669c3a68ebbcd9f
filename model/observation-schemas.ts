/**
 * Every system's observation as a zod schema, for the JSON Schemas users read (schemas/<system>.observation.schema.json)
 * and the answers of `observe`. The model's observation types are TypeScript interfaces; each schema here is checked
 * at compile time to infer exactly that interface (the `Same` assertions below), so the two cannot drift: a field
 * added to an interface and not here, or a changed type, fails `tsc`.
 */
import { z } from 'zod';
import type { KafkaConsumerObservation } from './kafka/consumer/observation.js';
import type { KafkaGroupObservation } from './kafka/group/observation.js';
import type { RocketmqAllocateObservation } from './rocketmq/allocate/allocate-system.js';
import type { RocketmqFilterState } from './rocketmq/filter/filter-system.js';
import type { RocketmqGroupObservation } from './rocketmq/group/observation.js';
import { messageQueueSchema } from './rocketmq/message-queue.js';
import type { SystemId } from './system.js';
import { byKey, names, topicPartitionShape as topicPartition, wholeNumber as offset, type Same } from './json-shapes.js';

const partitionLog = z.object({ logStartOffset: offset, highWatermark: offset }).readonly();
const subscriptionMode = z.enum(['NONE', 'AUTO_TOPICS', 'AUTO_PATTERN', 'USER_ASSIGNED']);

const assignedPartition = z
  .object({
    topic: z.string(),
    partition: z.number().int(),
    position: offset.nullable(),
    committed: offset.nullable(),
    paused: z.boolean(),
    resetStrategy: z.enum(['EARLIEST', 'LATEST', 'NONE']).nullable(),
  })
  .readonly();

/** What one consumer shows of itself (kafka.consumer, and each kafka.group member without the cluster). */
const consumerOwn = {
  mode: subscriptionMode,
  subscription: names,
  pattern: z.string().nullable(),
  groupSubscription: names,
  /** Assigned partitions by `topic-partition`, in assignment order. */
  partitions: byKey(assignedPartition),
  defaultResetStrategy: z.enum(['earliest', 'latest', 'none']),
  needRejoin: z.boolean(),
  /** Only under the kafka-0.10.0 profile. */
  needsPartitionAssignment: z.boolean().optional(),
};

export const kafkaConsumerObservationSchema = z
  .object({ ...consumerOwn, logs: byKey(partitionLog), groupCommitted: byKey(offset) })
  .readonly();

export const kafkaGroupObservationSchema = z
  .object({
    assignor: z.enum(['range', 'roundrobin']),
    generation: z.number().int(),
    leader: z.string().nullable(),
    generationMembers: names,
    members: byKey(z.object({ ...consumerOwn, generation: z.number().int().nullable() }).readonly()),
    metadata: byKey(z.number().int()),
    logs: byKey(partitionLog),
    groupCommitted: byKey(offset),
    lastAssignment: byKey(z.array(topicPartition).readonly()).nullable(),
  })
  .readonly();

const queueList = z.array(messageQueueSchema.readonly()).readonly();

export const rocketmqAllocateObservationSchema = z
  .object({
    allocations: byKey(queueList),
    views: byKey(z.object({ mqAll: queueList, cidAll: names }).readonly()),
  })
  .readonly();

/** The filter system is stateless: its observation is `{}`. */
export const rocketmqFilterObservationSchema = z.record(z.string(), z.never()).readonly();

const subscriptionTable = byKey(
  z.object({ subString: z.string(), tagsSet: names, codeSet: z.array(z.number().int()).readonly(), subVersion: z.number().int() }).readonly(),
);

export const rocketmqGroupObservationSchema = z
  .object({
    now: z.number().int(),
    queues: byKey(z.object({ topic: z.string(), brokerName: z.string(), queueId: z.number().int(), maxOffset: offset, inMemoryFrom: offset }).readonly()),
    group: z.object({ subscriptions: subscriptionTable, cidAll: names, notifiedAt: z.number().int(), membershipChangedAt: z.number().int() }).readonly().nullable(),
    committed: byKey(offset),
    clients: byKey(
      z
        .object({
          serviceState: z.enum(['RUNNING', 'SHUTDOWN_ALREADY']),
          subscriptions: subscriptionTable,
          processQueues: byKey(z.object({ nextOffset: offset, consumedOffset: offset.nullable() }).readonly()),
          localOffsets: byKey(offset),
          heartbeatAt: z.number().int(),
          rebalancedAt: z.number().int(),
          subscriptionChangedAt: z.number().int(),
        })
        .readonly(),
    ),
    ledger: byKey(
      z
        .array(
          z
            .object({
              queueOffset: offset,
              count: z.number().int(),
              tags: z.string().nullable(),
              storeTimestamp: z.number().int(),
              deliveredTo: names,
              passedBy: z.array(z.object({ client: z.string(), by: z.enum(['broker-filter', 'client-filter', 'consume-from-where']) }).readonly()).readonly(),
            })
            .readonly(),
        )
        .readonly(),
    ),
  })
  .readonly();

/** Each system's observation schema, by system id. */
export const observationSchemas: Readonly<Record<SystemId, z.ZodType>> = {
  'kafka.consumer': kafkaConsumerObservationSchema,
  'kafka.group': kafkaGroupObservationSchema,
  'rocketmq.allocate': rocketmqAllocateObservationSchema,
  'rocketmq.filter': rocketmqFilterObservationSchema,
  'rocketmq.group': rocketmqGroupObservationSchema,
};

// One source: each schema infers exactly the model's interface (both ways assignable), or tsc fails here.
const observationsMatch: [
  Same<z.infer<typeof kafkaConsumerObservationSchema>, KafkaConsumerObservation>,
  Same<z.infer<typeof kafkaGroupObservationSchema>, KafkaGroupObservation>,
  Same<z.infer<typeof rocketmqAllocateObservationSchema>, RocketmqAllocateObservation>,
  Same<z.infer<typeof rocketmqFilterObservationSchema>, RocketmqFilterState>,
  Same<z.infer<typeof rocketmqGroupObservationSchema>, RocketmqGroupObservation>,
] = [true, true, true, true, true];
void observationsMatch;
