/**
 * The invariants of `rocketmq.group`, one named predicate each, in the order of the spec page
 * (`shared/spec/rocketmq.md`: broker table, client list, offsets, filters, delivery). Each answers `undefined`
 * when it holds after the step and otherwise what went wrong. The property suite, the conformance harness and the
 * explorer share this list.
 */
import { hasConverged } from '../../../model/rocketmq/group/convergence.js';
import type { LedgerEntry } from '../../../model/rocketmq/group/delivery-ledger.js';
import type { RocketmqGroupSetup } from '../../../model/rocketmq/group/setup.js';
import type { VersionedSubscription } from '../../../model/rocketmq/group/versioned-subscription.js';
import { deepEqual } from '../../deep-equal.js';
import { partitioningStrategies, type CommandMix, type SubscriptionMode } from './arbitraries.js';
import {
  commandClient,
  heartbeatSender,
  holders,
  changeOffsets,
  ledgerChanges,
  list,
  matchesSubscription,
  pullAnswer,
  queueKey,
  runningClients,
  topicOf,
  type GroupStep,
  type GroupView,
} from './group-view.js';

/** A named predicate with its one-sentence statement. */
export interface RocketmqGroupInvariant {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  /** How the generator subscribes clients, when the rule needs it. */
  readonly subscriptions?: SubscriptionMode;
  readonly messageModel?: RocketmqGroupSetup['messageModel'];
  readonly mix?: CommandMix;
  readonly check: (view: GroupView) => string | undefined;
}

/**
 * The subVersion and expression of the newest heartbeat for `topic` since the topic last entered the group's table
 * (the step that added it included): what `updateSubscription` must have kept.
 */
function newestSentSince(history: readonly GroupStep[], topic: string): VersionedSubscription | undefined {
  let newest: VersionedSubscription | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const step = history[i];
    if (step === undefined) break;
    const sender = heartbeatSender(step);
    const sent = sender === undefined ? undefined : step.after.clients[sender]?.subscriptions[topic];
    // Strictly greater replaces, so on a tie the earlier heartbeat's entry stays: walking back, take ties too.
    if (sent !== undefined && (newest === undefined || sent.subVersion >= newest.subVersion)) newest = sent;
    if (step.before.group?.subscriptions[topic] === undefined) break;
  }
  return newest;
}

/** After a heartbeat the group's topic set is the sender's, each entry the newest sent since the topic was added. */
export const groupTableFollowsHeartbeat = (v: GroupView): string | undefined => {
  const sender = heartbeatSender(v);
  if (sender === undefined) return undefined;
  const sent = Object.keys(v.after.clients[sender]?.subscriptions ?? {}).sort();
  const table = Object.keys(v.after.group?.subscriptions ?? {}).sort();
  if (!deepEqual(sent, table)) return `after ${sender}'s heartbeat (${v.command.type}) the group's topics are ${list(table)}, not the sender's ${list(sent)}`;
  for (const topic of table) {
    const entry = v.after.group?.subscriptions[topic];
    const newest = newestSentSince(v.history, topic);
    if (entry === undefined || newest === undefined) continue;
    if (entry.subVersion !== newest.subVersion || entry.subString !== newest.subString) {
      return `after ${sender}'s heartbeat the group holds ${topic} → ${JSON.stringify(entry.subString)}@${entry.subVersion}, but the newest sent since ${topic} was added is ${JSON.stringify(newest.subString)}@${newest.subVersion}`;
    }
  }
  return undefined;
};

/** cidAll lists exactly the running clients, whatever each subscribes. */
export const cidAllListsEveryRunningClient = (v: GroupView): string | undefined => {
  const running = runningClients(v.after).sort();
  const cidAll = [...(v.after.group?.cidAll ?? [])].sort();
  return deepEqual(running, cidAll) ? undefined : `after ${v.command.type} cidAll is ${list(cidAll)} but the running clients are ${list(running)}`;
};

