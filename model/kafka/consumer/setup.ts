/**
 * The setup of a `kafka.consumer` scenario: the cluster's topics, the consumer's `auto.offset.reset`, the profile
 * (which Kafka version's SubscriptionState to follow) and the group's committed offsets before the run.
 */
import { z } from 'zod';
import { nameRecordSchema } from '../names.js';

/** `kafka-1.0` (KIP-70 semantics, explicit subscriptionType) or `kafka-0.10.0` (the seed articles' design). */
export const profileSchema = z.enum(['kafka-1.0', 'kafka-0.10.0']);
export type Profile = z.infer<typeof profileSchema>;

/** `auto.offset.reset`: where a partition without a committed offset starts. */
export const offsetResetSchema = z.enum(['earliest', 'latest', 'none']);
export type OffsetReset = z.infer<typeof offsetResetSchema>;

/** Kafka's longest topic name (`Topic.MAX_NAME_LENGTH`): 249 characters. */
export const maxTopicNameLength = 249;

/**
 * The most partitions a topic may have in a setup or `metadataUpdate`. Kafka sets no hard limit; the model keeps a
 * log (two offsets) per partition and the assignors list every partition, so the limit keeps each step cheap.
 */
export const maxPartitionsPerTopic = 10_000;

/** A topic name: not empty, at most 249 characters (any characters: the model does not check Kafka's alphabet). */
export const topicNameSchema = z
  .string()
  .min(1, 'a topic name must not be empty')
  .max(maxTopicNameLength, `a topic name must be at most ${maxTopicNameLength} characters (Kafka's limit)`);
const topicName = topicNameSchema;
const offset = z.number().int().nonnegative();

/** A topic's partition count: 1 to `maxPartitionsPerTopic`. */
const partitionCount = z
  .number()
  .int()
  .positive()
  .max(maxPartitionsPerTopic, `a topic may have at most ${maxPartitionsPerTopic.toLocaleString('en-US')} partitions (mqspec's limit)`);

/**
 * The most partitions all topics of a setup or `metadataUpdate` may have together (a log each, and every
 * `metadataUpdate` copies them).
 */
export const maxPartitionsInCluster = 100_000;

/** topic → partition count, keeping every topic name, `__proto__` included. */
export const topicPartitionCountsSchema = nameRecordSchema(topicName, partitionCount).refine(
  (counts) => Object.values(counts).reduce((sum, count) => sum + count, 0) <= maxPartitionsInCluster,
  `the topics may have at most ${maxPartitionsInCluster.toLocaleString('en-US')} partitions together (mqspec's limit)`,
);

/** A partition with an offset, as in `commitSync(offsets)` and the setup's `committed`. */
export const partitionOffsetSchema = z.object({ topic: topicName, partition: z.number().int().nonnegative(), offset });
export type PartitionOffset = z.infer<typeof partitionOffsetSchema>;

export const kafkaConsumerSetupSchema = z.object({
  profile: profileSchema.default('kafka-1.0'),
  /** topic → number of partitions, as the cluster's metadata says at the start. */
  topics: topicPartitionCountsSchema,
  autoOffsetReset: offsetResetSchema.default('latest'),
  /** The group's committed offsets before the run (a consumer restarting in an existing group). */
  committed: z.array(partitionOffsetSchema).default([]),
});
export type KafkaConsumerSetup = z.infer<typeof kafkaConsumerSetupSchema>;
