/** The JSON bounds of a `kafka.group` exploration scope, as scope files give them (`KafkaGroupBounds`). */
import { z } from 'zod';
import { offsetResetSchema } from '../../../model/kafka/consumer/setup.js';
import type { KafkaGroupClientType } from '../../../model/kafka/group/commands.js';
import { assignorNameSchema } from '../../../model/kafka/group/setup.js';
import { boundedInt, clientNameSchema, depthSchema, someDistinct } from '../../explore/bounds-schema.js';
import { explorationTopicsSchema, maxExplorationPartitions } from '../consumer/exploration-bounds.js';

/** Every member call (each client call of kafka.consumer but the member-level rebalance), checked complete by the type. */
const memberCalls: Readonly<Record<KafkaGroupClientType, true>> = {
  subscribe: true,
  subscribePattern: true,
  assign: true,
  unsubscribe: true,
  seek: true,
  seekToBeginning: true,
  seekToEnd: true,
  pause: true,
  resume: true,
  pauseTopics: true,
  resumeTopics: true,
  poll: true,
  commitSync: true,
  position: true,
  committed: true,
};
const memberCallSchema = z.enum(Object.keys(memberCalls) as [KafkaGroupClientType, ...KafkaGroupClientType[]]);

export const kafkaGroupBoundsSchema = z
  .strictObject({
    consumers: someDistinct(clientNameSchema, 4, 'consumers'),
    topics: explorationTopicsSchema,
    assignors: someDistinct(assignorNameSchema, 2, 'assignors'),
    resets: someDistinct(offsetResetSchema, 3, 'resets'),
    maxOffset: boundedInt(0, 8),
    maxGeneration: boundedInt(0, 8),
    memberCalls: someDistinct(memberCallSchema, 13, 'member calls'),
    maxDepth: depthSchema,
  })
  .refine((b) => Object.values(b.topics).reduce((sum, n) => sum + n, 0) <= maxExplorationPartitions, {
    message: `at most ${maxExplorationPartitions} partitions in all`,
    path: ['topics'],
  });
