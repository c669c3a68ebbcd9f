/**
 * What each command answers: per system, the schema of a successful outcome's `value` for the commands that answer
 * one; every other command answers `{"ok":true}` with no value. A failure is always `{"ok":false,"error":
 * "JavaExceptionName","message"?}`. Where the model names the value's type (PolledRecord, PullAnswer,
 * SubscriptionData, DeliverVerdict, MessageQueue), tsc checks the schema infers exactly it; every outcome the model
 * gives on generated scenarios is checked against these by test/reports/json-schemas.test.ts, so a command that starts
 * answering a value, or a changed value, fails there.
 */
import { z } from 'zod';
import type { PolledRecord } from './kafka/consumer/fetcher.js';
import type { DeliverVerdict } from './rocketmq/filter/filter-commands.js';
import type { SubscriptionData } from './rocketmq/filter/subscription-data.js';
import { messageQueueSchema, type MessageQueue } from './rocketmq/message-queue.js';
import type { PullAnswer } from './rocketmq/group/pull.js';
import type { SystemId } from './system.js';
import { names, topicPartitionShape, wholeNumber as offset, type Same } from './json-shapes.js';

const polledRecord = z.object({ topic: z.string(), partition: z.number().int(), offset }).readonly();
const messageQueue = messageQueueSchema.readonly();
const subscriptionData = z.object({ topic: z.string(), subString: z.string(), tagsSet: names, codeSet: z.array(z.number().int()).readonly() }).readonly();
const deliverVerdict = z.object({ tagsCode: z.number().int(), broker: z.boolean(), client: z.boolean() }).readonly();
const pullAnswer = z
  .object({
    queue: messageQueue,
    status: z.enum(['FOUND', 'NO_NEW_MSG', 'NO_MATCHED_MSG']),
    messages: z.array(z.object({ queueOffset: offset, tags: z.string().nullable() }).readonly()).readonly(),
    nextBeginOffset: offset,
  })
  .readonly();

/** The commands of a kafka consumer that answer a value, shared by kafka.group's members. */
const consumerValues = {
  /** `poll`: the records, in Java's order. */
  poll: z.array(polledRecord).readonly(),
  /** `position(partition)`. */
  position: offset,
  /** `committed(partition)`: the offset, or null when the group has none. */
  committed: offset.nullable(),
};

/** Per system, the commands that answer a value → the value's schema (a command not listed answers none). */
export const answerValueSchemas: Readonly<Record<SystemId, Readonly<Record<string, z.ZodType>>>> = {
  'kafka.consumer': consumerValues,
  'kafka.group': {
    ...consumerValues,
    /** The coordinator's rebalance: the new generation, its leader and member → partitions. */
    rebalance: z.object({ generation: z.number().int(), leader: z.string().nullable(), assignment: z.record(z.string(), z.array(topicPartitionShape)) }),
  },
  'rocketmq.allocate': { allocate: z.array(messageQueue).readonly() },
  'rocketmq.filter': { buildSubscriptionData: subscriptionData, hashCode: z.number().int(), deliver: deliverVerdict },
  'rocketmq.group': {
    pull: pullAnswer,
    /** Where the message was stored. */
    produce: z.object({ queue: messageQueue, queueOffset: offset }),
  },
};

/** A failed outcome, the same for every command. */
export const failureSchema = z.object({ ok: z.literal(false), error: z.string().min(1), message: z.string().optional() });

/** The whole outcome of one command of `system`: its success (with its value, or none) or a failure. */
export function outcomeSchema(system: SystemId, commandType: string): z.ZodType {
  const value = answerValueSchemas[system][commandType];
  const success = value === undefined ? z.strictObject({ ok: z.literal(true) }) : z.strictObject({ ok: z.literal(true), value });
  return z.union([success, failureSchema]);
}

// Where the model names the value's type, the schema infers exactly it (tsc fails here otherwise).
const answersMatch: [
  Same<z.infer<typeof polledRecord>, PolledRecord>,
  Same<z.infer<typeof messageQueue>, MessageQueue>,
  Same<z.infer<typeof subscriptionData>, SubscriptionData>,
  Same<z.infer<typeof deliverVerdict>, DeliverVerdict>,
  Same<z.infer<typeof pullAnswer>, PullAnswer>,
] = [true, true, true, true, true];
void answersMatch;