/** A queue's committed offset changes only when a pull of it commits or its holder drops it. */
export const unpulledQueueKeepsCommittedOffset = (v: GroupView): string | undefined => {
  const keys = new Set([...Object.keys(v.before.committed), ...Object.keys(v.after.committed)]);
  const client = commandClient(v.command);
  const pulled = pullAnswer(v);
  for (const key of keys) {
    const before = v.before.committed[key];
    const after = v.after.committed[key];
    if (before === after) continue;
    if (pulled !== undefined && queueKey(pulled.queue) === key) continue;
    const dropped =
      client !== undefined &&
      (v.command.type === 'rebalance' || v.command.type === 'shutdown') &&
      v.before.clients[client]?.processQueues[key] !== undefined &&
      v.after.clients[client]?.processQueues[key] === undefined;
    if (dropped) continue;
    return `${v.command.type}${client === undefined ? '' : ` by ${client}`} moved the committed offset of ${key} from ${before ?? 'none'} to ${after ?? 'none'} although nobody pulled or dropped it`;
  }
  return undefined;
};

/** A client receives only messages of topics it subscribes and with tags its own filter accepts. */
export const deliversOnlyOwnSubscription = (v: GroupView): string | undefined => {
  for (const change of ledgerChanges(v.before, v.after)) {
    const topic = topicOf(v.after, change.key) ?? '?';
    for (const client of change.deliveredTo) {
      const own = v.before.clients[client]?.subscriptions[topic];
      if (own === undefined) return `${client} received ${change.key}@${change.entry.queueOffset} but does not subscribe ${topic}`;
      if (own.tagsSet.length > 0 && (change.entry.tags === null || !own.tagsSet.includes(change.entry.tags))) {
        return `${client} received ${change.key}@${change.entry.queueOffset} tagged ${JSON.stringify(change.entry.tags)} outside its own expression ${JSON.stringify(own.subString)}`;
      }
    }
  }
  return undefined;
};

/** Every offset move is accounted for in the ledger, by the client that made it. */
export const ledgerAccountsForEveryMove = (v: GroupView): string | undefined => {
  const changes = ledgerChanges(v.before, v.after);
  const client = commandClient(v.command);
  if (v.command.type === 'pull' && !v.outcome.ok) {
    return deepEqual(v.before, v.after) ? undefined : `pull by ${client ?? '?'} was refused with ${v.outcome.error} but changed the state`;
  }
  const pulled = pullAnswer(v);
  if (pulled !== undefined && client !== undefined) {
    const key = queueKey(pulled.queue);
    const from = v.before.clients[client]?.processQueues[key]?.nextOffset;
    const to = v.after.clients[client]?.processQueues[key]?.nextOffset;
    if (from === undefined) return `pull by ${client} answered for ${key}, which it did not hold`;
    if (to !== pulled.nextBeginOffset) return `pull by ${client} answered nextBeginOffset ${pulled.nextBeginOffset} but left ${key} at ${to ?? 'nothing'}`;
    const events = new Map<number, number>();
    for (const change of changes) {
      if (change.key !== key || change.added) return `pull by ${client} of ${key} changed the ledger of ${change.key}@${change.entry.queueOffset}`;
      const foreign = [...change.deliveredTo, ...change.passedBy.map((p) => p.client)].find((c) => c !== client);
      if (foreign !== undefined) return `pull by ${client} of ${key} recorded ${change.key}@${change.entry.queueOffset} for ${foreign}`;
      for (const offset of changeOffsets(change)) events.set(offset, change.deliveredTo.length + change.passedBy.length);
    }
    for (let offset = from; offset < to; offset++) {
      if (events.get(offset) !== 1) return `pull by ${client} moved ${key} from ${from} to ${to} but recorded ${events.get(offset) ?? 0} deliveries or passes for offset ${offset}`;
    }
    const outside = [...events.keys()].find((o) => o < from || o >= to);
    if (outside !== undefined) return `pull by ${client} moved ${key} from ${from} to ${to} but recorded offset ${outside}`;
    const returned = pulled.messages.map((m) => m.queueOffset);
    const recorded = changes.filter((c) => c.deliveredTo.length > 0).flatMap(changeOffsets).sort((x, y) => x - y);
    return deepEqual(returned, recorded) ? undefined : `pull by ${client} returned offsets ${list(returned.map(String))} but the ledger delivered ${list(recorded.map(String))}`;
  }
  for (const change of changes) {
    const produced = v.command.type === 'produce' && change.added && change.deliveredTo.length === 0 && change.passedBy.length === 0;
    const started = v.command.type === 'rebalance' && change.deliveredTo.length === 0 && change.passedBy.every((p) => p.client === client && p.by === 'consume-from-where');
    if (!produced && !started) return `${v.command.type} changed the ledger of ${change.key}@${change.entry.queueOffset} without a pull`;
  }
  return undefined;
};

