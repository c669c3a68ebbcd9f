/**
 * The worker side of the `kafkajs-offsets` target (runs in the kafkajs worker thread, see `../async-bridge.ts`): one
 * kafkajs@2.2.4 consumer's offset handling per scenario, driven through the library's own objects —
 * `ConsumerGroup` (`src/consumer/consumerGroup.js`: `seek` into its `SeekOffsets`, `[SYNC]` building a new
 * `OffsetManager` for each assignment, `fetch` applying pending seeks and resolving offsets before it asks the broker,
 * `resolveOffset`, `commitOffsets`) and the argument checks of `consumer.seek` / `consumer.commitOffsets`
 * (`src/consumer/index.js`). kafkajs is run with `autoCommit: false`: the reference model has no auto-commit.
 *
 * The cluster, the coordinator and the broker are one small fake answering from the reference model's simulated
 * broker (partition logs, metadata, the group's committed offsets), each answer a resolved promise: `offsetFetch` and
 * `offsetCommit` read and write the group's offsets, `fetchTopicsOffset` answers the log start (EARLIEST) or log end
 * (LATEST), `fetch` answers the records from the fetch offset up to the high watermark or, for an offset outside the
 * log, throws `KafkaJSOffsetOutOfRange` as kafkajs's fetch response parser does (for the first such partition).
 *
 * The consumer is run (`consumer.run`, the group joined and synced) by the first `rebalance`; before it, kafkajs has no
 * consumer group, and after it `subscribe` is refused, as in `src/consumer/index.js`.
 */
import { tpKey, type TopicPartition } from '../../../model/kafka/topic-partition.js';
import { deleteRecords, produce } from '../../../model/kafka/consumer/cluster.js';
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import { kafkaConsumerSetupSchema } from '../../../model/kafka/consumer/setup.js';
import { initialState, type KafkaConsumerState } from '../../../model/kafka/consumer/state.js';
import { notRunning, subscribeWhileRunning } from './kafkajs-running.js';
import { subscribeMetadataRefusal } from './kafkajs-subscribe.js';
import { fail, ok, type Outcome } from '../../../model/outcome.js';
import { ownValue } from '../../../model/kafka/names.js';
import { requireLibrary } from '../library-require.js';
import { kafkajsLibrary } from '../libraries.js';

/** A request of the offsets target. */
export type OffsetsRequest =
  | { readonly op: 'offsets.open'; readonly session: number; readonly setup: unknown }
  | { readonly op: 'offsets.step'; readonly session: number; readonly command: KafkaConsumerCommand }
  | { readonly op: 'offsets.observe'; readonly session: number }
  | { readonly op: 'offsets.close'; readonly session: number };

/** One assigned partition as observed: the offset the next fetch asks for, null while kafkajs has none yet. */
export interface OffsetsPartition {
  readonly topic: string;
  readonly partition: number;
  readonly position: number | null;
}

/** What a step answers: the outcome, or a crash (an error that is not kafkajs's own) for a target failure. */
export type OffsetsStepAnswer = { readonly outcome: Outcome } | { readonly crash: string };

/** kafkajs's offsets as it passes them: strings, numbers or its `Long`. */
type OffsetValue = string | number | { toString(): string };

interface TopicPartitionsArg {
  readonly topic: string;
  readonly partitions: number[];
}

interface Message {
  readonly offset: string;
}

interface Batch {
  readonly topic: string;
  readonly partition: number;
  readonly messages: Message[];
}

/** The part of kafkajs's OffsetManager the target reads. */
interface OffsetManager {
  committedOffsets(): Record<string, Record<string, OffsetValue | undefined>>;
  resolvedOffsets: Record<string, Record<string, OffsetValue | undefined>>;
}

