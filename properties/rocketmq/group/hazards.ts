/**
 * Beliefs about `rocketmq.group` that RocketMQ 4.x does not guarantee — the seed article's two experiments, the
 * rebalance window, and where a new group starts. The suite must find a counterexample to each by generation and shrinking; a hazard that can no
 * longer be found fails the run. Each carries an `explain` that tells the story of its counterexample from the
 * trace: which client, which queue, which filter, which offset moved past which message.
 */
import { createStrategy } from '../../../model/rocketmq/allocate/strategies.js';
import { tagsCode } from '../../../model/rocketmq/filter/tags-code.js';
import { compareMessageQueues, type MessageQueue } from '../../../model/rocketmq/message-queue.js';
import type { ConsumeFromWhere } from '../../../model/rocketmq/group/setup.js';
import { ledgerEntryAt } from '../../../model/rocketmq/group/delivery-ledger.js';
import type { CommandMix, SubscriptionMode } from './arbitraries.js';
import {
  commandClient,
  entryOrigin,
  heartbeatSender,
  holders,
  lastRebalance,
  changeOffsets,
  ledgerChanges,
  list,
  matchesSubscription,
  queueKey,
  runningClients,
  startStep,
  topicOf,
  type GroupStep,
  type GroupView,
} from './group-view.js';

/** A false belief with the check that refutes it and the explanation of a counterexample. */
export interface RocketmqGroupHazard {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly subscriptions: SubscriptionMode;
  /** Topics in the setup (the tag experiment needs one, the topic experiment two). */
  readonly topics?: number;
  /** `consumeFromWhere` of every generated setup; drawn when absent. */
  readonly consumeFromWhere?: ConsumeFromWhere;
  readonly mix: CommandMix;
  readonly runs?: number;
  readonly check: (view: GroupView) => string | undefined;
  readonly explain: (view: GroupView, message: string) => string;
}

/** `step N` for the 0-based index of a step, as replay, reports and every other message number steps. */
const at = (index: number): string => `step ${index}`;

/** The topics a client subscribes, for explanations. */
function topicsOf(v: GroupView, clientId: string): string[] {
  return Object.keys(v.after.clients[clientId]?.subscriptions ?? {});
}

/** The queues of a topic, sorted as `mqAll`. */
function mqAll(v: GroupView, topic: string): MessageQueue[] {
  return Object.values(v.after.queues)
    .filter((q) => q.topic === topic)
    .map((q) => ({ topic: q.topic, brokerName: q.brokerName, queueId: q.queueId }))
    .sort(compareMessageQueues);
}

/** A queue the rebalancing client's view gives to a running client that does not subscribe its topic. */
interface Orphan {
  readonly rebalancer: string;
  readonly topic: string;
  readonly key: string;
  readonly owner: string;
  readonly cidAll: readonly string[];
}

/** After a CLUSTERING rebalance by c: each queue of c's topics that the strategy (c's view) hands to a client not subscribing it. */
function orphanedByRebalance(v: GroupView): Orphan | undefined {
  if (v.command.type !== 'rebalance' || !v.outcome.ok || v.setup.messageModel !== 'CLUSTERING') return undefined;
  const rebalancer = v.command.client;
  const cidAll = v.before.group?.cidAll ?? [];
  const strategy = createStrategy(v.setup.strategy);
  if (!strategy.ok) return undefined;
  for (const topic of topicsOf(v, rebalancer)) {
    const queues = mqAll(v, topic);
    if (queues.length === 0) continue;
    for (const owner of cidAll) {
      if (owner === rebalancer || v.after.clients[owner]?.subscriptions[topic] !== undefined) continue;
      const share = strategy.strategy.allocate(v.setup.group, owner, queues, cidAll);
      const mq = share.ok ? share.queues[0] : undefined;
      if (mq !== undefined) return { rebalancer, topic, key: queueKey(mq), owner, cidAll };
    }
  }
  return undefined;
}

/** A pull by a client refused SUBSCRIPTION_NOT_EXIST for a topic it subscribes. */
function refusedSubscribedTopic(v: GroupView): { client: string; topic: string } | undefined {
  if (v.command.type !== 'pull' || v.outcome.ok || v.outcome.error !== 'SUBSCRIPTION_NOT_EXIST') return undefined;
  const client = v.command.client;
  const own = v.before.clients[client];
  if (own === undefined) return undefined;
  const topic =
    v.command.queue?.topic ??
    Object.keys(own.processQueues)
      .map((key) => topicOf(v.before, key) ?? '')
      .find((t) => v.before.group?.subscriptions[t] === undefined);
  return topic !== undefined && own.subscriptions[topic] !== undefined ? { client, topic } : undefined;
}

