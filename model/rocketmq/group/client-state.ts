/**
 * One push consumer as the model sees it, after `DefaultMQPushConsumerImpl` and its `RebalanceImpl`
 * (apache/rocketmq rocketmq-all-4.9.8): its service state, its OWN subscriptions (`subscriptionInner`), the queues
 * it holds (`processQueueTable`, each with its pull request's next offset and the offset store's consumed offset),
 * its local offset file (BROADCASTING) and, on the logical clock, when it last heartbeated, rebalanced and changed
 * its subscriptions.
 */
import type { QueueKey } from './queue-key.js';
import type { SubscriptionTable } from './versioned-subscription.js';

/** `ServiceState` of a started consumer (a consumer that failed to start never appears). */
export type ServiceState = 'RUNNING' | 'SHUTDOWN_ALREADY';

/** A held queue: `ProcessQueue` + its `PullRequest.nextOffset` + the offset store's in-memory entry. */
export interface ProcessQueue {
  /** Where the next pull starts (`PullRequest.nextOffset`). */
  readonly nextOffset: number;
  /**
   * The consumed offset in the offset store's memory (`offsetTable`), or null while there is none: set from the
   * stored offset when the queue is taken, then by consumption (last delivered offset + 1) and by pulls that find
   * nothing (`correctTagsOffset`); it is what a pull commits and what dropping the queue persists.
   */
  readonly consumedOffset: number | null;
}

/** One consumer. */
export interface ClientState {
  readonly serviceState: ServiceState;
  /** `subscriptionInner`: topic → own subscription. */
  readonly subscriptions: SubscriptionTable;
  /** `processQueueTable`, by queue key. */
  readonly processQueues: Readonly<Record<QueueKey, ProcessQueue>>;
  /** `LocalFileOffsetStore`'s file: offsets persisted by a BROADCASTING client (unused in CLUSTERING). */
  readonly localOffsets: Readonly<Record<QueueKey, number>>;
  /** Logical time of the last heartbeat sent (0: never). */
  readonly heartbeatAt: number;
  /** Logical time of the last rebalance (0: never). */
  readonly rebalancedAt: number;
  /** Logical time the topic set or an expression last changed (start, subscribe, unsubscribe). */
  readonly subscriptionChangedAt: number;
}

/** A consumer just started with the given subscriptions at time `now`. */
export function startedClient(subscriptions: SubscriptionTable, now: number): ClientState {
  return {
    serviceState: 'RUNNING',
    subscriptions,
    processQueues: {},
    localOffsets: {},
    heartbeatAt: 0,
    rebalancedAt: 0,
    subscriptionChangedAt: now,
  };
}