/** A client's subscriptions as topic → expression. */
function expressions(subscriptions: Readonly<Record<string, VersionedSubscription>>): Record<string, string> {
  return Object.fromEntries(Object.entries(subscriptions).map(([t, s]) => [t, s.subString]));
}

/** The one subscription every client has had at every step so far, or undefined if they ever differed. */
function commonSubscriptionThroughout(history: readonly GroupStep[]): Record<string, string> | undefined {
  let common: Record<string, string> | undefined;
  for (const step of history) {
    for (const client of Object.values(step.after.clients)) {
      const own = expressions(client.subscriptions);
      if (common === undefined) common = own;
      else if (!deepEqual(common, own)) return undefined;
    }
  }
  return common;
}

/** The logical time after which the group has been converged without a break up to this step. */
function convergedSince(history: readonly GroupStep[]): number {
  let since = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const step = history[i];
    if (step === undefined || !hasConverged(step.after)) break;
    since = step.before.now;
  }
  return since;
}

const partitioning = new Set(partitioningStrategies.map((s) => s.name));

/**
 * With one and the same subscription in every client for the whole run, a partitioning strategy, CLUSTERING, a
 * converged group and every held queue pulled to its end: no matching message was filtered, every matching message
 * was delivered (unless consumeFromWhere started past it), and every one produced since the group last converged
 * was delivered exactly once.
 */
export const consistentGroupDeliversExactlyOnce = (v: GroupView): string | undefined => {
  if (v.setup.messageModel !== 'CLUSTERING' || !partitioning.has(v.setup.strategy.name)) return undefined;
  const running = runningClients(v.after);
  if (running.length === 0 || !hasConverged(v.after)) return undefined;
  for (const id of running) {
    for (const [key, pq] of Object.entries(v.after.clients[id]?.processQueues ?? {})) {
      if (pq.nextOffset < (v.after.queues[key]?.maxOffset ?? 0)) return undefined;
    }
  }
  const common = commonSubscriptionThroughout(v.history);
  const first = v.after.clients[running[0] ?? '']?.subscriptions;
  if (common === undefined || first === undefined) return undefined;
  const since = convergedSince(v.history);
  for (const [key, entries] of Object.entries(v.after.ledger)) {
    const sub = first[topicOf(v.after, key) ?? ''];
    if (sub === undefined) continue;
    for (const m of entries) {
      if (!matchesSubscription(sub, m.tags)) continue;
      const where = `${key}@${m.queueOffset} (${JSON.stringify(m.tags)})`;
      const filtered = m.passedBy.find((p) => p.by !== 'consume-from-where');
      if (filtered !== undefined) return `${where} matches the group's ${JSON.stringify(sub.subString)} but ${filtered.client}'s ${filtered.by} passed it`;
      if (m.deliveredTo.length === 0 && m.passedBy.length === 0) {
        return `the group converged with every queue pulled to its end, yet ${where} was never delivered (holders: ${list(holders(v.after, key))})`;
      }
      if (m.storeTimestamp > since && m.deliveredTo.length !== 1) {
        return `${where}, produced after the group converged at ${since}, was delivered ${m.deliveredTo.length} times (${list([...m.deliveredTo])})`;
      }
    }
  }
  return undefined;
};

/**
 * With identical subscriptions in every running client, a partitioning strategy, CLUSTERING and a converged group
 * (every running client has rebalanced since the client list last changed): every queue of every subscribed topic
 * is held by exactly one running client.
 */
export const oneOwnerOnceConverged = (v: GroupView): string | undefined => {
  if (v.setup.messageModel !== 'CLUSTERING' || !partitioning.has(v.setup.strategy.name)) return undefined;
  const running = runningClients(v.after);
  const first = running[0] === undefined ? undefined : v.after.clients[running[0]];
  if (first === undefined || !hasConverged(v.after)) return undefined;
  const common = expressions(first.subscriptions);
  if (running.some((id) => !deepEqual(expressions(v.after.clients[id]?.subscriptions ?? {}), common))) return undefined;
  for (const [key, queue] of Object.entries(v.after.queues)) {
    if (!Object.hasOwn(common, queue.topic)) continue;
    const owners = holders(v.after, key);
    if (owners.length !== 1) {
      return `every running client subscribes ${JSON.stringify(common)} and the group has converged (cidAll ${list(v.after.group?.cidAll ?? [])}), yet ${key} is held by ${owners.length === 0 ? 'nobody' : list(owners)}`;
    }
  }
  return undefined;
};