/** The part of kafkajs's ConsumerGroup the target calls. */
interface ConsumerGroup {
  generationId: number | null;
  memberId: string | null;
  leaderId: string | null;
  coordinator: unknown;
  offsetManager: OffsetManager | null;
  seek(seek: { topic: string; partition: number; offset: string }): void;
  hasSeekOffset(tp: { topic: string; partition: number }): boolean;
  seekOffset: Map<string, string>;
  resolveOffset(offset: { topic: string; partition: number; offset: string }): void;
  commitOffsets(offsets?: { topics: Array<{ topic: string; partitions: Array<{ partition: number; offset: OffsetValue; metadata: null }> }> }): Promise<void>;
  fetch(nodeId: number): Promise<Batch[]>;
  assigned(): TopicPartitionsArg[];
}

interface Long {
  lessThan(other: number): boolean;
  toString(): string;
}

interface Kafkajs {
  readonly AssignerProtocol: {
    readonly MemberAssignment: { encode(assignment: { version: number; assignment: Record<string, number[]>; userData: Buffer }): Buffer };
  };
}

const kafkajs = requireLibrary<Kafkajs>(kafkajsLibrary);
const ConsumerGroupClass = requireLibrary<new (options: Record<string, unknown>) => ConsumerGroup>(kafkajsLibrary, 'src/consumer/consumerGroup');
const LongClass = requireLibrary<{ fromValue(value: OffsetValue): Long }>(kafkajsLibrary, 'src/utils/long');
const { createLogger, LEVELS } = requireLibrary<{ createLogger(options: { level: number; logCreator: () => () => void }): unknown; LEVELS: { NOTHING: number } }>(kafkajsLibrary, 'src/loggers');
const InstrumentationEventEmitter = requireLibrary<new () => unknown>(kafkajsLibrary, 'src/instrumentation/emitter');
const { KafkaJSError, KafkaJSOffsetOutOfRange } = requireLibrary<{
  KafkaJSError: new (message: string) => Error;
  KafkaJSOffsetOutOfRange: new (cause: Error, where: { topic: string; partition: number }) => Error;
}>(kafkajsLibrary, 'src/errors');
const { createErrorFromCode } = requireLibrary<{ createErrorFromCode(code: number): Error }>(kafkajsLibrary, 'src/protocol/error');
const { EARLIEST_OFFSET, LATEST_OFFSET } = requireLibrary<{ EARLIEST_OFFSET: number; LATEST_OFFSET: number }>(kafkajsLibrary, 'src/constants');

/** kafkajs's `[SYNC]` (a private symbol method of ConsumerGroup's prototype). */
const syncSymbol = Object.getOwnPropertySymbols(ConsumerGroupClass.prototype).find((s) => s.description === 'private:ConsumerGroup:sync');
if (syncSymbol === undefined) throw new Error('kafkajs ConsumerGroup has no [SYNC] method: not kafkajs@2.2.4?');

const groupId = 'mqspec-group';
const memberId = 'mqspec-member';
const offsetOutOfRangeCode = 1;
const unknownTopicOrPartitionCode = 3;

/** `consumer.seek`'s special offsets: EARLIEST (-2) and LATEST (-1). */
const specialOffsets = [String(EARLIEST_OFFSET), String(LATEST_OFFSET)];

/** One scenario's consumer and the simulated broker it talks to. */
class OffsetsSession {
  /** The simulated broker: the model's state, of which only the cluster part (logs, metadata, group offsets) is used. */
  private broker: KafkaConsumerState;
  /** `consumer.subscribe`'s topic configurations (`{fromBeginning}` per topic), as `consumer.run` hands them on. */
  private readonly topicConfigurations: Record<string, { fromBeginning: boolean }> = {};
  private readonly fromBeginning: boolean;
  /** Created by `consumer.run` (the first rebalance). */
  private group: ConsumerGroup | undefined;
  private generation = 0;
  /** What the coordinator's next SyncGroup answer carries (the rebalance's partitions, as a `MemberAssignment`). */
  private pendingAssignment: Buffer = Buffer.alloc(0);
  /** kafkajs's per-group committed-offset cache, which `Cluster.committedOffsets({groupId})` keeps for OffsetManager. */
  private readonly committedCache: Record<string, Record<string, OffsetValue | undefined>> = {};

