/**
 * Search bounds for `rocketmq.group` scenarios, kept apart from the rules. Small on purpose: the seed article's two
 * experiments need two clients and one or two topics, and small scopes make shrunk counterexamples read like them.
 */
export const rocketmqGroupScope = {
  /** Client ids; a scenario draws how many of them it may use (the pool is cut to that size). */
  clientPool: ['c1', 'c2', 'c3'],
  /** Clients a scenario may use: two reproduce every seed experiment, a third exercises joins during a rebalance. */
  minClients: 2,
  maxClients: 3,
  /** Topic names, taken in order: one topic for tag experiments, two for the different-topics experiment. */
  topicPool: ['T1', 'T2'],
  maxTopics: 2,
  /** Broker names, taken in order. */
  brokerPool: ['broker-a', 'broker-b'],
  maxBrokers: 2,
  /** Queues per broker: two give AVG something to split between two clients on one broker. */
  maxQueuesPerBroker: 2,
  /** Message tags; null produces an untagged message (tagsCode 0). */
  tagPool: ['TagA', 'TagB', null],
  /** Tag expressions clients subscribe with: all, each tag, both. */
  expressions: ['*', 'TagA', 'TagB', 'TagA || TagB'],
  /** Deliberately invalid: an expression `FilterAPI` refuses, a topic no broker has. */
  wildExpression: '||',
  wildTopic: 'T9',
  /** A broker no setup has (for `commitLogGrows`). */
  wildBroker: 'broker-z',
  /** Logical times CONSUME_FROM_TIMESTAMP may search for. */
  maxConsumeTimestamp: 8,
  /** Commands per scenario (invariants) and per hazard scenario. */
  maxCommands: 28,
  maxHazardCommands: 14,
  /** Per mille of commands made deliberately invalid (unknown clients, queues not held, bad expressions). */
  wildPerMille: 60,
} as const;
