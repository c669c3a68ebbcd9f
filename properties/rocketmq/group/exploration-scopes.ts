/**
 * Finite scopes for exploring `rocketmq.group`, and the enumerator of every command applicable in one. The model's
 * logical clock advances with every successful command and is part of the state (subVersions, store timestamps and
 * heartbeat times read it), so two paths of different lengths never meet: the search is complete to the scope's
 * depth bound, which is what bounds it, and the state counts are those of every path up to it.
 */
import { maxOffset } from '../../../model/rocketmq/group/consume-queue.js';
import { hasConverged } from '../../../model/rocketmq/group/convergence.js';
import type { RocketmqGroupCommand } from '../../../model/rocketmq/group/commands.js';
import type { RocketmqGroupObservation } from '../../../model/rocketmq/group/observation.js';
import type { RocketmqGroupSetup } from '../../../model/rocketmq/group/setup.js';
import type { RocketmqGroupState } from '../../../model/rocketmq/group/state.js';
import { defineExploration, scopeBuilder, type ExplorationScope, type HistoryMemory } from '../../explore/exploration.js';
import { heartbeatSender, type GroupView } from './group-view.js';
import { rocketmqGroupBoundsSchema } from './exploration-bounds.js';

/** The bounds of one scope. */
export interface RocketmqGroupBounds {
  readonly clients: readonly string[];
  readonly brokers: readonly string[];
  /** topic → queues per broker. */
  readonly topics: Readonly<Record<string, number>>;
  /** The setups' varying knobs. */
  readonly variants: readonly Pick<RocketmqGroupSetup, 'strategy' | 'messageModel' | 'consumeFromWhere'>[];
  /** The subscriptions a client starts with. */
  readonly startWith: readonly Readonly<Record<string, string>>[];
  /** Expressions `subscribe` tries (empty: no `subscribe` commands). */
  readonly expressions: readonly string[];
  /** Tags produced messages carry (`null`: untagged). */
  readonly tags: readonly (string | null)[];
  /** Messages produced in all, over every queue. */
  readonly maxMessages: number;
  readonly unsubscribe: boolean;
  readonly shutdown: boolean;
  /** Whether the environment's `commitLogGrows` fact (every stored message now read from disk) is tried per broker. */
  readonly commitLogGrows?: boolean;
  readonly maxDepth: number;
}

/** Every command applicable within the bounds. */
export function rocketmqGroupCommands(bounds: RocketmqGroupBounds): (state: RocketmqGroupState) => RocketmqGroupCommand[] {
  return (state) => {
    const running = bounds.clients.filter((c) => state.clients[c]?.serviceState === 'RUNNING');
    const idle = bounds.clients.filter((c) => state.clients[c] === undefined);
    const topics = Object.keys(bounds.topics);
    const produced = Object.values(state.queues).reduce((n, q) => n + maxOffset(q), 0);
    const commands: RocketmqGroupCommand[] = idle.flatMap((client) => bounds.startWith.map((subscriptions): RocketmqGroupCommand => ({ type: 'start', client, subscriptions: { ...subscriptions } })));
    for (const client of running) {
      const own = state.clients[client];
      commands.push({ type: 'heartbeat', client }, { type: 'rebalance', client });
      for (const key of Object.keys(own?.processQueues ?? {}).sort()) {
        const mq = state.queues[key]?.mq;
        if (mq !== undefined) commands.push({ type: 'pull', client, queue: mq });
      }
      for (const topic of topics) for (const expression of bounds.expressions) commands.push({ type: 'subscribe', client, topic, expression });
      if (bounds.unsubscribe) for (const topic of Object.keys(own?.subscriptions ?? {}).sort()) commands.push({ type: 'unsubscribe', client, topic });
      if (bounds.shutdown) commands.push({ type: 'shutdown', client });
    }
    if (bounds.commitLogGrows === true) for (const broker of bounds.brokers) commands.push({ type: 'commitLogGrows', broker });
    if (produced < bounds.maxMessages) {
      for (const mq of Object.values(state.routes).flat()) {
        for (const tags of bounds.tags) {
          commands.push({ type: 'produce', topic: mq.topic, broker: mq.brokerName, queueId: mq.queueId, ...(tags === null ? {} : { tags }) });
        }
      }
    }
    return commands;
  };
}

/** A scope from bounds: one setup per variant. */
export function rocketmqGroupExplorationScope(summary: string, bounds: RocketmqGroupBounds): ExplorationScope<RocketmqGroupSetup, RocketmqGroupState, RocketmqGroupCommand> {
  const setups = bounds.variants.map(
    (variant): RocketmqGroupSetup => ({
      group: 'GID',
      brokers: [...bounds.brokers],
      topics: { ...bounds.topics },
      consumeTimestamp: 0,
      postSubscriptionWhenPull: false,
      ...variant,
    }),
  );
  const commands = rocketmqGroupCommands(bounds);
  return { summary, bounds, setups, maxDepth: bounds.maxDepth, commands: (state) => commands(state) };
}

