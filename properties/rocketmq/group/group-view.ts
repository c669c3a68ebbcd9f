/**
 * What a `rocketmq.group` check sees after a step, and the small readings of it that invariants, hazards and
 * explanations share: who heartbeated, which ledger entries changed, what a pull answered, which filter a
 * subscription applies to a message, where in the trace a client last acted.
 */
import { brokerFilterMatches } from '../../../model/rocketmq/filter/broker-filter.js';
import { clientFilterMatches } from '../../../model/rocketmq/filter/client-filter.js';
import { tagsCode } from '../../../model/rocketmq/filter/tags-code.js';
import type { RocketmqGroupCommand } from '../../../model/rocketmq/group/commands.js';
import type { LedgerEntry, Passing } from '../../../model/rocketmq/group/delivery-ledger.js';
import type { RocketmqGroupObservation } from '../../../model/rocketmq/group/observation.js';
import type { PullAnswer } from '../../../model/rocketmq/group/pull.js';
import { queueKey } from '../../../model/rocketmq/group/queue-key.js';
import type { RocketmqGroupSetup } from '../../../model/rocketmq/group/setup.js';
import type { VersionedSubscription } from '../../../model/rocketmq/group/versioned-subscription.js';
import type { StepView } from '../../property.js';

/** What a rocketmq.group check sees. */
export type GroupView = StepView<RocketmqGroupSetup, RocketmqGroupCommand, RocketmqGroupObservation>;

/** One step of the trace as the view's history holds it. */
export type GroupStep = GroupView['history'][number];

/** The client a command names, if any (the environment's facts name none). */
export function commandClient(command: RocketmqGroupCommand): string | undefined {
  return 'client' in command ? command.client : undefined;
}

/** The client that sent a heartbeat in this step (start, subscribe, heartbeat, or a rebalance that changed a share). */
export function heartbeatSender(step: Pick<GroupView, 'command' | 'outcome' | 'after'>): string | undefined {
  const client = commandClient(step.command);
  if (client === undefined || !step.outcome.ok) return undefined;
  return step.after.clients[client]?.heartbeatAt === step.after.now ? client : undefined;
}

/** The answer of a successful pull, else undefined. */
export function pullAnswer(view: Pick<GroupView, 'command' | 'outcome'>): PullAnswer | undefined {
  return view.command.type === 'pull' && view.outcome.ok ? (view.outcome.value as PullAnswer) : undefined;
}

/** Clients that are running after the step. */
export function runningClients(observation: RocketmqGroupObservation): string[] {
  return Object.keys(observation.clients).filter((id) => observation.clients[id]?.serviceState === 'RUNNING');
}

/** Running clients holding the queue. */
export function holders(observation: RocketmqGroupObservation, key: string): string[] {
  return runningClients(observation).filter((id) => observation.clients[id]?.processQueues[key] !== undefined);
}

/** What one step added to a stretch of messages of one queue (alike before and after the step). */
export interface LedgerChange {
  readonly key: string;
  /** The messages after the step: `entry.queueOffset` is the first, `entry.count` how many. */
  readonly entry: LedgerEntry;
  /** True for entries the step created (a produce). */
  readonly added: boolean;
  readonly deliveredTo: readonly string[];
  readonly passedBy: readonly Passing[];
}

/** The offsets a change covers. */
export function changeOffsets(change: LedgerChange): number[] {
  return Array.from({ length: change.entry.count }, (_, i) => change.entry.queueOffset + i);
}

/** One queue's changes: the after-entries cut where the before-entries end, each part compared with its old self. */
function queueChanges(key: string, old: readonly LedgerEntry[], entries: readonly LedgerEntry[]): LedgerChange[] {
  const changes: LedgerChange[] = [];
  let o = 0;
  for (const entry of entries) {
    if (old[o] === entry) {
      o++;
      continue;
    }
    const end = entry.queueOffset + entry.count;
    let at = entry.queueOffset;
    while (at < end) {
      while (o < old.length && (old[o]?.queueOffset ?? 0) + (old[o]?.count ?? 0) <= at) o++;
      const previous = old[o];
      const stop = previous === undefined ? end : Math.min(end, previous.queueOffset + previous.count);
      const part = { ...entry, queueOffset: at, count: stop - at };
      changes.push({
        key,
        entry: part,
        added: previous === undefined,
        deliveredTo: entry.deliveredTo.slice(previous?.deliveredTo.length ?? 0),
        passedBy: entry.passedBy.slice(previous?.passedBy.length ?? 0),
      });
      at = stop;
    }
  }
  return changes;
}

/** The ledger stretches a step changed (the ledger only grows: new entries, new deliveries, new passes). */
export function ledgerChanges(before: RocketmqGroupObservation, after: RocketmqGroupObservation): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const [key, entries] of Object.entries(after.ledger)) {
    const old = before.ledger[key] ?? [];
    if (old === entries) continue;
    changes.push(...queueChanges(key, old, entries));
  }
  return changes.filter((c) => c.added || c.deliveredTo.length > 0 || c.passedBy.length > 0);
}

/** True when the message passes both filters of the subscription: its tag code (broker) and its tag (client). */
export function matchesSubscription(subscription: VersionedSubscription, tags: string | null): boolean {
  return brokerFilterMatches(subscription, tagsCode(tags)) && clientFilterMatches(subscription, tags);
}

/** The topic of a queue key (`topic/brokerName/queueId`). */
export function topicOf(observation: RocketmqGroupObservation, key: string): string | undefined {
  return observation.queues[key]?.topic;
}

/** The key of a queue as the model names it. */
export { queueKey };

/** The last step (at or before `index`) at which the client rebalanced, with the cidAll it read. */
export function lastRebalance(history: readonly GroupStep[], clientId: string, index: number): { step: GroupStep; cidAll: readonly string[] } | undefined {
  for (let i = Math.min(index, history.length - 1); i >= 0; i--) {
    const step = history[i];
    if (step === undefined) continue;
    if (step.command.type === 'rebalance' && step.command.client === clientId && step.outcome.ok) {
      return { step, cidAll: step.before.group?.cidAll ?? [] };
    }
  }
  return undefined;
}

/** The step at which a client last joined the group (its start), if any. */
export function startStep(history: readonly GroupStep[], clientId: string): GroupStep | undefined {
  return history.find((s) => s.command.type === 'start' && s.command.client === clientId && s.outcome.ok);
}

/** The step whose heartbeat installed the group's current entry for `topic`. */
export function entryOrigin(history: readonly GroupStep[], topic: string): GroupStep | undefined {
  const current = history[history.length - 1]?.after.group?.subscriptions[topic];
  if (current === undefined) return undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const step = history[i];
    const before = step?.before.group?.subscriptions[topic];
    if (step !== undefined && (before === undefined || before.subVersion !== current.subVersion || before.subString !== current.subString)) return step;
  }
  return undefined;
}

/** `[a, b]` as the explanations print lists. */
export function list(items: readonly string[]): string {
  return `[${items.join(', ')}]`;
}
