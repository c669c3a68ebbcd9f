/**
 * The `rocketmq.allocate` setup and command vocabulary: one consumer group's queue-allocation strategy
 * (`AllocateMessageQueueStrategy`, apache/rocketmq rocketmq-all-4.9.8) and its `allocate` call, made by any
 * number of clients. Schemas validate scenario input; the docs feed docs/catalog.md.
 */
import { z } from 'zod';
import type { CommandDoc } from '../../system.js';
import { messageQueueSchema } from '../message-queue.js';
import { strategySpecSchema } from './strategies.js';
import { CLIENTS_MAX, NAME_MAX_LENGTH, QUEUE_LIST_MAX, boundedString } from '../limits.js';

/** The group and the strategy every client of it allocates with (`setAllocateMessageQueueStrategy`). */
export const rocketmqAllocateSetupSchema = z.object({
  /** The consumer group; Java passes it to `allocate` for logging only. */
  group: boundedString(NAME_MAX_LENGTH, 'a consumer group'),
  /** A strategy by its Java `getName()` with its options, e.g. `{"name": "CONSISTENT_HASH", "virtualNodeCnt": 10}`. */
  strategy: strategySpecSchema,
});
/** A validated `rocketmq.allocate` setup. */
export type RocketmqAllocateSetup = z.infer<typeof rocketmqAllocateSetupSchema>;

// Java passes nulls where the broker answered nothing; `null` and `[]` fail alike (CollectionUtils.isEmpty).
const clientId = boundedString(NAME_MAX_LENGTH, 'a client id');
const queues = z.array(messageQueueSchema).max(QUEUE_LIST_MAX, `at most ${QUEUE_LIST_MAX} queues`).nullable();
const clientIds = z.array(clientId).max(CLIENTS_MAX, `at most ${CLIENTS_MAX} clients`).nullable();

/** Validates a `rocketmq.allocate` command. */
export const rocketmqAllocateCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('allocate'), currentCID: clientId, mqAll: queues, cidAll: clientIds }),
]);
/** A validated `rocketmq.allocate` command. */
export type RocketmqAllocateCommand = z.infer<typeof rocketmqAllocateCommandSchema>;

const queue = (brokerName: string, queueId: number) => ({ topic: 'T', brokerName, queueId });

/** One entry per command, in the order docs/catalog.md lists them. */
export const rocketmqAllocateCommandDocs: readonly CommandDoc[] = [
  {
    type: 'allocate',
    summary:
      "`strategy.allocate(group, currentCID, mqAll, cidAll)` as `RebalanceImpl.rebalanceByTopic` calls it (both lists sorted by the caller): answers the client's queues, `[]` for a client not in cidAll, or IllegalArgumentException for an empty currentCID, mqAll or cidAll; a success becomes the client's latest allocation and view.",
    example: {
      type: 'allocate',
      currentCID: 'c0',
      mqAll: [queue('broker-a', 0), queue('broker-a', 1), queue('broker-b', 0)],
      cidAll: ['c0', 'c1'],
    },
  },
];