  constructor(setup: unknown) {
    const parsed = kafkaConsumerSetupSchema.parse(setup);
    this.broker = initialState(parsed);
    // kafkajs has no `none`: a topic starts from the beginning or from the end.
    this.fromBeginning = parsed.autoOffsetReset === 'earliest';
  }

  /** The fake Cluster: metadata, log start/end offsets and the committed-offset cache, from the simulated broker. */
  private cluster(): Record<string, unknown> {
    const partitionsOf = (topic: string): number => ownValue(this.broker.metadata, topic) ?? 0;
    return {
      refreshMetadata: async () => undefined,
      refreshMetadataIfNecessary: async () => undefined,
      findBroker: async () => this.fakeBroker(),
      findTopicPartitionMetadata: (topic: string) =>
        Array.from({ length: partitionsOf(topic) }, (_, partitionId) => ({ partitionId, leader: 0, replicas: [0], isr: [0], offlineReplicas: [] })),
      defaultOffset: ({ fromBeginning }: { fromBeginning: boolean }) => (fromBeginning ? EARLIEST_OFFSET : LATEST_OFFSET),
      committedOffsets: () => this.committedCache,
      fetchTopicsOffset: async (topics: Array<{ topic: string; partitions: Array<{ partition: number }>; fromBeginning?: boolean }>) =>
        topics.map(({ topic, partitions, fromBeginning }) => ({
          topic,
          partitions: partitions.map(({ partition }) => {
            const log = this.broker.logs[tpKey({ topic, partition })];
            const offset = log === undefined ? -1 : fromBeginning === true ? log.logStartOffset : log.highWatermark;
            return { partition, offset: String(offset) };
          }),
        })),
    };
  }

  /** The fake broker, also the group coordinator. */
  private fakeBroker(): Record<string, unknown> {
    return {
      isConnected: () => true,
      offsetCommit: async ({ topics }: { topics: Array<{ topic: string; partitions: Array<{ partition: number; offset: OffsetValue }> }> }) => {
        const offsets = topics.flatMap(({ topic, partitions }) => partitions.map(({ partition, offset }) => ({ topic, partition, offset: String(offset) })));
        // The simulated broker's rule (the model's): a partition the cluster does not have fails the whole commit.
        if (offsets.some((o) => o.partition < 0 || o.partition >= (ownValue(this.broker.metadata, o.topic) ?? 0))) throw createErrorFromCode(unknownTopicOrPartitionCode);
        const committed = { ...this.broker.groupCommitted };
        for (const o of offsets) committed[tpKey(o)] = Number(o.offset);
        this.broker = { ...this.broker, groupCommitted: committed };
        return { responses: [] };
      },
      offsetFetch: async ({ topics }: { topics: Array<{ topic: string; partitions: Array<{ partition: number }> }> }) => ({
        responses: topics.map(({ topic, partitions }) => ({
          topic,
          partitions: partitions.map(({ partition }) => ({ partition, offset: String(this.broker.groupCommitted[tpKey({ topic, partition })] ?? -1), metadata: '', errorCode: 0 })),
        })),
      }),
      syncGroup: async () => ({ memberAssignment: this.pendingAssignment }),
      fetch: async ({ topics }: { topics: Array<{ topic: string; partitions: Array<{ partition: number; fetchOffset: string }> }> }) => {
        for (const { topic, partitions } of topics) {
          for (const { partition, fetchOffset } of partitions) {
            const log = this.broker.logs[tpKey({ topic, partition })];
            const offset = Number(fetchOffset);
            if (log !== undefined && (offset < log.logStartOffset || offset > log.highWatermark)) {
              throw new KafkaJSOffsetOutOfRange(createErrorFromCode(offsetOutOfRangeCode), { topic, partition });
            }
          }
        }
        return {
          responses: topics.map(({ topic, partitions }) => ({
            topicName: topic,
            partitions: partitions.map(({ partition, fetchOffset }) => {
              const log = this.broker.logs[tpKey({ topic, partition })];
              const end = log?.highWatermark ?? 0;
              const from = Number(fetchOffset);
              const messages = Array.from({ length: Math.max(0, end - from) }, (_, i) => ({ offset: String(from + i), key: null, value: null, headers: {}, isControlRecord: false }));
              return { partition, errorCode: 0, highWatermark: String(end), lastStableOffset: String(end), abortedTransactions: [], preferredReadReplica: -1, messages };
            }),
          })),
        };
      },
    };
  }