/** Belief: clients of one group may subscribe different topics and every subscribed queue is still consumed. */
export const differentTopicsLoseNoConsumption = (v: GroupView): string | undefined => {
  const refused = refusedSubscribedTopic(v);
  if (refused !== undefined) return `${refused.client} subscribes ${refused.topic} but its pull was refused SUBSCRIPTION_NOT_EXIST`;
  const orphan = orphanedByRebalance(v);
  if (orphan !== undefined) return `${orphan.key} falls to ${orphan.owner}, which does not subscribe ${orphan.topic}: nobody pulls it`;
  return undefined;
};

function explainDifferentTopics(v: GroupView): string {
  const refused = refusedSubscribedTopic(v);
  if (refused !== undefined) {
    const table = Object.keys(v.before.group?.subscriptions ?? {});
    const last = [...v.history].reverse().find((s) => s.index < v.index && heartbeatSender(s) !== undefined);
    const lastSender = last === undefined ? undefined : heartbeatSender(last);
    const cause =
      lastSender === undefined || last === undefined
        ? ''
        : `, as ${lastSender}'s heartbeat (${last.command.type}) at ${at(last.index)} left it: updateSubscription replaces the group's topic set with the sender's ${list(topicsOf(v, lastSender))}`;
    return (
      `${refused.client} subscribes ${list(topicsOf(v, refused.client))} and pulled a queue of ${refused.topic}, but the broker answered SUBSCRIPTION_NOT_EXIST: ` +
      `the group's table lists only ${list(table)}${cause}. While the clients' heartbeats alternate, each one's pulls of the other's topics fail in turn.`
    );
  }
  const orphan = orphanedByRebalance(v);
  if (orphan === undefined) return 'no orphaned queue or refused pull at this step';
  const committed = v.after.committed[orphan.key];
  const waiting = (v.after.queues[orphan.key]?.maxOffset ?? 0) - (committed ?? 0);
  const lag = waiting > 0 ? `${waiting} message(s) already wait there` : 'every message produced to it waits there';
  return (
    `${orphan.rebalancer} rebalanced ${orphan.topic} over cidAll ${list(orphan.cidAll)} with ${v.setup.strategy.name}: cidAll holds every client of the group, ` +
    `so ${orphan.key} falls to ${orphan.owner}, which subscribes ${list(topicsOf(v, orphan.owner))} and never rebalances ${orphan.topic}. ` +
    `No client holds or pulls ${orphan.key}: its committed offset stays at ${committed ?? 'none'} and ${lag} (lag, not loss) for as long as the subscriptions differ.`
  );
}

/**
 * A pull just moved the puller's offset past a message its OWN subscription matches, without delivering it, and
 * nobody ever received it: no holder is still at or before it and the puller's consumed offset is past it.
 */
interface SkippedMessage {
  readonly client: string;
  readonly key: string;
  readonly offset: number;
  readonly tags: string | null;
}

function skippedOwnMessage(v: GroupView): SkippedMessage | undefined {
  if (v.command.type !== 'pull' || !v.outcome.ok) return undefined;
  const client = v.command.client;
  for (const change of ledgerChanges(v.before, v.after)) {
    const topic = topicOf(v.after, change.key) ?? '';
    const own = v.after.clients[client]?.subscriptions[topic];
    if (own === undefined || change.entry.deliveredTo.length > 0) continue;
    if (!change.passedBy.some((p) => p.client === client) || !matchesSubscription(own, change.entry.tags)) continue;
    for (const offset of changeOffsets(change)) {
      const stillBefore = holders(v.after, change.key).some((h) => (v.after.clients[h]?.processQueues[change.key]?.nextOffset ?? 0) <= offset);
      const consumed = v.after.clients[client]?.processQueues[change.key]?.consumedOffset ?? null;
      if (!stillBefore && consumed !== null && consumed > offset) return { client, key: change.key, offset, tags: change.entry.tags };
    }
  }
  return undefined;
}

