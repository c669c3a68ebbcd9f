/**
 * What implementations of `rocketmq.group` are compared on (plain JSON): the logical clock, the brokers' queues (max
 * offset, and where their in-memory part starts),
 * the group's table (topic → {subString, tagsSet, codeSet, subVersion}) with its sorted client list, the committed
 * offsets, every client's own subscriptions, held queues and offsets, and the delivery ledger.
 */
import { javaStringCompare } from '../../java/java-string.js';
import type { ClientState } from './client-state.js';
import { maxOffset } from './consume-queue.js';
import { defineLazyArray, vectorArray } from '../../persistent-vector.js';
import type { LedgerEntry, ObservedLedger } from './delivery-ledger.js';
import type { QueueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';
import type { SubscriptionTable } from './versioned-subscription.js';

/** One broker queue. */
export interface QueueObservation {
  readonly topic: string;
  readonly brokerName: string;
  readonly queueId: number;
  readonly maxOffset: number;
  /** The first offset still read from memory: messages below it are on disk (after `commitLogGrows`). */
  readonly inMemoryFrom: number;
}

/** The group's entry on the brokers. */
export interface GroupObservation {
  /** topic → the group-level subscription the broker filters with. */
  readonly subscriptions: SubscriptionTable;
  /** `getAllClientId()`, sorted as clients sort it. */
  readonly cidAll: readonly string[];
  /** Logical time of the last NOTIFY_CONSUMER_IDS_CHANGED. */
  readonly notifiedAt: number;
  /** Logical time a client last joined or left. */
  readonly membershipChangedAt: number;
}

/** The observation of a `rocketmq.group` state. */
export interface RocketmqGroupObservation {
  /** The logical clock (time of the last successful command). */
  readonly now: number;
  readonly queues: Readonly<Record<QueueKey, QueueObservation>>;
  /** Null when no client of the group is registered. */
  readonly group: GroupObservation | null;
  /** The group's committed offsets (CLUSTERING). */
  readonly committed: Readonly<Record<QueueKey, number>>;
  readonly clients: Readonly<Record<string, ClientState>>;
  /** Each queue's entries are built when first read (a getter), so a step does not copy a long ledger. */
  readonly ledger: ObservedLedger;
}

// States are immutable, so parts that did not change since the last observation are projected once.
const queueCache = new WeakMap<RocketmqGroupState['queues'], Record<QueueKey, QueueObservation>>();
const groupCache = new WeakMap<RocketmqGroupState['registry'], GroupObservation | null>();
const ledgerCache = new WeakMap<RocketmqGroupState['ledger'], ObservedLedger>();

/**
 * The ledger with each queue's entries as an array, in the state's key order: a short queue's (one leaf of the
 * vector) as it is, a longer one's as a getter that builds it when first read.
 */
function observeLedger(ledger: RocketmqGroupState['ledger']): ObservedLedger {
  const cached = ledgerCache.get(ledger);
  if (cached !== undefined) return cached;
  const observed: Record<QueueKey, readonly LedgerEntry[]> = {};
  for (const [key, entries] of Object.entries(ledger)) {
    // Queue keys hold a '/', so none is `__proto__` and assigning one defines it.
    if (entries.shift === 0) observed[key] = vectorArray(entries);
    else defineLazyArray(observed, key, entries);
  }
  ledgerCache.set(ledger, observed);
  return observed;
}

function observeQueues(queues: RocketmqGroupState['queues']): Record<QueueKey, QueueObservation> {
  const cached = queueCache.get(queues);
  if (cached !== undefined) return cached;
  const observed: Record<QueueKey, QueueObservation> = {};
  for (const [key, queue] of Object.entries(queues)) observed[key] = { ...queue.mq, maxOffset: maxOffset(queue), inMemoryFrom: queue.inMemoryFrom };
  queueCache.set(queues, observed);
  return observed;
}

function observeGroup(registry: RocketmqGroupState['registry']): GroupObservation | null {
  const cached = groupCache.get(registry);
  if (cached !== undefined) return cached;
  const info = registry.info;
  const observed =
    info === null
      ? null
      : {
          subscriptions: info.subscriptionTable,
          cidAll: [...info.channels].sort(javaStringCompare),
          notifiedAt: registry.notifiedAt,
          membershipChangedAt: registry.membershipChangedAt,
        };
  groupCache.set(registry, observed);
  return observed;
}

/** The observation of a state. */
export function observeRocketmqGroup(state: RocketmqGroupState): RocketmqGroupObservation {
  return {
    now: state.clock,
    queues: observeQueues(state.queues),
    group: observeGroup(state.registry),
    committed: state.committed,
    clients: state.clients,
    ledger: observeLedger(state.ledger),
  };
}