  /** `consumer.subscribe({topics, fromBeginning})`: only before `run`; topics add to the subscription. */
  private subscribe(topics: readonly string[]): Outcome {
    if (this.group !== undefined) return subscribeWhileRunning;
    // The metadata refresh may reject the call (kafkajs-subscribe.ts). kafkajs has by then put the topics in its
    // consumer's `topics` map, so a later consumer.run would try to join with a topic the broker refuses; the
    // adapter leaves them out instead (a declared repair: with them, the fake broker's group never settles and the
    // worker stops answering), so after a refused subscribe the consumer goes on as Java's does.
    const refused = subscribeMetadataRefusal(topics);
    if (refused !== undefined) return refused;
    for (const topic of topics) this.topicConfigurations[topic] = { fromBeginning: this.fromBeginning };
    return ok();
  }

  /**
   * The coordinator's result: the first one runs the consumer (`consumer.run` creates the ConsumerGroup), each one is
   * a new generation whose SyncGroup answer carries the partitions, handled by kafkajs's own `[SYNC]`.
   */
  private async rebalance(partitions: readonly TopicPartition[]): Promise<Outcome> {
    const topics = Object.keys(this.topicConfigurations);
    this.group ??= new ConsumerGroupClass({
      retry: { retries: 0 },
      cluster: this.cluster(),
      groupId,
      topics,
      topicConfigurations: this.topicConfigurations,
      logger: createLogger({ level: LEVELS.NOTHING, logCreator: () => () => undefined }),
      instrumentationEmitter: new InstrumentationEventEmitter(),
      assigners: [],
      sessionTimeout: 30_000,
      rebalanceTimeout: 60_000,
      maxBytesPerPartition: 1_048_576,
      minBytes: 1,
      maxBytes: 10_485_760,
      maxWaitTimeInMs: 0,
      autoCommit: false,
      autoCommitInterval: null,
      autoCommitThreshold: null,
      isolationLevel: 1,
      rackId: '',
      metadataMaxAge: 300_000,
    });
    const assignment: Record<string, number[]> = {};
    for (const p of partitions) (assignment[p.topic] ??= []).includes(p.partition) || assignment[p.topic]?.push(p.partition);
    this.pendingAssignment = kafkajs.AssignerProtocol.MemberAssignment.encode({ version: 0, assignment, userData: Buffer.alloc(0) });
    this.generation += 1;
    Object.assign(this.group, { generationId: this.generation, memberId, leaderId: 'mqspec-leader', coordinator: this.fakeBroker() });
    await (this.group as unknown as Record<symbol, () => Promise<void>>)[syncSymbol as symbol]?.call(this.group);
    return ok();
  }

  /** `consumer.seek`'s argument checks, then `consumerGroup.seek` (the offset waits for the next fetch). */
  private seek(topic: string, partition: number, offset: number): Outcome {
    if (!topic) return fail('KafkaJSNonRetriableError', `Invalid topic ${topic}`);
    const seekOffset = LongClass.fromValue(offset);
    if (seekOffset.lessThan(0) && !specialOffsets.includes(seekOffset.toString())) return fail('KafkaJSNonRetriableError', 'Offset must not be a negative number');
    if (this.group === undefined) return notRunning;
    this.group.seek({ topic, partition, offset: seekOffset.toString() });
    return ok();
  }

