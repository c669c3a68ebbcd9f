/**
 * The `kafka.consumer` command vocabulary, named after `KafkaConsumer`'s API (and the environment's facts
 * `produce` / `deleteRecords`). Schemas validate scenario input; the docs feed docs/catalog.md.
 */
import { z } from 'zod';
import type { CommandDoc } from '../../system.js';
import { maxTopicNameLength, partitionOffsetSchema, topicPartitionCountsSchema } from './setup.js';

/**
 * The most records one `poll` may ask for. Java's `max.poll.records` (default 500) has no upper bound, but every
 * returned record is a value the model builds, so mqspec refuses more than this many per poll.
 */
export const maxPollRecordsLimit = 10_000;

/**
 * The most records one `produce` may append. Logs are offset ranges, so a large count costs nothing; the limit keeps
 * offsets exact (200,000 produces of this many stay far below 2^53).
 */
export const maxProduceCount = 1_000_000_000;

/** A topic named in a command: any string (the model answers Java's errors for blank or unknown ones), at most 249 characters. */
const topicName = z.string().max(maxTopicNameLength, `a topic name must be at most ${maxTopicNameLength} characters (Kafka's limit)`);

const partitionSchema = z.object({ topic: topicName, partition: z.number().int() });
const partitions = z.array(partitionSchema);

export const kafkaConsumerCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(topicName) }),
  z.object({ type: z.literal('subscribePattern'), pattern: z.string() }),
  z.object({ type: z.literal('assign'), partitions }),
  z.object({ type: z.literal('unsubscribe') }),
  z.object({ type: z.literal('rebalance'), partitions }),
  z.object({ type: z.literal('metadataUpdate'), topics: topicPartitionCountsSchema }),
  z.object({ type: z.literal('seek'), partition: partitionSchema, offset: z.number().int() }),
  z.object({ type: z.literal('seekToBeginning'), partitions }),
  z.object({ type: z.literal('seekToEnd'), partitions }),
  z.object({ type: z.literal('pause'), partitions }),
  z.object({ type: z.literal('resume'), partitions }),
  z.object({ type: z.literal('pauseTopics'), topics: z.array(topicName) }),
  z.object({ type: z.literal('resumeTopics'), topics: z.array(topicName) }),
  z.object({ type: z.literal('poll'), maxRecords: z
      .number()
      .int()
      .positive()
      .max(maxPollRecordsLimit, `maxRecords must be at most ${maxPollRecordsLimit.toLocaleString('en-US')} (mqspec's limit on records per poll)`)
      .optional(),
  }),
  z.object({
    type: z.literal('commitSync'),
    offsets: z.array(partitionOffsetSchema.extend({ offset: z.number().int() })).optional(),
  }),
  z.object({ type: z.literal('position'), partition: partitionSchema }),
  z.object({ type: z.literal('committed'), partition: partitionSchema }),
  z.object({
    type: z.literal('produce'),
    topic: topicName,
    partition: z.number().int(),
    count: z.number().int().positive().max(maxProduceCount, `count must be at most ${maxProduceCount.toLocaleString('en-US')} (mqspec's limit per produce)`),
  }),
  z.object({
    type: z.literal('deleteRecords'),
    topic: topicName,
    partition: z.number().int(),
    beforeOffset: z.number().int().nonnegative(),
  }),
]);
export type KafkaConsumerCommand = z.infer<typeof kafkaConsumerCommandSchema>;

/** The command types, for generators and docs. */
export type KafkaConsumerCommandType = KafkaConsumerCommand['type'];

const t0 = { topic: 'orders', partition: 0 };

