/**
 * The setup of a `kafka.consumer` scenario: the cluster's topics, the consumer's `auto.offset.reset`, the profile
 * (which Kafka version's SubscriptionState to follow) and the group's committed offsets before the run.
 */
import { z } from 'zod';

/** `kafka-1.0` (KIP-70 semantics, explicit subscriptionType) or `kafka-0.10.0` (the seed articles' design). */
export const profileSchema = z.enum(['kafka-1.0', 'kafka-0.10.0']);
export type Profile = z.infer<typeof profileSchema>;

/** `auto.offset.reset`: where a partition without a committed offset starts. */
export const offsetResetSchema = z.enum(['earliest', 'latest', 'none']);
export type OffsetReset = z.infer<typeof offsetResetSchema>;

const topicName = z.string().min(1, 'a topic name must not be empty');
const offset = z.number().int().nonnegative();

/** A partition with an offset, as in `commitSync(offsets)` and the setup's `committed`. */
export const partitionOffsetSchema = z.object({ topic: topicName, partition: z.number().int().nonnegative(), offset });
export type PartitionOffset = z.infer<typeof partitionOffsetSchema>;

export const kafkaConsumerSetupSchema = z.object({
  profile: profileSchema.default('kafka-1.0'),
  /** topic → number of partitions, as the cluster's metadata says at the start. */
  topics: z.record(topicName, z.number().int().positive()),
  autoOffsetReset: offsetResetSchema.default('latest'),
  /** The group's committed offsets before the run (a consumer restarting in an existing group). */
  committed: z.array(partitionOffsetSchema).default([]),
});
export type KafkaConsumerSetup = z.infer<typeof kafkaConsumerSetupSchema>;