/** Belief: clients of one group may subscribe different tags of one topic without losing messages. */
export const differentTagsLoseNoMessage = (v: GroupView): string | undefined => {
  const skipped = skippedOwnMessage(v);
  return skipped === undefined
    ? undefined
    : `${skipped.client}'s offset moved past ${skipped.key}@${skipped.offset} (${JSON.stringify(skipped.tags)}), which its own subscription matches, and no client received it`;
};

function explainDifferentTags(v: GroupView): string {
  const skipped = skippedOwnMessage(v);
  if (skipped === undefined) return 'no message skipped at this step';
  const topic = topicOf(v.after, skipped.key) ?? '?';
  const own = v.after.clients[skipped.client]?.subscriptions[topic];
  const table = v.before.group?.subscriptions[topic];
  const origin = entryOrigin(v.history.slice(0, -1), topic);
  const originClient = origin === undefined ? undefined : commandClient(origin.command);
  const pass = ledgerEntryAt(v.after.ledger[skipped.key] ?? [], skipped.offset)?.passedBy.find((p) => p.client === skipped.client);
  const from = v.before.clients[skipped.client]?.processQueues[skipped.key]?.nextOffset ?? 0;
  const to = v.after.clients[skipped.client]?.processQueues[skipped.key]?.nextOffset ?? 0;
  const filterStory =
    pass?.by === 'broker-filter'
      ? `the broker filtered with the group's entry ${JSON.stringify(table?.subString)} (codeSet ${list((table?.codeSet ?? []).map(String))}` +
        (originClient === undefined || origin === undefined
          ? ')'
          : `, installed by ${originClient}'s ${origin.command.type} at ${at(origin.index)} with subVersion ${table?.subVersion}${origin.command.type === 'rebalance' ? ': its share changed, so messageQueueChanged bumped the subVersion and heartbeated' : ''})`) +
        `, which lacks tagsCode ${tagsCode(skipped.tags)} of message ${skipped.offset} (${JSON.stringify(skipped.tags)})`
      : `the client filter dropped message ${skipped.offset} (${JSON.stringify(skipped.tags)})`;
  return (
    `${skipped.client} subscribes ${topic} with ${JSON.stringify(own?.subString)}, but the broker keeps ONE subscription per topic for the whole group. ` +
    `Pulling ${skipped.key} from offset ${from}, ${filterStory}; ${skipped.client}'s offset moved from ${from} to ${to}, past it. ` +
    `No client received it and none will: the queue belongs to ${skipped.client}, whose consumed offset is now past it.`
  );
}

/** The clients holding a queue besides `clientId`. */
function coHolders(v: GroupView, key: string, clientId: string): string[] {
  return holders(v.after, key).filter((h) => h !== clientId);
}

/** After a rebalance by c: a queue c took that another client still holds, or one c dropped that nobody holds. */
interface OwnershipBreach {
  readonly client: string;
  readonly key: string;
  readonly others: readonly string[];
}

function ownershipBreach(v: GroupView): OwnershipBreach | undefined {
  if (v.command.type !== 'rebalance' || !v.outcome.ok || v.setup.messageModel !== 'CLUSTERING') return undefined;
  const client = v.command.client;
  const before = v.before.clients[client]?.processQueues ?? {};
  const after = v.after.clients[client]?.processQueues ?? {};
  for (const key of Object.keys(after)) {
    const others = coHolders(v, key, client);
    if (others.length > 0) return { client, key, others };
  }
  for (const key of Object.keys(before)) {
    if (after[key] !== undefined) continue;
    const topic = topicOf(v.after, key) ?? '';
    const subscribers = runningClients(v.after).filter((id) => v.after.clients[id]?.subscriptions[topic] !== undefined);
    // Only once every subscriber has rebalanced at least once: a client that has not started working is no view.
    if (subscribers.length > 0 && holders(v.after, key).length === 0 && subscribers.every((id) => (v.after.clients[id]?.rebalancedAt ?? 0) > 0)) {
      return { client, key, others: [] };
    }
  }
  return undefined;
}

/** Belief: during a rebalance every queue has exactly one owner. */
export const oneOwnerDuringRebalance = (v: GroupView): string | undefined => {
  const breach = ownershipBreach(v);
  if (breach === undefined) return undefined;
  return breach.others.length > 0
    ? `after ${breach.client}'s rebalance ${breach.key} is held by ${list([breach.client, ...breach.others])}`
    : `after ${breach.client}'s rebalance nobody holds ${breach.key}`;
};