/**
 * `searchOffset(timestamp)` stated plainly: the message stored at that time, else the one nearest in time (the
 * earlier on a tie); 0 for an empty queue.
 */
function offsetNearestTo(entries: readonly LedgerEntry[], timestamp: number): number {
  let best = 0;
  let bestDistance = Math.abs((entries[0]?.storeTimestamp ?? 0) - timestamp);
  // Messages of one entry share their store time: the first of them is the first at that distance.
  for (const entry of entries) {
    const distance = Math.abs(entry.storeTimestamp - timestamp);
    if (distance < bestDistance) {
      best = entry.queueOffset;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The offset the group has stored for a queue as a client reads it: the committed offset; else, in CLUSTERING, the
 * broker's 0 for a young queue (no message yet, or its first one still in memory); else none.
 */
function storedOffset(v: GroupView, client: string, key: string): number | undefined {
  if (v.setup.messageModel !== 'CLUSTERING') return v.before.clients[client]?.localOffsets[key];
  const committed = v.before.committed[key];
  if (committed !== undefined) return committed;
  const queue = v.before.queues[key];
  const headOnDisk = queue !== undefined && queue.maxOffset > 0 && queue.inMemoryFrom > 0;
  return headOnDisk ? undefined : 0;
}

/** A queue a client takes starts at the stored offset if there is one, else where consumeFromWhere points. */
export const firstOffsetFromStoreOrConsumeFromWhere = (v: GroupView): string | undefined => {
  if (v.command.type !== 'rebalance' || !v.outcome.ok) return undefined;
  const client = v.command.client;
  const before = v.before.clients[client];
  const after = v.after.clients[client];
  if (before === undefined || after === undefined) return undefined;
  for (const [key, pq] of Object.entries(after.processQueues)) {
    if (before.processQueues[key] !== undefined) continue;
    const stored = storedOffset(v, client, key);
    const policy =
      v.setup.consumeFromWhere === 'CONSUME_FROM_LAST_OFFSET'
        ? (v.before.queues[key]?.maxOffset ?? 0)
        : v.setup.consumeFromWhere === 'CONSUME_FROM_FIRST_OFFSET'
          ? 0
          : offsetNearestTo(v.before.ledger[key] ?? [], v.setup.consumeTimestamp);
    const expected = stored ?? policy;
    const youngQueueAnswer = v.setup.messageModel === 'CLUSTERING' && v.before.committed[key] === undefined;
    const source = stored === undefined ? v.setup.consumeFromWhere : youngQueueAnswer ? "the broker's 0 for a young queue" : 'the stored offset';
    if (pq.nextOffset !== expected) return `${client} took ${key} at offset ${pq.nextOffset}, not at ${expected} (${source})`;
    if (pq.consumedOffset !== (stored ?? null)) return `${client} took ${key} with consumed offset ${pq.consumedOffset ?? 'none'}, not the stored ${stored ?? 'none'}`;
  }
  return undefined;
};

const broker = 'Enforced by the broker (apache/rocketmq 4.9.8)';
const client = 'Enforced by the push consumer (apache/rocketmq 4.9.8)';

/** The invariants, in spec order. */
export const rocketmqGroupInvariants: readonly RocketmqGroupInvariant[] = [
  {
    id: 'RG-01',
    name: 'groupTableFollowsHeartbeat',
    check: groupTableFollowsHeartbeat,
    statement: "After a heartbeat the group's topic set is the sender's, and each topic's entry is the highest subVersion sent since the topic was added.",
    why: `${broker}: ConsumerGroupInfo.updateSubscription puts absent topics, replaces an entry only for a strictly higher subVersion, and removes every topic the sender did not send.`,
  },
  {
    id: 'RG-02',
    name: 'cidAllListsEveryRunningClient',
    check: cidAllListsEveryRunningClient,
    statement: 'cidAll (getAllClientId) lists every running client of the group, whatever it subscribes, and no other.',
    why: `${broker}: registerConsumer adds the channel on every heartbeat, unregisterConsumer removes it on shutdown, and getAllClientId reads the channel table, not the subscriptions.`,
  },
  {
    id: 'RG-03',
    name: 'unpulledQueueKeepsCommittedOffset',
    check: unpulledQueueKeepsCommittedOffset,
    statement: "A queue's committed offset changes only when a pull of that queue commits or a client holding it drops it (rebalance, shutdown): a queue nobody pulls lags, it does not lose.",
    why: `${client}: offsets reach the broker with a pull's commit flag and through OffsetStore.persist when a queue is dropped or the client shuts down.`,
  },
  {
    id: 'RG-04',
    name: 'deliversOnlyOwnSubscription',
    check: deliversOnlyOwnSubscription,
    statement: "A client never receives a message of a topic it does not subscribe, nor one whose tag its own expression rejects.",
    why: `${client}: pullMessage needs the topic in subscriptionInner, and PullAPIWrapper.processPullResult drops every message whose tag is not in the client's own tagsSet, whatever filter the broker applied.`,
  },
  {
    id: 'RG-05',
    name: 'consistentGroupDeliversExactlyOnce',
    check: consistentGroupDeliversExactlyOnce,
    subscriptions: 'consistent',
    messageModel: 'CLUSTERING',
    mix: { start: 5, subscribe: 1, heartbeat: 1, rebalance: 6, pull: 8, shutdown: 1, produce: 6 },
    statement:
      'With identical subscriptions in every client, once the group has converged and every queue is pulled to its end, no matching message is lost and each produced since convergence was delivered to exactly one client.',
    why: 'With one expression the broker and client filters agree; with converged views every client allocates from the same cidAll, so a partitioning strategy gives each queue one owner that pulls it from the group\'s offset (redeliveries happen only while views differ).',
  },
  {
    id: 'RG-06',
    name: 'ledgerAccountsForEveryMove',
    check: ledgerAccountsForEveryMove,
    statement: 'Every offset move is accounted for: a pull delivers or passes exactly the messages between its old and new offset, all for the puller, a refused pull changes nothing, and only a rebalance (consumeFromWhere) skips messages otherwise.',
    why: 'DefaultMessageStore.getMessage counts every scanned entry, matched or filtered, in nextBeginOffset; the client sets its next offset to it; error responses only postpone the pull.',
  },
  {
    id: 'RG-07',
    name: 'firstOffsetFromStoreOrConsumeFromWhere',
    check: firstOffsetFromStoreOrConsumeFromWhere,
    statement:
      "A queue a client takes in a rebalance starts at the group's stored offset when there is one — for a new CLUSTERING group on a young queue (empty, or its first message still in memory) the broker's 0, whatever consumeFromWhere says — else at the max offset (LAST), 0 (FIRST) or the offset stored nearest the consume timestamp (TIMESTAMP).",
    why: `${client}: RebalancePushImpl.computePullFromWhereWithException reads the offset store first and falls back to consumeFromWhere only when it answers -1; ConsumerManageProcessor.queryConsumerOffset answers a group without a committed offset with 0 while the queue's min offset is 0 and its head is not on disk (checkInDiskByConsumeOffset).`,
  },
  {
    id: 'RG-08',
    name: 'oneOwnerOnceConverged',
    check: oneOwnerOnceConverged,
    subscriptions: 'consistent',
    messageModel: 'CLUSTERING',
    mix: { start: 5, subscribe: 1, heartbeat: 1, rebalance: 7, pull: 2, shutdown: 2, produce: 2, commitLogGrows: 1 },
    statement:
      'With identical subscriptions in every running client, once the group has converged (every client rebalanced with the current cidAll), every queue of every subscribed topic is held by exactly one running client.',
    why: `${client}: every client allocates its share from the same sorted mqAll and cidAll, and AVG, AVG_BY_CIRCLE and CONSISTENT_HASH split mqAll into disjoint shares that cover it (RA-01); updateProcessQueueTableInRebalance drops what left a share and takes what joined it. It does not hold yet during a rebalance (RG-H3), nor when subscriptions differ (RG-H1, RG-H2).`,
  },
];
