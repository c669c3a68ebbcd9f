/**
 * The setup of a `rocketmq.group` scenario: one consumer group on a small cluster. Mirrors the knobs of
 * `DefaultMQPushConsumer` (apache/rocketmq rocketmq-all-4.9.8) that decide rebalancing and pulling —
 * `allocateMessageQueueStrategy`, `messageModel`, `consumeFromWhere`, `consumeTimestamp`,
 * `postSubscriptionWhenPull` — and the brokers and topics every client routes to.
 */
import { z } from 'zod';
import { createStrategy, strategySpecSchema, type StrategySpec } from '../allocate/strategies.js';
import { nameRecord } from '../../name-record.js';
import {
  BROKERS_MAX,
  CLUSTER_QUEUES_MAX,
  NAME_MAX_LENGTH,
  QUEUES_PER_BROKER_MAX,
  TOPIC_MAX_LENGTH,
  TOPICS_MAX,
  boundedString,
} from '../limits.js';

/** `MessageModel`: CLUSTERING shares the queues of a topic among the clients; BROADCASTING gives every client all. */
export const messageModelSchema = z.enum(['CLUSTERING', 'BROADCASTING']);
export type MessageModel = z.infer<typeof messageModelSchema>;

/** `ConsumeFromWhere` values that 4.9.8 still honours (the others are deprecated aliases of LAST_OFFSET). */
export const consumeFromWhereSchema = z.enum(['CONSUME_FROM_LAST_OFFSET', 'CONSUME_FROM_FIRST_OFFSET', 'CONSUME_FROM_TIMESTAMP']);
export type ConsumeFromWhere = z.infer<typeof consumeFromWhereSchema>;

/** `TopicValidator.VALID_PATTERN_STR`: a topic is letters, digits, `%`, `|`, `_` and `-`, at most 127 of them. */
export const topicNameSchema = boundedString(TOPIC_MAX_LENGTH, 'a topic name').regex(/^[%|a-zA-Z0-9_-]+$/, 'a topic name must match ^[%|a-zA-Z0-9_-]+$ (TopicValidator)');

/** A broker name; `/` is kept out because the model's queue keys use it as separator. */
const brokerName = boundedString(NAME_MAX_LENGTH, 'a broker name').min(1, 'a broker name must not be empty').regex(/^[^/]+$/, 'a broker name must not contain "/"');

const strategy = strategySpecSchema.refine((spec: StrategySpec) => createStrategy(spec).ok, {
  message: 'the strategy cannot be constructed (its Java constructor throws IllegalArgumentException)',
});

export const rocketmqGroupSetupSchema = z.object({
  /** The consumer group every client belongs to. */
  group: boundedString(NAME_MAX_LENGTH, 'a consumer group').min(1).default('GID_demo'),
  /** Broker names; every topic has `queuesPerBroker` queues on every broker. */
  brokers: z
    .array(brokerName)
    .min(1)
    .max(BROKERS_MAX, `at most ${BROKERS_MAX} brokers`)
    .refine((names) => new Set(names).size === names.length, 'broker names must be unique')
    .default(['broker-a']),
  /** topic → queues per broker (`readQueueNums` = `writeQueueNums`). */
  topics: nameRecord(topicNameSchema, z.number().int().positive().max(QUEUES_PER_BROKER_MAX, `at most ${QUEUES_PER_BROKER_MAX} queues per broker`), TOPICS_MAX),
  /** `allocateMessageQueueStrategy`, by Java `getName()` (default `AVG`). */
  strategy: strategy.default({ name: 'AVG' }),
  messageModel: messageModelSchema.default('CLUSTERING'),
  consumeFromWhere: consumeFromWhereSchema.default('CONSUME_FROM_LAST_OFFSET'),
  /** `consumeTimestamp` for CONSUME_FROM_TIMESTAMP, on the model's logical clock (Java: half an hour ago). */
  consumeTimestamp: z.number().int().nonnegative().default(0),
  /**
   * `postSubscriptionWhenPull` (default false): when true every pull carries the client's own expression and the
   * broker filters with it instead of the group's table — the per-client filtering design.
   */
  postSubscriptionWhenPull: z.boolean().default(false),
}).refine((setup) => clusterQueues(setup) <= CLUSTER_QUEUES_MAX, {
  message: `at most ${CLUSTER_QUEUES_MAX} queues in the cluster (topics × brokers × queues per broker)`,
  path: ['topics'],
});

/** How many queues the cluster has: every topic's queues on every broker. */
function clusterQueues(setup: { readonly brokers: readonly string[]; readonly topics: Readonly<Record<string, number>> }): number {
  return Object.values(setup.topics).reduce((sum, perBroker) => sum + perBroker * setup.brokers.length, 0);
}

/** A validated setup, every default filled in. */
export type RocketmqGroupSetup = z.infer<typeof rocketmqGroupSetupSchema>;
