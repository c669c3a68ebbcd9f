/**
 * The `rocketmq.group` command vocabulary, named after the push consumer's API and the client's background work
 * (heartbeat, rebalance and pull run on separate threads in the real client, so each is its own command), plus the
 * environment's facts: `produce` and `commitLogGrows`. Schemas validate scenario input; the docs feed docs/catalog.md.
 */
import { z } from 'zod';
import { messageQueueSchema } from '../message-queue.js';
import type { CommandDoc } from '../../system.js';
import { nameRecord } from '../../name-record.js';
import { EXPRESSION_MAX_LENGTH, NAME_MAX_LENGTH, PRODUCE_COUNT_MAX, PULL_BATCH_SIZE_MAX, TABLE_ENTRIES_MAX, TOPIC_MAX_LENGTH, boundedString } from '../limits.js';

const client = boundedString(NAME_MAX_LENGTH, 'a client id').min(1, 'a client id must not be empty');
// Topics a client names are checked by the model (an unknown topic is an answer), only their length here.
const topic = boundedString(TOPIC_MAX_LENGTH, 'a topic name');
const expression = boundedString(EXPRESSION_MAX_LENGTH, 'an expression');

export const rocketmqGroupCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), client, subscriptions: nameRecord(topic, expression, TABLE_ENTRIES_MAX) }),
  z.object({ type: z.literal('subscribe'), client, topic, expression }),
  z.object({ type: z.literal('unsubscribe'), client, topic }),
  z.object({ type: z.literal('heartbeat'), client }),
  z.object({ type: z.literal('rebalance'), client }),
  z.object({
    type: z.literal('pull'),
    client,
    queue: messageQueueSchema.optional(),
    /** `pullBatchSize`, which `checkConfig` keeps in [1, 1024]. */
    maxMsgs: z.number().int().positive().max(PULL_BATCH_SIZE_MAX, `maxMsgs must be at most ${PULL_BATCH_SIZE_MAX} (pullBatchSize out of range [1, 1024])`).optional(),
  }),
  z.object({ type: z.literal('shutdown'), client }),
  z.object({
    type: z.literal('produce'),
    topic,
    broker: boundedString(NAME_MAX_LENGTH, 'a broker name').optional(),
    queueId: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1),
    tags: boundedString(NAME_MAX_LENGTH, 'a tag').optional(),
    count: z.number().int().min(1, 'produce: count must be at least 1').max(PRODUCE_COUNT_MAX, `produce: count must be at most ${PRODUCE_COUNT_MAX}`).optional(),
  }),
  z.object({ type: z.literal('commitLogGrows'), broker: boundedString(NAME_MAX_LENGTH, 'a broker name').optional() }),
]);
export type RocketmqGroupCommand = z.infer<typeof rocketmqGroupCommandSchema>;

/** The command types, for generators and docs. */
export type RocketmqGroupCommandType = RocketmqGroupCommand['type'];

const q0 = { topic: 'TopicTest', brokerName: 'broker-a', queueId: 0 };

/** One entry per command, in the order docs/catalog.md lists them. */
export const rocketmqGroupCommandDocs: readonly CommandDoc[] = [
  { type: 'start', summary: '`subscribe(topic, expression)` for each entry, then `start()`: the client registers and sends its first heartbeat (its rebalance is a separate step).', example: { type: 'start', client: 'c1', subscriptions: { TopicTest: 'TagA || TagB' } } },
  { type: 'subscribe', summary: '`subscribe(topic, expression)` on a started client: builds the subscription with subVersion = now and heartbeats at once (after `shutdown()` only the client\'s own table changes: there is nothing left to heartbeat).', example: { type: 'subscribe', client: 'c1', topic: 'TopicTest', expression: 'TagB' } },
  { type: 'unsubscribe', summary: '`unsubscribe(topic)`: the topic leaves the client\'s own subscriptions (also after `shutdown()`); no heartbeat (the broker learns at the next one).', example: { type: 'unsubscribe', client: 'c1', topic: 'TopicTest' } },
  { type: 'heartbeat', summary: 'The client\'s periodic heartbeat: its own subscriptions go to every broker (`registerConsumer`); the group\'s topic set becomes the sender\'s.', example: { type: 'heartbeat', client: 'c1' } },
  { type: 'rebalance', summary: 'One `doRebalance` of the client: per own topic, the strategy over sorted mqAll and cidAll; a changed share bumps the topic\'s subVersion and heartbeats.', example: { type: 'rebalance', client: 'c1' } },
  { type: 'pull', summary: 'One pull of a held queue (default: the first with new messages): broker checks and tag-code filter with the group\'s subscription, then the client\'s own tag filter; at most `maxMsgs` (default 32) and never more than 32 messages from memory or 8 from disk, with at most max(800, maxMsgs) entries scanned; answers `{queue, status, messages, nextBeginOffset}`.', example: { type: 'pull', client: 'c1', queue: q0, maxMsgs: 32 } },
  { type: 'shutdown', summary: '`shutdown()`: persists the held queues\' offsets and unregisters the client (its subscriptions stay in the group\'s table).', example: { type: 'shutdown', client: 'c1' } },
  { type: 'produce', summary: 'Environment: one message (or `count` alike, a batch) with optional `tags` is stored in a queue (`broker` defaults to the first broker); answers the (first) queue offset.', example: { type: 'produce', topic: 'TopicTest', broker: 'broker-a', queueId: 0, tags: 'TagA' }, environment: true },
  { type: 'commitLogGrows', summary: "Environment: the broker's commit log grows by more than `accessMessageInMemoryMaxRatio` (40 %) of its memory (other topics' traffic), so every message it stored so far is read from disk: a pull transfers at most 8 of them, and a new group's offset query on a queue whose head is on disk answers QUERY_NOT_FOUND instead of 0 (`broker` defaults to the first broker).", example: { type: 'commitLogGrows', broker: 'broker-a' }, environment: true },
];