function explainOwnership(v: GroupView): string {
  const breach = ownershipBreach(v);
  if (breach === undefined) return 'no ownership breach at this step';
  const cidAll = v.before.group?.cidAll ?? [];
  const views = runningClients(v.after)
    .filter((id) => id !== breach.client)
    .map((id) => {
      const last = lastRebalance(v.history, id, v.history.length - 2);
      const joined = startStep(v.history, id);
      return last === undefined
        ? `${id} has not rebalanced since it started at ${joined === undefined ? 'the beginning' : at(joined.index)}`
        : `${id} last rebalanced at ${at(last.step.index)} with cidAll ${list(last.cidAll)}`;
    });
  const what =
    breach.others.length > 0
      ? `took ${breach.key}, which ${list([...breach.others])} still hold${breach.others.length === 1 ? 's' : ''}: both pull it, so its messages are delivered twice`
      : `dropped ${breach.key}, and no other client has taken it: nobody pulls it until the others rebalance`;
  return `${breach.client} rebalanced with cidAll ${list(cidAll)} and ${what}. The views differ: ${views.join('; ')}. Each client rebalances on its own timer after NOTIFY_CONSUMER_IDS_CHANGED, so ownership is exclusive only once all have.`;
}

/** A message a client of a CONSUME_FROM_LAST_OFFSET group received although it was produced before the group started. */
interface EarlyDelivery {
  readonly client: string;
  readonly key: string;
  readonly offset: number;
  /** The step whose start created the group (its first client's start). */
  readonly groupStart: GroupStep;
}

/** The group's first successful start, when the group had no committed offset yet (a new group). */
function newGroupStart(history: readonly GroupStep[]): GroupStep | undefined {
  const first = history.find((s) => s.command.type === 'start' && s.outcome.ok);
  return first !== undefined && Object.keys(first.before.committed).length === 0 ? first : undefined;
}

function earlyDelivery(v: GroupView): EarlyDelivery | undefined {
  if (v.setup.consumeFromWhere !== 'CONSUME_FROM_LAST_OFFSET' || v.command.type !== 'pull' || !v.outcome.ok) return undefined;
  const client = v.command.client;
  const groupStart = newGroupStart(v.history);
  if (groupStart === undefined) return undefined;
  for (const change of ledgerChanges(v.before, v.after)) {
    if (change.deliveredTo.includes(client) && change.entry.storeTimestamp < groupStart.after.now) {
      return { client, key: change.key, offset: change.entry.queueOffset, groupStart };
    }
  }
  return undefined;
}

/** Belief: a new group with CONSUME_FROM_LAST_OFFSET never receives messages produced before it started. */
export const lastOffsetSkipsEarlierMessages = (v: GroupView): string | undefined => {
  const early = earlyDelivery(v);
  if (early === undefined) return undefined;
  const started = commandClient(early.groupStart.command) ?? '?';
  return `${early.client} received ${early.key}@${early.offset}, produced before the group started (${started}'s start at ${at(early.groupStart.index)}), although the group consumes from the last offset`;
};

/** The rebalance (at or before the last step) at which `client` took the queue it holds now. */
function takingStep(history: readonly GroupStep[], client: string, key: string): GroupStep | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const step = history[i];
    if (step === undefined) continue;
    const held = step.after.clients[client]?.processQueues[key] !== undefined;
    const heldBefore = step.before.clients[client]?.processQueues[key] !== undefined;
    if (step.command.type === 'rebalance' && step.command.client === client && held && !heldBefore) return step;
  }
  return undefined;
}

