/**
 * What other implementations of `kafka.consumer` are compared on: the mode, the subscription, the pattern and,
 * per assigned partition, position / committed / paused / pending reset; plus the simulated cluster.
 */
import { tpKey } from '../topic-partition.js';
import { needRejoin } from './consumer-coordinator.js';
import type { KafkaConsumerState, PartitionLog, ResetStrategy, SubscriptionMode } from './state.js';

/** One assigned partition as observed. */
export interface PartitionObservation {
  readonly topic: string;
  readonly partition: number;
  readonly position: number | null;
  readonly committed: number | null;
  readonly paused: boolean;
  readonly resetStrategy: ResetStrategy | null;
}

/** The observation of a `kafka.consumer` state (plain JSON). */
export interface KafkaConsumerObservation {
  readonly mode: SubscriptionMode;
  readonly subscription: readonly string[];
  readonly pattern: string | null;
  readonly groupSubscription: readonly string[];
  /** Assigned partitions by `topic-partition`, in assignment order. */
  readonly partitions: Readonly<Record<string, PartitionObservation>>;
  /** Partition logs by `topic-partition`. */
  readonly logs: Readonly<Record<string, PartitionLog>>;
  /** The group's committed offsets by `topic-partition`. */
  readonly groupCommitted: Readonly<Record<string, number>>;
  readonly defaultResetStrategy: KafkaConsumerState['defaultResetStrategy'];
  /** The next poll rejoins the group instead of fetching (`ConsumerCoordinator.needRejoin`). */
  readonly needRejoin: boolean;
  /** Only under the kafka-0.10.0 profile. */
  readonly needsPartitionAssignment?: boolean;
}

/** The observation of a state. */
export function observeKafkaConsumer(state: KafkaConsumerState): KafkaConsumerObservation {
  const partitions: Record<string, PartitionObservation> = {};
  for (const p of state.assignment) {
    partitions[tpKey(p.tp)] = {
      topic: p.tp.topic,
      partition: p.tp.partition,
      position: p.position,
      committed: p.committed,
      paused: p.paused,
      resetStrategy: p.resetStrategy,
    };
  }
  return {
    mode: state.mode,
    subscription: state.subscription,
    pattern: state.pattern,
    groupSubscription: state.groupSubscription,
    partitions,
    logs: state.logs,
    groupCommitted: state.groupCommitted,
    defaultResetStrategy: state.defaultResetStrategy,
    needRejoin: needRejoin(state),
    ...(state.profile === 'kafka-0.10.0' ? { needsPartitionAssignment: state.needsPartitionAssignment } : {}),
  };
}
