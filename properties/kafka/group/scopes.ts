/**
 * Search bounds for `kafka.group` scenarios, kept apart from the rules. The cluster's bounds are kafka.consumer's
 * (`properties/kafka/consumer/scopes.ts`: up to two topics of up to two partitions at the start, a third topic and
 * partition by metadata updates); these add the members. Three members over at most four partitions are enough for
 * members without partitions, uneven shares, and join orders that differ from member-id order.
 */
export const kafkaGroupScope = {
  /** Consumer names (member ids); their sorted order is the assignors' order, their join order is drawn. */
  consumers: ['c0', 'c1', 'c2'],
  /** Topics a member may subscribe to: the consumer pool's topics plus one no cluster ever has. */
  subscribablePool: ['t0', 't1', 't2', 'gone'],
  /** Commands per scenario (joins and subscribes come first in most runs, so a group needs a few more than one consumer). */
  maxCommands: 28,
  /** Intents per scenario of the delivery invariants: records must be produced, polled, committed and handed over. */
  minDeliveryCommands: 16,
  maxDeliveryCommands: 32,
  /** Intents per hazard scenario: enough for join, subscribe, rebalance, produce, poll, rebalance, poll; short runs shrink faster. */
  minHazardCommands: 8,
  maxHazardCommands: 16,
  /** Per mille of commands made deliberately invalid (unknown consumers, blank topics, unassigned partitions). */
  wildPerMille: 50,
} as const;
