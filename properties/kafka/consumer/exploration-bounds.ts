/** The JSON bounds of a `kafka.consumer` exploration scope, as scope files give them (`KafkaConsumerBounds`). */
import { z } from 'zod';
import { offsetResetSchema, profileSchema, topicNameSchema } from '../../../model/kafka/consumer/setup.js';
import { nameRecordSchema } from '../../../model/kafka/names.js';
import { boundedInt, depthSchema, distinct, someDistinct } from '../../explore/bounds-schema.js';

/** At most eight partitions in all, also after metadata growth: `assign` and `rebalance` enumerate every subset. */
export const maxExplorationPartitions = 8;

/** topic → partitions: one to four topics. */
export const explorationTopicsSchema = nameRecordSchema(topicNameSchema, boundedInt(1, maxExplorationPartitions)).refine(
  (topics) => Object.keys(topics).length >= 1 && Object.keys(topics).length <= 4,
  'one to four topics',
);

/** Partitions of all topics once each has grown to `maxPartitions`. */
function grownPartitions(topics: Readonly<Record<string, number>>, maxPartitions: number): number {
  return Object.values(topics).reduce((sum, n) => sum + Math.max(n, maxPartitions), 0);
}

export const kafkaConsumerBoundsSchema = z
  .strictObject({
    topics: explorationTopicsSchema,
    profiles: someDistinct(profileSchema, 2, 'profiles'),
    resets: someDistinct(offsetResetSchema, 3, 'resets'),
    maxOffset: boundedInt(0, 8),
    patterns: distinct(z.string().max(64), 4, 'patterns'),
    maxPartitions: boundedInt(1, maxExplorationPartitions),
    maxDepth: depthSchema,
  })
  .refine((b) => grownPartitions(b.topics, b.maxPartitions) <= maxExplorationPartitions, {
    message: `at most ${maxExplorationPartitions} partitions in all once every topic has grown to maxPartitions`,
    path: ['maxPartitions'],
  });