/** One entry per command, in the order docs/catalog.md lists them. */
export const kafkaConsumerCommandDocs: readonly CommandDoc[] = [
  { type: 'subscribe', summary: '`subscribe(topics)`: automatic assignment of the topics\' partitions by the group; an empty list unsubscribes.', example: { type: 'subscribe', topics: ['orders'] } },
  { type: 'subscribePattern', summary: '`subscribe(Pattern)`: subscribe to every topic whose whole name matches (internal topics excluded); the first poll that joins matches it against the cluster, later the subscription follows each `metadataUpdate`.', example: { type: 'subscribePattern', pattern: 'orders.*' } },
  { type: 'assign', summary: '`assign(partitions)`: manual assignment (`assignFromUser`); kept partitions keep their state; an empty list unsubscribes.', example: { type: 'assign', partitions: [t0] } },
  { type: 'unsubscribe', summary: '`unsubscribe()`: drops subscription, pattern and assignment; the mode returns to NONE.', example: { type: 'unsubscribe' } },
  { type: 'rebalance', summary: 'The coordinator\'s result arriving (`assignFromSubscribed`): every listed partition starts from fresh state.', example: { type: 'rebalance', partitions: [t0] } },
  { type: 'metadataUpdate', summary: 'New cluster metadata (topic → partitions); under a pattern subscription it recomputes the subscribed topics.', example: { type: 'metadataUpdate', topics: { orders: 2, 'orders-eu': 1 } } },
  { type: 'seek', summary: '`seek(partition, offset)`: the next poll fetches from `offset`.', example: { type: 'seek', partition: t0, offset: 5 } },
  { type: 'seekToBeginning', summary: '`seekToBeginning(partitions)`: reset to the log start at the next poll; an empty list means every assigned partition.', example: { type: 'seekToBeginning', partitions: [t0] } },
  { type: 'seekToEnd', summary: '`seekToEnd(partitions)`: reset to the log end at the next poll; an empty list means every assigned partition.', example: { type: 'seekToEnd', partitions: [] } },
  { type: 'pause', summary: '`pause(partitions)`: stop fetching them; positions stay.', example: { type: 'pause', partitions: [t0] } },
  { type: 'resume', summary: '`resume(partitions)`: fetch them again.', example: { type: 'resume', partitions: [t0] } },
  { type: 'pauseTopics', summary: 'A whole-topic pause, which KafkaConsumer has no method for: what a Java user writes, `pause(assignment()` filtered to the topics`)`. Only partitions assigned now are paused; one assigned later starts unpaused. Libraries that offer the form (kafkajs: `consumer.pause([{topic}])`) are checked against it.', example: { type: 'pauseTopics', topics: ['orders'] } },
  { type: 'resumeTopics', summary: 'A whole-topic resume: `resume(assignment()` filtered to the topics`)`.', example: { type: 'resumeTopics', topics: ['orders'] } },
  { type: 'poll', summary: '`poll()`: a consumer that must (re)join the group starts the rejoin and answers `[]` until the coordinator\'s `rebalance`; otherwise update fetch positions (reset, committed offsets), then return records fetched earlier, else fetch: at most `maxRecords` (default 500); answers the records `[{topic, partition, offset}]`.', example: { type: 'poll', maxRecords: 10 } },
  { type: 'commitSync', summary: '`commitSync()` commits every position (`allConsumed`); `commitSync(offsets)` commits the given offsets. A subscribed consumer without a completed join fails with CommitFailedException (1.0); an unknown partition with KafkaException.', example: { type: 'commitSync', offsets: [{ ...t0, offset: 3 }] } },
  { type: 'position', summary: '`position(partition)`: answers the position, resolving a missing one as `poll` would (committed offset, else the reset strategy) for every assigned partition (1.0; 0.10.0 only this one); an unassigned partition throws IllegalArgumentException; a partition whose topic has no log answers TimeoutException (Java 1.0 blocks forever).', example: { type: 'position', partition: t0 } },
  { type: 'committed', summary: '`committed(partition)`: answers the group\'s committed offset or `null`.', example: { type: 'committed', partition: t0 } },
  { type: 'produce', summary: 'Environment: `count` records are appended to the partition\'s log.', example: { type: 'produce', topic: 'orders', partition: 0, count: 3 }, environment: true },
  { type: 'deleteRecords', summary: 'Environment: `AdminClient.deleteRecords`: the log start offset moves up to `beforeOffset` (at most the high watermark).', example: { type: 'deleteRecords', topic: 'orders', partition: 0, beforeOffset: 2 }, environment: true },
];
