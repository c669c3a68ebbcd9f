/**
 * Search bounds for `kafka.consumer` scenarios, kept apart from the rules (as TLA+ keeps them in model files).
 * Small on purpose: the interesting states need only a couple of topics, partitions and records, and small
 * scopes make shrunk counterexamples read like the spec's own examples.
 */
export const kafkaConsumerScope = {
  /** Topic names the cluster may have at the start; `metadataUpdate` may add the rest of the pool. */
  topicPool: ['t0', 't1', 't2'],
  /** Topics in the initial metadata. */
  minTopics: 1,
  maxTopics: 2,
  /** Partitions per topic: two are enough for ordering and pause/fetch interplay. */
  maxPartitions: 2,
  /** Offsets used by seek, commits and setup: a little past what a short run produces. */
  maxOffset: 6,
  /** Records one `produce` appends. */
  maxProduce: 3,
  /** Commands per scenario. */
  maxCommands: 24,
  /** Patterns to subscribe: whole-name matches over the topic pool, one matching nothing. */
  patterns: ['t.*', 't0', 't1|t2', 't[01]', 'x.*'],
  /** Per mille of commands made deliberately invalid (unassigned partitions, negative offsets, blank topics). */
  wildPerMille: 100,
} as const;
