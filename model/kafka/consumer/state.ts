/**
 * The state of one Kafka consumer and the bit of cluster it talks to. The consumer part mirrors
 * `org.apache.kafka.clients.consumer.internals.SubscriptionState` (apache/kafka 1.0.0, and 0.10.0.0 for the
 * `kafka-0.10.0` profile); the cluster part is the simulated partition logs, metadata and the group's offset store.
 */
import type { TopicPartition } from '../topic-partition.js';
import type { KafkaConsumerSetup, OffsetReset, Profile } from './setup.js';
import { tpKey } from '../topic-partition.js';

/** `SubscriptionType` (1.0); under 0.10.0 the same value is derived from which collection is non-empty. */
export type SubscriptionMode = 'NONE' | 'AUTO_TOPICS' | 'AUTO_PATTERN' | 'USER_ASSIGNED';

/**
 * A pending offset reset (`OffsetResetStrategy`), resolved at the next poll. NONE is what `auto.offset.reset=none`
 * leaves behind when a partition has no committed offset: it cannot be resolved, so every poll or position() throws
 * NoOffsetForPartitionException until a seek (or seekToBeginning / seekToEnd) replaces it.
 */
export type ResetStrategy = 'EARLIEST' | 'LATEST' | 'NONE';

/** `TopicPartitionState`: what the consumer knows of one assigned partition. */
export interface PartitionState {
  readonly tp: TopicPartition;
  /** The offset of the next record to fetch; null until resolved. */
  readonly position: number | null;
  /** The committed-offset cache (`committed(tp)` in 1.0's state); null until fetched or committed. */
  readonly committed: number | null;
  readonly paused: boolean;
  /** Non-null while a reset is pending; then position is null. */
  readonly resetStrategy: ResetStrategy | null;
}

/**
 * One fetch response the fetcher holds (`Fetcher.CompletedFetch`): a partition's records from `fetchOffset` up to
 * `end` (the high watermark when it was fetched), or OFFSET_OUT_OF_RANGE for `fetchOffset`.
 */
export interface CompletedFetch {
  readonly tp: TopicPartition;
  readonly fetchOffset: number;
  readonly end: number;
  readonly outOfRange: boolean;
  /**
   * Records of it were returned (1.0's `PartitionRecords` with `bytesRead > 0`): when it is drained, even empty or
   * dropped, its partition moves to the end of the fetch order. A response returned up to its end by a poll whose
   * `maxRecords` ran out there stays buffered with `fetchOffset === end` until the next poll drains it.
   */
  readonly returned?: boolean;
}

/** One partition's log: one replica, so the high watermark is the log end offset. */
export interface PartitionLog {
  readonly logStartOffset: number;
  readonly highWatermark: number;
}

/** The whole state of a `kafka.consumer` run. */
export interface KafkaConsumerState {
  readonly profile: Profile;
  readonly defaultResetStrategy: OffsetReset;
  /** Cluster metadata: topic → partition count. */
  readonly metadata: Readonly<Record<string, number>>;
  /** Logs by `tpKey`; a log exists for every partition metadata has ever listed. */
  readonly logs: Readonly<Record<string, PartitionLog>>;
  /** The group coordinator's committed offsets by `tpKey`. */
  readonly groupCommitted: Readonly<Record<string, number>>;
  /** Explicit in 1.0; under 0.10.0 kept in step with the collections so both profiles read alike. */
  readonly mode: SubscriptionMode;
  /** Subscribed topics, sorted (Java keeps a HashSet: order carries no meaning). */
  readonly subscription: readonly string[];
  readonly pattern: string | null;
  /** Sorted; ⊇ subscription. */
  readonly groupSubscription: readonly string[];
  /** Assigned partitions in assignment order. */
  readonly assignment: readonly PartitionState[];
  readonly needsFetchCommittedOffsets: boolean;
  /** Only meaningful under kafka-0.10.0 (removed by KIP-70 in later versions). */
  readonly needsPartitionAssignment: boolean;
  /**
   * `AbstractCoordinator.rejoinNeeded`: true until the first join completes, again from the poll that starts a
   * rejoin (JoinGroup sent) until the coordinator's result arrives (`rebalance`), and after unsubscribe.
   */
  readonly rejoinNeeded: boolean;
  /** `ConsumerCoordinator.joinedSubscription` (1.0): the topics of the last JoinGroup; null before any. */
  readonly joinedSubscription: readonly string[] | null;
  /**
   * `Metadata.needUpdate` after `subscribe(Pattern)`: the next call that talks to the cluster (poll, a position to
   * resolve, committed) fetches metadata for all topics, and the pattern is matched against them.
   */
  readonly metadataUpdateRequested: boolean;
  /**
   * The fetch buffer (`Fetcher.completedFetches`): responses fetched but not yet returned, drained by the next polls
   * before the fetcher asks again. Not observed: it is the fetcher's; a response is dropped when its partition is no
   * longer fetchable at that offset.
   */
  readonly completedFetches: readonly CompletedFetch[];
}

/**
 * The cluster's part of a consumer's state: metadata, partition logs and the group's committed offsets. In a group
 * (`kafka.group`) the members share it; everything else is the client's own.
 */
export type KafkaClusterState = Pick<KafkaConsumerState, 'metadata' | 'logs' | 'groupCommitted'>;

/** The client's own part of a consumer's state: its `SubscriptionState` and configuration. */
export type KafkaClientState = Omit<KafkaConsumerState, keyof KafkaClusterState>;

/** A fresh `TopicPartitionState` for a newly assigned partition. */
export function freshPartition(tp: TopicPartition): PartitionState {
  return { tp, position: null, committed: null, paused: false, resetStrategy: null };
}

/** Logs for every partition of the given metadata that has none yet. */
export function withLogsFor(
  logs: Readonly<Record<string, PartitionLog>>,
  metadata: Readonly<Record<string, number>>,
): Record<string, PartitionLog> {
  const next: Record<string, PartitionLog> = { ...logs };
  for (const [topic, count] of Object.entries(metadata)) {
    for (let partition = 0; partition < count; partition++) {
      const key = tpKey({ topic, partition });
      next[key] ??= { logStartOffset: 0, highWatermark: 0 };
    }
  }
  return next;
}

/** The state before any command: nothing subscribed, empty logs, the setup's committed offsets in the group. */
export function initialState(setup: KafkaConsumerSetup): KafkaConsumerState {
  return {
    profile: setup.profile,
    defaultResetStrategy: setup.autoOffsetReset,
    metadata: { ...setup.topics },
    logs: withLogsFor({}, setup.topics),
    groupCommitted: Object.fromEntries(setup.committed.map((c) => [tpKey(c), c.offset])),
    mode: 'NONE',
    subscription: [],
    pattern: null,
    groupSubscription: [],
    assignment: [],
    needsFetchCommittedOffsets: true,
    needsPartitionAssignment: false,
    rejoinNeeded: true,
    joinedSubscription: null,
    metadataUpdateRequested: false,
    completedFetches: [],
  };
}
