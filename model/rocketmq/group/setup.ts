/**
 * The setup of a `rocketmq.group` scenario: one consumer group on a small cluster. Mirrors the knobs of
 * `DefaultMQPushConsumer` (apache/rocketmq rocketmq-all-4.9.8) that decide rebalancing and pulling —
 * `allocateMessageQueueStrategy`, `messageModel`, `consumeFromWhere`, `consumeTimestamp`,
 * `postSubscriptionWhenPull` — and the brokers and topics every client routes to.
 */
import { z } from 'zod';
import { createStrategy, strategySpecSchema, type StrategySpec } from '../allocate/strategies.js';

/** `MessageModel`: CLUSTERING shares the queues of a topic among the clients; BROADCASTING gives every client all. */
export const messageModelSchema = z.enum(['CLUSTERING', 'BROADCASTING']);
export type MessageModel = z.infer<typeof messageModelSchema>;

/** `ConsumeFromWhere` values that 4.9.8 still honours (the others are deprecated aliases of LAST_OFFSET). */
export const consumeFromWhereSchema = z.enum(['CONSUME_FROM_LAST_OFFSET', 'CONSUME_FROM_FIRST_OFFSET', 'CONSUME_FROM_TIMESTAMP']);
export type ConsumeFromWhere = z.infer<typeof consumeFromWhereSchema>;

/** `TopicValidator.VALID_PATTERN_STR`: a topic is letters, digits, `%`, `|`, `_` and `-`. */
const topicName = z.string().regex(/^[%|a-zA-Z0-9_-]+$/, 'a topic name must match ^[%|a-zA-Z0-9_-]+$ (TopicValidator)');

/** A broker name; `/` is kept out because the model's queue keys use it as separator. */
const brokerName = z.string().min(1, 'a broker name must not be empty').regex(/^[^/]+$/, 'a broker name must not contain "/"');

const strategy = strategySpecSchema.refine((spec: StrategySpec) => createStrategy(spec).ok, {
  message: 'the strategy cannot be constructed (its Java constructor throws IllegalArgumentException)',
});

export const rocketmqGroupSetupSchema = z.object({
  /** The consumer group every client belongs to. */
  group: z.string().min(1).default('GID_demo'),
  /** Broker names; every topic has `queuesPerBroker` queues on every broker. */
  brokers: z
    .array(brokerName)
    .min(1)
    .refine((names) => new Set(names).size === names.length, 'broker names must be unique')
    .default(['broker-a']),
  /** topic → queues per broker (`readQueueNums` = `writeQueueNums`). */
  topics: z.record(topicName, z.number().int().positive()),
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
});

/** A validated setup, every default filled in. */
export type RocketmqGroupSetup = z.infer<typeof rocketmqGroupSetupSchema>;