  /** seekToBeginning / seekToEnd: `consumer.seek` to EARLIEST / LATEST for each listed (else each assigned) partition. */
  private seekToSpecial(partitions: readonly TopicPartition[], offset: number): Outcome {
    const targets = partitions.length > 0 ? partitions : this.assignedPartitions();
    for (const p of targets) {
      const outcome = this.seek(p.topic, p.partition, offset);
      if (!outcome.ok) return outcome;
    }
    return ok();
  }

  private assignedPartitions(): TopicPartition[] {
    return (this.group?.assigned() ?? []).flatMap(({ topic, partitions }) => partitions.map((partition) => ({ topic, partition })));
  }

  /**
   * `commitSync(offsets)`: `consumer.commitOffsets`' argument checks, then the runner's call
   * (`consumerGroup.commitOffsets({topics})`, without its retrier). `commitSync()`: what the runner's auto-commit
   * calls, `consumerGroup.commitOffsets()` (the resolved offsets not yet committed). Before the consumer runs,
   * kafkajs has no group to commit with.
   */
  private async commit(offsets: ReadonlyArray<{ topic: string; partition: number; offset: number }> | undefined): Promise<Outcome> {
    if (offsets === undefined) {
      if (this.group === undefined) return ok();
      await this.group.commitOffsets();
      return ok();
    }
    const byTopic = new Map<string, Array<{ partition: number; offset: OffsetValue; metadata: null }>>();
    for (const { topic, partition, offset } of offsets) {
      if (!topic) return fail('KafkaJSNonRetriableError', `Invalid topic ${topic}`);
      const commitOffset = LongClass.fromValue(offset);
      if (commitOffset.lessThan(0)) return fail('KafkaJSNonRetriableError', 'Offset must not be a negative number');
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), { partition, offset: commitOffset, metadata: null }]);
    }
    if (this.group === undefined) return notRunning;
    await this.group.commitOffsets({ topics: [...byTopic].map(([topic, partitions]) => ({ topic, partitions })) });
    return ok();
  }

  /**
   * `poll(maxRecords)`: one `consumerGroup.fetch` (pending seeks applied, offsets resolved, records fetched, an
   * out-of-range offset reset to the default), its batches consumed as the runner's `processEachMessage` does —
   * `resolveOffset` after each message, stopping at a pending seek — up to `maxRecords` records in all.
   */
  private async poll(maxRecords: number): Promise<Outcome> {
    if (this.group === undefined) return ok([]);
    const batches = await this.group.fetch(0);
    const records: Array<{ topic: string; partition: number; offset: number }> = [];
    for (const batch of batches) {
      for (const message of batch.messages) {
        if (records.length >= maxRecords || this.group.hasSeekOffset({ topic: batch.topic, partition: batch.partition })) break;
        records.push({ topic: batch.topic, partition: batch.partition, offset: Number(message.offset) });
        this.group.resolveOffset({ topic: batch.topic, partition: batch.partition, offset: message.offset });
      }
    }
    return ok(records);
  }

  /** `committed(tp)`: the group's answer to OffsetFetch (what `admin.fetchOffsets` reads); -1 is "none". */
  private async committed(partition: TopicPartition): Promise<Outcome> {
    const broker = this.fakeBroker() as { offsetFetch(request: unknown): Promise<{ responses: Array<{ partitions: Array<{ offset: string }> }> }> };
    const { responses } = await broker.offsetFetch({ groupId, topics: [{ topic: partition.topic, partitions: [{ partition: partition.partition }] }] });
    const offset = responses[0]?.partitions[0]?.offset ?? '-1';
    return ok(offset === '-1' ? null : Number(offset));
  }

  /** The simulated broker's environment commands (the model's own functions). */
  private environment(step: (state: KafkaConsumerState) => { state: KafkaConsumerState; outcome: Outcome }): Outcome {
    const result = step(this.broker);
    this.broker = { ...this.broker, logs: result.state.logs };
    return result.outcome;
  }

  async step(command: KafkaConsumerCommand): Promise<Outcome> {
    switch (command.type) {
      case 'subscribe':
        return this.subscribe(command.topics);
      case 'rebalance':
        return this.rebalance(command.partitions);
      case 'seek':
        return this.seek(command.partition.topic, command.partition.partition, command.offset);
      case 'seekToBeginning':
        return this.seekToSpecial(command.partitions, EARLIEST_OFFSET);
      case 'seekToEnd':
        return this.seekToSpecial(command.partitions, LATEST_OFFSET);
      case 'commitSync':
        return this.commit(command.offsets);
      case 'poll':
        return this.poll(command.maxRecords ?? 500);
      case 'committed':
        return this.committed(command.partition);
      case 'produce':
        return this.environment((state) => produce(state, command, command.count));
      case 'deleteRecords':
        return this.environment((state) => deleteRecords(state, command, command.beforeOffset));
      default:
        throw new Error(`kafkajs offsets: ${command.type} is not a declared command`);
    }
  }

  /**
   * Each assigned partition with the offset the next fetch asks for, once kafkajs has one: a pending seek's offset
   * (a special one, EARLIEST / LATEST, is resolved by the fetch: null); else the offset the fetch resolved for it
   * (`resolvedOffsets`, which `OffsetManager.nextOffset` fills from the committed-offset cache at the first fetch after
   * an assignment, and `resolveOffset` moves after each record), 0 for an invalid one as `nextOffset` answers; null
   * before the first fetch of the assignment, as Java's position is null until the poll resolves it.
   */
  observe(): Record<string, OffsetsPartition> {
    const partitions: Record<string, OffsetsPartition> = {};
    const manager = this.group?.offsetManager ?? null;
    for (const { topic, partition } of this.assignedPartitions()) {
      partitions[tpKey({ topic, partition })] = { topic, partition, position: this.positionOf(manager, topic, partition) };
    }
    return partitions;
  }

  private positionOf(manager: OffsetManager | null, topic: string, partition: number): number | null {
    const pending = this.group?.seekOffset.get(JSON.stringify([topic, partition]));
    if (pending !== undefined) return Number(pending) >= 0 ? Number(pending) : null;
    const resolved = manager?.resolvedOffsets[topic]?.[partition];
    if (resolved === undefined || resolved === null) return null;
    return isInvalid(resolved) ? 0 : Number(String(resolved));
  }
}

