/**
 * Search bounds for `rocketmq.allocate` scenarios, kept apart from the rules. A few clients and a handful of
 * queues on two brokers are enough for every rule (balance needs n % c ≥ 2, so up to 8 queues and 4 clients), and
 * small scopes keep shrunk counterexamples as short as the upstream tests.
 */
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';

/** The bounds of generated `rocketmq.allocate` scenarios. */
export const rocketmqAllocateScope = {
  /** The group every scenario allocates for (Java uses it for logging only). */
  group: 'G',
  /** Client ids the views are drawn from; real ids look like `10.0.0.1@DEFAULT`, short ones read better. */
  clientPool: ['c0', 'c1', 'c2', 'c3'],
  /** The topic all queues belong to. */
  topic: 'T',
  /** Brokers hosting the topic: two, so mqAll sorting by brokerName matters. */
  brokers: ['broker-a', 'broker-b'],
  /** Queues of the topic on each broker (`readQueueNums`); 0 means the broker does not host it. */
  maxQueuesPerBroker: 4,
  /** Different topic layouts (mqAll) one scenario may use; the hazard uses one. */
  maxLayouts: 2,
  /** Different client views (cidAll) one scenario draws its calls from. */
  maxViews: 3,
  /** Calls per scenario. */
  maxCommands: 10,
  /** Per mille of calls made deliberately invalid (empty currentCID / mqAll / cidAll, a client not in cidAll). */
  wildPerMille: 120,
  /**
   * The strategies whose allocations partition mqAll among cidAll, with the options they are tried with:
   * the default ring of 10 virtual nodes and a coarse one of 2, where one client's removal moves more queues.
   */
  partitioningStrategies: [
    { name: 'AVG' },
    { name: 'AVG_BY_CIRCLE' },
    { name: 'CONSISTENT_HASH' },
    { name: 'CONSISTENT_HASH', virtualNodeCnt: 2 },
  ] satisfies readonly StrategySpec[],
} as const;