function explainLastOffset(v: GroupView): string {
  const early = earlyDelivery(v);
  if (early === undefined) return 'no early delivery at this step';
  const produced = v.history.find((s) => s.command.type === 'produce' && ledgerEntryAt(s.after.ledger[early.key] ?? [], early.offset) !== undefined && ledgerEntryAt(s.before.ledger[early.key] ?? [], early.offset) === undefined);
  const producedAt = produced === undefined ? 'before the group started' : `at ${at(produced.index)}, before the group started`;
  const started = commandClient(early.groupStart.command) ?? '?';
  const taking = takingStep(v.history, early.client, early.key);
  const head = `${early.client} received ${early.key}@${early.offset}, produced ${producedAt} (${started}'s start at ${at(early.groupStart.index)}), although the group consumes from CONSUME_FROM_LAST_OFFSET.`;
  if (taking === undefined) return head;
  const from = taking.after.clients[early.client]?.processQueues[early.key]?.nextOffset ?? 0;
  const max = taking.before.queues[early.key]?.maxOffset ?? 0;
  const committed = taking.before.committed[early.key];
  const broker = early.key.split('/')[1] ?? '?';
  const origin =
    committed !== undefined
      ? `It was the group's committed offset ${committed}, left by an earlier client of the group that had started this young queue at the broker's 0.`
      : `The group had no committed offset, so the client asked the broker (queryConsumerOffset); the queue's min offset was 0 and its first message still in memory (checkInDiskByConsumeOffset is false until ${broker}'s commit log outgrows the in-memory window), so the broker answered 0 instead of QUERY_NOT_FOUND.`;
  return (
    `${head} When ${early.client} took ${early.key} at ${at(taking.index)} it started at offset ${from}, not at the max offset ${max}. ${origin} ` +
    'computePullFromWhereWithException takes any stored offset ≥ 0 before it looks at consumeFromWhere, so a new group consumes a young queue from its beginning; LAST_OFFSET applies only once the head is on disk or the min offset has moved.'
  );
}

/** The rocketmq.group hazards. */
export const rocketmqGroupHazards: readonly RocketmqGroupHazard[] = [
  {
    id: 'RG-H1',
    name: 'differentTopicsLoseNoConsumption',
    check: differentTopicsLoseNoConsumption,
    explain: explainDifferentTopics,
    subscriptions: 'free',
    topics: 2,
    mix: { start: 4, subscribe: 1, heartbeat: 2, rebalance: 4, pull: 3, produce: 2 },
    statement: 'Clients of one group may subscribe different topics without losing consumption.',
    why: "The broker keeps one topic set per group, replaced by each heartbeat, so pulls for the other clients' topics fail with SUBSCRIPTION_NOT_EXIST; and cidAll lists every client, so queues of a topic are allocated to clients that never pull them. The invariant RG-08 (one owner per queue once converged) is stated only for identical subscriptions.",
  },
  {
    id: 'RG-H2',
    name: 'differentTagsLoseNoMessage',
    check: differentTagsLoseNoMessage,
    explain: explainDifferentTags,
    subscriptions: 'free',
    topics: 1,
    mix: { start: 4, subscribe: 2, heartbeat: 1, rebalance: 3, pull: 4, produce: 4 },
    statement: 'Clients of one group may subscribe different tags of one topic without losing messages.',
    why: 'The broker filters every pull with the one subscription per topic it keeps for the group (the highest subVersion, i.e. the client whose share changed last), so a client pulling its own queues skips the messages of its own tag for good. The invariant RG-08 (one owner per queue once converged) is stated only for identical subscriptions.',
  },
  {
    id: 'RG-H3',
    name: 'oneOwnerDuringRebalance',
    check: oneOwnerDuringRebalance,
    explain: explainOwnership,
    subscriptions: 'consistent',
    mix: { start: 4, heartbeat: 1, rebalance: 6, pull: 1, shutdown: 1, produce: 1 },
    statement: 'During a rebalance every queue has exactly one owner.',
    why: 'Each client rebalances alone from the cidAll it reads; until every client has rebalanced after a join or leave, their views differ and a queue can be held by two clients (duplicates) or by none. Once all have, with identical subscriptions, each queue has one owner again (invariant RG-08).',
  },
  {
    id: 'RG-H4',
    name: 'lastOffsetSkipsEarlierMessages',
    check: lastOffsetSkipsEarlierMessages,
    explain: explainLastOffset,
    subscriptions: 'consistent',
    consumeFromWhere: 'CONSUME_FROM_LAST_OFFSET',
    mix: { start: 3, rebalance: 3, pull: 3, produce: 4, shutdown: 1, commitLogGrows: 1 },
    statement: 'A new group with CONSUME_FROM_LAST_OFFSET never receives messages produced before it started.',
    why: "With no committed offset the client asks the broker, and ConsumerManageProcessor.queryConsumerOffset answers 0 while the queue's min offset is 0 and its first message is still in memory; computePullFromWhereWithException takes that answer before consumeFromWhere, so on a young queue a brand-new group starts from the beginning. Only once the queue's head is on disk (or its min offset moved) does it start at the max offset.",
  },
];