/** kafkajs's `isInvalidOffset`: missing or negative. */
function isInvalid(offset: OffsetValue | undefined | null): boolean {
  return (!offset && offset !== 0) || LongClass.fromValue(offset).lessThan(0);
}


const sessions = new Map<number, OffsetsSession>();

/** Serves one request of the offsets target. */
export async function serveOffsets(request: OffsetsRequest): Promise<unknown> {
  switch (request.op) {
    case 'offsets.open':
      sessions.set(request.session, new OffsetsSession(request.setup));
      return null;
    case 'offsets.close':
      sessions.delete(request.session);
      return null;
    case 'offsets.observe':
      return session(request.session).observe();
    case 'offsets.step': {
      try {
        const answer: OffsetsStepAnswer = { outcome: await session(request.session).step(request.command) };
        return answer;
      } catch (error) {
        // kafkajs's own errors (KafkaJSError and its subclasses) are its answers; anything else (a TypeError inside
        // the library, an error of this wrapper) is a target failure.
        if (error instanceof KafkaJSError) return { outcome: fail(error.name, error.message) } satisfies OffsetsStepAnswer;
        return { crash: String(error instanceof Error ? (error.stack ?? error.message) : error) } satisfies OffsetsStepAnswer;
      }
    }
  }
}

function session(id: number): OffsetsSession {
  const found = sessions.get(id);
  if (found === undefined) throw new Error(`kafkajs offsets: no session ${id}`);
  return found;
}
