/**
 * A client's rebalance, after `RebalanceImpl.doRebalance` / `rebalanceByTopic` / `updateProcessQueueTableInRebalance`
 * / `truncateMessageQueueNotMyTopic` and `RebalancePushImpl.messageQueueChanged` (apache/rocketmq
 * rocketmq-all-4.9.8). For each topic of the client's OWN subscription: mqAll = the topic's queues on every broker
 * (sorted), cidAll = the broker's client list (sorted with `String.compareTo`), the strategy picks this client's
 * share; queues of the topic no longer in it are dropped (offset persisted), and every queue of the share not yet held
 * is taken from `computePullFromWhere` — with no topic check, so a CONFIG list naming another topic's queue has it
 * taken too. Queues of topics the client does not subscribe are then dropped without persisting
 * (`truncateMessageQueueNotMyTopic`), so such a queue is taken and dropped again by every rebalance, and every
 * rebalance counts as a change. When a topic's share changed,
 * its subVersion becomes `now` and the client heartbeats — so the client whose share changed last sets the
 * broker-side filter of that topic.
 */
import { javaStringCompare } from '../../java/java-string.js';
import type { MessageQueue } from '../message-queue.js';
import { allocateMemo } from './allocation-cache.js';
import type { ClientState, ProcessQueue } from './client-state.js';
import { computePullFromWhere } from './compute-pull-from-where.js';
import { getAllClientId } from './consumer-group-info.js';
import { passedBelow, updateLedger, type DeliveryLedger } from './delivery-ledger.js';
import { sendHeartbeat } from './heartbeat.js';
import { persist, readStoredOffset } from './offset-store.js';
import { ownValue, recordOf } from './own-key.js';
import { queueKey, type QueueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';
import type { VersionedSubscription } from './versioned-subscription.js';

/** `findConsumerIdList`, sorted as `Collections.sort(cidAll)` does; null when the broker knows no such group. */
export function consumerIdList(state: RocketmqGroupState): string[] | null {
  const info = state.registry.info;
  if (info === null) return null;
  return [...getAllClientId(info)].sort(javaStringCompare);
}

/**
 * The queues of `topic` this client should hold: all of them (BROADCASTING) or the strategy's share (CLUSTERING);
 * null when the rebalance of the topic is skipped (unknown topic, no consumer list, or the strategy threw
 * IllegalArgumentException — Java logs it and keeps the old queues). Queues of other topics (only CONFIG answers
 * them) are kept; queues the cluster does not have are left out.
 */
export function allocateTopic(state: RocketmqGroupState, clientId: string, topic: string): readonly MessageQueue[] | null {
  const mqAll = ownValue(state.routes, topic);
  if (mqAll === undefined) return null;
  if (state.setup.messageModel === 'BROADCASTING') return mqAll;
  const cidAll = consumerIdList(state);
  if (cidAll === null) return null;
  const result = allocateMemo(state.setup.strategy, state.setup.group, clientId, mqAll, cidAll);
  if (!result.ok) return null;
  return result.queues.filter((mq) => state.queues[queueKey(mq)] !== undefined);
}

/** A queue just taken, and where its first pull starts. */
interface Taken {
  readonly key: QueueKey;
  readonly offset: number;
  readonly fromStore: boolean;
}

/** What rebalancing one topic did. */
interface TopicRebalance {
  readonly client: ClientState;
  readonly committed: RocketmqGroupState['committed'];
  readonly taken: readonly Taken[];
  readonly changed: boolean;
}

/**
 * `updateProcessQueueTableInRebalance(topic, share)`: drop the topic's queues that left the share (persisting), take
 * every queue of the share not yet held, whatever its topic.
 */
function updateProcessQueueTable(
  state: RocketmqGroupState,
  client: ClientState,
  topic: string,
  share: readonly MessageQueue[],
): TopicRebalance {
  const wanted = new Set(share.map(queueKey));
  const dropped = Object.keys(client.processQueues).filter((key) => state.queues[key]?.mq.topic === topic && !wanted.has(key));
  const stores = persist(state, client, dropped);
  const processQueues: Record<QueueKey, ProcessQueue> = { ...client.processQueues };
  for (const key of dropped) delete processQueues[key];
  const taken: Taken[] = [];
  const readingClient: ClientState = { ...client, localOffsets: stores.localOffsets };
  const reading: RocketmqGroupState = { ...state, committed: stores.committed };
  for (const mq of share) {
    const key = queueKey(mq);
    const queue = state.queues[key];
    if (queue === undefined || processQueues[key] !== undefined) continue;
    // removeDirtyOffset, then readOffset(READ_FROM_STORE) refills the in-memory entry from the store.
    const stored = readStoredOffset(reading, readingClient, key);
    const from = computePullFromWhere(state.setup, stored, queue);
    processQueues[key] = { nextOffset: from.offset, consumedOffset: stored };
    taken.push({ key, offset: from.offset, fromStore: from.fromStore });
  }
  return { client: { ...readingClient, processQueues }, committed: stores.committed, taken, changed: dropped.length > 0 || taken.length > 0 };
}

/** The ledger after `clientId` took queues: a first offset set by consumeFromWhere passes the messages below it. */
function passedByConsumeFromWhere(ledger: DeliveryLedger, clientId: string, taken: readonly Taken[]): DeliveryLedger {
  let updated = ledger;
  for (const { key, offset, fromStore } of taken) {
    if (!fromStore && offset > 0) updated = updateLedger(updated, key, passedBelow(offset, clientId, 'consume-from-where'));
  }
  return updated;
}

/** `truncateMessageQueueNotMyTopic`: queues of topics no longer subscribed are dropped, without persisting. */
function truncateNotMyTopic(state: RocketmqGroupState, client: ClientState): ClientState {
  const kept = Object.entries(client.processQueues).filter(([key]) => {
    const topic = state.queues[key]?.mq.topic;
    return topic !== undefined && Object.hasOwn(client.subscriptions, topic);
  });
  if (kept.length === Object.keys(client.processQueues).length) return client;
  return { ...client, processQueues: Object.fromEntries(kept) };
}

/**
 * `doRebalance` for one running client at time `now`, then `messageQueueChanged` for the topics whose share changed:
 * their subVersion becomes `now` and one heartbeat carries them (Java sends one per changed topic, right after
 * that topic; the broker ends in the same state).
 */
export function rebalanceClient(state: RocketmqGroupState, clientId: string, client: ClientState, now: number): RocketmqGroupState {
  let current = state;
  let working = client;
  const changedTopics: string[] = [];
  const taken: Taken[] = [];
  for (const topic of Object.keys(client.subscriptions)) {
    const share = allocateTopic(current, clientId, topic);
    if (share === null) continue;
    const result = updateProcessQueueTable(current, working, topic, share);
    working = result.client;
    current = { ...current, committed: result.committed };
    taken.push(...result.taken);
    if (result.changed) changedTopics.push(topic);
  }
  working = truncateNotMyTopic(current, working);
  // A queue taken and truncated in the same rebalance is never pulled: its pull request finds it dropped.
  const kept = taken.filter((t) => working.processQueues[t.key] !== undefined);
  current = { ...current, ledger: passedByConsumeFromWhere(current.ledger, clientId, kept) };
  if (changedTopics.length > 0) {
    const bumped = (topic: string, sub: VersionedSubscription): VersionedSubscription => (changedTopics.includes(topic) ? { ...sub, subVersion: now } : sub);
    working = { ...working, subscriptions: recordOf(Object.entries(working.subscriptions).map(([t, s]) => [t, bumped(t, s)] as const)) };
  }
  working = { ...working, rebalancedAt: now };
  if (changedTopics.length === 0) return { ...current, clients: { ...current.clients, [clientId]: working } };
  return sendHeartbeat(current, clientId, working, now);
}