/** What the history-reading invariants need, folded step by step. */
interface GroupMemory {
  /** Per topic, the newest subscription heartbeated since the topic last entered the group's table (`[subVersion, subString]`). */
  readonly newest: Readonly<Record<string, readonly [number, string]>>;
  /** The one subscription every client has had so far (topic → expression), `differed` once two differ, null before any client. */
  readonly common: Readonly<Record<string, string>> | 'differed' | null;
  /** The logical time the group has been converged since, without a break up to now; null when not converged. */
  readonly convergedSince: number | null;
}

function expressions(client: RocketmqGroupObservation['clients'][string]): Record<string, string> {
  return Object.fromEntries(Object.entries(client.subscriptions).map(([t, s]) => [t, s.subString]).sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : 1)));
}

function sameExpressions(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * RG's `groupTableFollowsHeartbeat` walks back to the newest subscription sent since a topic entered the table, and
 * `consistentGroupDeliversExactlyOnce` reads whether every client always had one subscription and since when the
 * group has been converged. The memory keeps exactly those three (hazards read the history only in explanations).
 */
const memory: HistoryMemory<RocketmqGroupSetup, RocketmqGroupCommand, RocketmqGroupObservation> = {
  initial: { newest: {}, common: null, convergedSince: null } satisfies GroupMemory,
  remember: (previous, v: GroupView): GroupMemory => {
    const last = previous as GroupMemory;
    const sender = heartbeatSender(v);
    const sent = sender === undefined ? undefined : v.after.clients[sender]?.subscriptions;
    const newest: Record<string, readonly [number, string]> = {};
    const topics = new Set([...Object.keys(last.newest), ...Object.keys(sent ?? {})]);
    for (const topic of topics) {
      const mine = sent?.[topic];
      // The walk back stops at the step that added the topic to the table: nothing older counts.
      const kept = v.before.group?.subscriptions[topic] === undefined ? undefined : last.newest[topic];
      // Walking back, ties go to the earlier heartbeat: a later one replaces only with a greater subVersion.
      const chosen = mine !== undefined && (kept === undefined || mine.subVersion > kept[0]) ? ([mine.subVersion, mine.subString] as const) : kept;
      if (chosen !== undefined) newest[topic] = chosen;
    }
    let common = last.common;
    for (const client of Object.values(v.after.clients)) {
      if (common === 'differed') break;
      const own = expressions(client);
      if (common === null) common = own;
      else if (!sameExpressions(common, own)) common = 'differed';
    }
    const convergedSince = hasConverged(v.after) ? (last.convergedSince ?? v.before.now) : null;
    return { newest, common, convergedSince };
  },
  why: 'Two invariants read the history: the newest subscription heartbeated per topic, whether all clients always subscribed alike, and since when the group is converged.',
};

/** `rocketmq.group`'s exploration. */
export const rocketmqGroupExploration = defineExploration<RocketmqGroupSetup, RocketmqGroupState, RocketmqGroupCommand, RocketmqGroupObservation>({
  system: 'rocketmq.group',
  scopeBuilder: scopeBuilder(rocketmqGroupBoundsSchema, rocketmqGroupExplorationScope),
  scopes: {
    small: rocketmqGroupExplorationScope('AVG clustering, two clients on T1 (TagA or all), one queue, one TagA or TagB message, 5 commands', {
      clients: ['c1', 'c2'],
      brokers: ['broker-a'],
      topics: { T1: 1 },
      variants: [{ strategy: { name: 'AVG' }, messageModel: 'CLUSTERING', consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }],
      startWith: [{ T1: 'TagA' }, { T1: '*' }],
      expressions: [],
      tags: ['TagA', 'TagB'],
      maxMessages: 1,
      unsubscribe: false,
      shutdown: false,
      maxDepth: 5,
    }),
    default: rocketmqGroupExplorationScope('AVG clustering (first and last offset, heads in memory or on disk) and broadcasting, two clients, topics T1 and T2 of one queue, tags A/B, one message, 5 commands', {
      clients: ['c1', 'c2'],
      brokers: ['broker-a'],
      topics: { T1: 1, T2: 1 },
      variants: [
        { strategy: { name: 'AVG' }, messageModel: 'CLUSTERING', consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' },
        { strategy: { name: 'AVG' }, messageModel: 'BROADCASTING', consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' },
        // A new group from the last offset, with and without the head on disk: where RG-07 and RG-H4 live.
        { strategy: { name: 'AVG' }, messageModel: 'CLUSTERING', consumeFromWhere: 'CONSUME_FROM_LAST_OFFSET' },
      ],
      startWith: [{ T1: 'TagA' }, { T1: 'TagB' }, { T2: '*' }],
      expressions: [],
      tags: ['TagA', 'TagB'],
      maxMessages: 1,
      unsubscribe: false,
      shutdown: true,
      commitLogGrows: true,
      maxDepth: 5,
    }),
  },
  memory,
  symmetry: {
    names: (setup) => (setup.messageModel === 'BROADCASTING' ? ['c1', 'c2', 'c3'] : []),
    why:
      'Under BROADCASTING every client takes every queue and keeps its own offsets, so client ids matter only as names: renaming them maps runs to runs. ' +
      'Under CLUSTERING the strategies split the sorted cidAll by position (AVG, AVG_BY_CIRCLE) or by hash (CONSISTENT_HASH), so renaming clients changes who gets which queue: no reduction there. ' +
      'Queues are not interchangeable either: allocation hands out ranges of the sorted queue list.',
  },
});
