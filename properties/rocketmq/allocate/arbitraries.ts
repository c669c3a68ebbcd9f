/**
 * Scenario generators for `rocketmq.allocate`. A scenario draws a strategy, one or two topic layouts (mqAll) and a
 * few client views (cidAll, each a subset of a small client pool), then a list of calls: a client of a view
 * allocates with that view. Several clients calling with one view is how a settled group allocates; calls with
 * different views are a group in mid-rebalance. Views are drawn in any order and sorted as `RebalanceImpl` sorts
 * them (`Collections.sort`), and a small share of calls is deliberately invalid.
 */
import fc from 'fast-check';
import type { RocketmqAllocateCommand, RocketmqAllocateSetup } from '../../../model/rocketmq/allocate/allocate-commands.js';
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';
import { javaStringCompare } from '../../../model/java/java-string.js';
import { compareMessageQueues, type MessageQueue } from '../../../model/rocketmq/message-queue.js';
import type { Scenario } from '../../../model/scenario.js';
import { rocketmqAllocateScope as scope } from './scopes.js';

/** The ways a call is made deliberately invalid. */
export type WildKind = 'emptyCID' | 'emptyMqAll' | 'nullMqAll' | 'emptyCidAll' | 'nullCidAll' | 'outsider';
const wildKinds: readonly WildKind[] = ['emptyCID', 'emptyMqAll', 'nullMqAll', 'emptyCidAll', 'nullCidAll', 'outsider'];

/** A view as drawn: which layout and which clients, in the order the broker happened to list them. */
export interface DrawnView {
  readonly layout: number;
  readonly members: readonly string[];
}

/** One call to be made concrete. */
export interface Intent {
  /** Which drawn view. */
  readonly view: number;
  /** Which client: a member of the view, or (with `join`) any pool client, which then sees itself in cidAll. */
  readonly who: number;
  readonly join: boolean;
  readonly wild: WildKind | null;
}

/** Options of the scenario generator. */
export interface RocketmqAllocateArbitraryOptions {
  /** The strategies to draw from; the partitioning ones by default. */
  readonly strategies?: readonly StrategySpec[];
  /** At most this many layouts (1: every client sees the same mqAll). */
  readonly maxLayouts?: number;
  readonly maxViews?: number;
  readonly maxCommands?: number;
  /** Per mille of invalid calls; the scope's share by default. */
  readonly wildPerMille?: number;
  /** Per mille of calls by a pool client outside the view (who then adds itself to it). */
  readonly joinPerMille?: number;
}

/** The topic's queues for per-broker queue counts, sorted as RebalanceImpl sorts mqAll. */
export function layoutQueues(perBroker: readonly number[]): MessageQueue[] {
  const queues = scope.brokers.flatMap((brokerName, b) =>
    Array.from({ length: perBroker[b] ?? 0 }, (_, queueId) => ({ topic: scope.topic, brokerName, queueId })),
  );
  return queues.sort(compareMessageQueues);
}

/** Client ids sorted and deduplicated as `RebalanceImpl` receives them (a broker lists each channel once). */
export function sortedClientIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort(javaStringCompare);
}

/** A layout: queues per broker, at least one queue in all. */
const layout: fc.Arbitrary<number[]> = fc
  .array(fc.nat(scope.maxQueuesPerBroker), { minLength: scope.brokers.length, maxLength: scope.brokers.length })
  .map((counts) => (counts.every((n) => n === 0) ? counts.map((_, i) => (i === 0 ? 1 : 0)) : counts));

/** Turns one intent into a concrete call. */
export function realize(layouts: readonly MessageQueue[][], views: readonly DrawnView[], intent: Intent): RocketmqAllocateCommand {
  const view = views[intent.view % views.length] ?? { layout: 0, members: [scope.clientPool[0]] };
  const mqAll = layouts[view.layout % layouts.length] ?? [];
  const pool: readonly string[] = scope.clientPool;
  if (intent.wild === 'outsider') {
    const outsider = pool.find((cid, i) => i >= intent.who % pool.length && !view.members.includes(cid)) ?? 'c9';
    return { type: 'allocate', currentCID: outsider, mqAll, cidAll: sortedClientIds(view.members) };
  }
  const client = intent.join ? (pool[intent.who % pool.length] ?? 'c0') : (view.members[intent.who % view.members.length] ?? 'c0');
  const cidAll = sortedClientIds([...view.members, client]);
  switch (intent.wild) {
    case null:
      return { type: 'allocate', currentCID: client, mqAll, cidAll };
    case 'emptyCID':
      return { type: 'allocate', currentCID: '', mqAll, cidAll };
    case 'emptyMqAll':
      return { type: 'allocate', currentCID: client, mqAll: [], cidAll };
    case 'nullMqAll':
      return { type: 'allocate', currentCID: client, mqAll: null, cidAll };
    case 'emptyCidAll':
      return { type: 'allocate', currentCID: client, mqAll, cidAll: [] };
    case 'nullCidAll':
      return { type: 'allocate', currentCID: client, mqAll, cidAll: null };
  }
}

/** `rocketmq.allocate` scenarios. */
export function rocketmqAllocateScenarios(
  options: RocketmqAllocateArbitraryOptions = {},
): fc.Arbitrary<Scenario<RocketmqAllocateSetup, RocketmqAllocateCommand>> {
  const strategies = options.strategies ?? scope.partitioningStrategies;
  const wildPerMille = options.wildPerMille ?? scope.wildPerMille;
  const joinPerMille = options.joinPerMille ?? 150;
  const view = fc.record({
    layout: fc.nat(scope.maxLayouts),
    members: fc.shuffledSubarray([...scope.clientPool], { minLength: 1 }),
  });
  const intent: fc.Arbitrary<Intent> = fc.record({
    view: fc.nat(scope.maxViews),
    who: fc.nat(scope.clientPool.length * 2),
    join: fc.nat(999).map((n) => n < joinPerMille),
    wild:
      wildPerMille <= 0
        ? fc.constant(null)
        : fc.oneof(
            { arbitrary: fc.constant(null), weight: 1000 - wildPerMille },
            { arbitrary: fc.constantFrom(...wildKinds), weight: wildPerMille },
          ),
  });
  return fc
    .record({
      strategy: fc.constantFrom(...strategies),
      layouts: fc.array(layout, { minLength: 1, maxLength: options.maxLayouts ?? scope.maxLayouts }),
      views: fc.array(view, { minLength: 1, maxLength: options.maxViews ?? scope.maxViews }),
      intents: fc.array(intent, { minLength: 1, maxLength: options.maxCommands ?? scope.maxCommands }),
    })
    .map(({ strategy, layouts, views, intents }) => {
      const queues = layouts.map(layoutQueues);
      return {
        system: 'rocketmq.allocate',
        setup: { group: scope.group, strategy },
        commands: intents.map((i) => realize(queues, views, i)),
      };
    });
}
