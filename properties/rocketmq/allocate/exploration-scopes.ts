/**
 * Finite scopes for exploring `rocketmq.allocate`: every strategy that partitions, every client view (cidAll) over
 * a small client pool, a few queue layouts, each client calling with each view it belongs to (and one client
 * outside it), plus the invalid calls (empty currentCID, mqAll or cidAll). A scope's depth is the number of calls.
 */
import type { RocketmqAllocateCommand, RocketmqAllocateSetup } from '../../../model/rocketmq/allocate/allocate-commands.js';
import type { RocketmqAllocateObservation, RocketmqAllocateState } from '../../../model/rocketmq/allocate/allocate-system.js';
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';
import type { MessageQueue } from '../../../model/rocketmq/message-queue.js';
import { callsMemory } from '../../explore/calls-memory.js';
import { nonEmptySubsets } from '../../explore/enumerate.js';
import { defineExploration, scopeBuilder, type ExplorationScope } from '../../explore/exploration.js';
import { rocketmqAllocateBoundsSchema } from './exploration-bounds.js';

/** The bounds of one scope. */
export interface RocketmqAllocateBounds {
  readonly strategies: readonly StrategySpec[];
  readonly clients: readonly string[];
  /** Queue layouts (mqAll, sorted as RebalanceImpl sorts them). */
  readonly layouts: readonly (readonly MessageQueue[])[];
  readonly maxDepth: number;
}

const queue = (brokerName: string, queueId: number): MessageQueue => ({ topic: 'T', brokerName, queueId });

/** Every call within the bounds (the same in every state: the calls do not depend on earlier ones). */
export function rocketmqAllocateCalls(bounds: RocketmqAllocateBounds): RocketmqAllocateCommand[] {
  const views = nonEmptySubsets(bounds.clients);
  const calls: RocketmqAllocateCommand[] = [];
  for (const mqAll of bounds.layouts) {
    for (const cidAll of views) {
      for (const currentCID of bounds.clients) calls.push({ type: 'allocate', currentCID, mqAll: [...mqAll], cidAll: [...cidAll] });
    }
  }
  const [first = 'c0'] = bounds.clients;
  const someQueues = [...(bounds.layouts[0] ?? [])];
  calls.push(
    { type: 'allocate', currentCID: '', mqAll: someQueues, cidAll: [first] },
    { type: 'allocate', currentCID: first, mqAll: [], cidAll: [first] },
    { type: 'allocate', currentCID: first, mqAll: someQueues, cidAll: [] },
  );
  return calls;
}

/** A scope from bounds: one setup per strategy. */
export function rocketmqAllocateExplorationScope(
  summary: string,
  bounds: RocketmqAllocateBounds,
): ExplorationScope<RocketmqAllocateSetup, RocketmqAllocateState, RocketmqAllocateCommand> {
  const calls = rocketmqAllocateCalls(bounds);
  return { summary, bounds, setups: bounds.strategies.map((strategy) => ({ group: 'G', strategy })), maxDepth: bounds.maxDepth, commands: () => calls };
}

/** `rocketmq.allocate`'s exploration. No symmetry: the strategies order clients by id (AVG) or hash them (CONSISTENT_HASH). */
export const rocketmqAllocateExploration = defineExploration<RocketmqAllocateSetup, RocketmqAllocateState, RocketmqAllocateCommand, RocketmqAllocateObservation>({
  system: 'rocketmq.allocate',
  scopeBuilder: scopeBuilder(rocketmqAllocateBoundsSchema, rocketmqAllocateExplorationScope),
  scopes: {
    small: rocketmqAllocateExplorationScope('AVG, clients c0 and c1, two queues on one broker, any number of calls', {
      strategies: [{ name: 'AVG' }],
      clients: ['c0', 'c1'],
      layouts: [[queue('broker-a', 0), queue('broker-a', 1)]],
      maxDepth: 30,
    }),
    default: rocketmqAllocateExplorationScope('AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (2 virtual nodes), clients c0–c2, two layouts of up to three queues on two brokers, two calls', {
      strategies: [{ name: 'AVG' }, { name: 'AVG_BY_CIRCLE' }, { name: 'CONSISTENT_HASH', virtualNodeCnt: 2 }],
      clients: ['c0', 'c1', 'c2'],
      layouts: [
        [queue('broker-a', 0)],
        [queue('broker-a', 0), queue('broker-a', 1), queue('broker-b', 0)],
      ],
      maxDepth: 2,
    }),
  },
  memory: callsMemory(),
});
