/**
 * kafka-node@5.0.0's range and round-robin assignors (`kafka-node/lib/assignment/{range,roundrobin}.js`) as its
 * `ConsumerGroup.assignPartitions` calls them (`lib/consumerGroup.js`): the leader loads metadata for the union of
 * the members' topics (in the members' order, each topic once), maps it to `{topic: [partition ids as strings]}`
 * (`_.mapValues(metadata, Object.keys)`; topics the broker does not know are absent) and calls
 * `assign(metadata, [{id, subscription}], callback)` with the members in the coordinator's order. Both call back
 * synchronously; the results are `[{memberId, topicPartitions: {topic: [ids]}}]`.
 */
import type { TopicPartition } from '../../../model/kafka/topic-partition.js';
import type { Assignment } from '../../../model/kafka/assignors/partition-assignor.js';
import type { LibraryTarget } from '../library-target.js';
import { assignorCommands, assignorFields, openGroupWithAssignor, type RebalanceInput } from '../group-with-library-assignor.js';
import { lazyLibrary, librarySpec, libraryUnavailable } from '../library-require.js';
import { kafkaNodeLibrary } from '../libraries.js';

/** The library's package and version (exact, as in package.json). */
export const kafkaNodeVersion = librarySpec(kafkaNodeLibrary);

/** A group member as kafka-node hands it to the assignor. */
interface KafkaNodeMember {
  readonly id: string;
  readonly subscription: readonly string[];
}

/** One member's part of kafka-node's answer. */
interface KafkaNodeMemberAssignment {
  readonly memberId: string;
  readonly topicPartitions: Readonly<Record<string, ReadonlyArray<number | string>>>;
}

type Callback = (error: Error | null, result?: readonly KafkaNodeMemberAssignment[]) => void;

/** `kafka-node/lib/assignment/*.js`'s protocol object. */
interface KafkaNodeProtocol {
  readonly name: string;
  assign(topicPartition: Readonly<Record<string, readonly string[]>>, groupMembers: readonly KafkaNodeMember[], callback: Callback): void;
}

/** The assignors, loaded when a target first rebalances. */
export const kafkaNodeProtocols = lazyLibrary<{ range: KafkaNodeProtocol; roundrobin: KafkaNodeProtocol }>(kafkaNodeLibrary, 'lib/assignment');

/** The metadata kafka-node's leader passes: subscribed topics the cluster knows, partition ids as strings. */
export function kafkaNodeMetadata(input: RebalanceInput): Record<string, string[]> {
  const requested = [...new Set(Object.values(input.subscriptions).flat())];
  const known = requested.filter((topic) => Object.hasOwn(input.metadata, topic) && (input.metadata[topic] ?? 0) > 0);
  return Object.fromEntries(known.map((topic) => [topic, Array.from({ length: input.metadata[topic] ?? 0 }, (_, p) => String(p))]));
}

/** Calls a kafka-node protocol as the library does and decodes its answer (partition ids become numbers). */
export function callKafkaNodeAssignor(protocol: KafkaNodeProtocol, input: RebalanceInput): Assignment {
  const members = Object.entries(input.subscriptions).map(([id, subscription]) => ({ id, subscription: [...subscription] }));
  let answer: { error: Error | null; result: readonly KafkaNodeMemberAssignment[] } | undefined;
  protocol.assign(kafkaNodeMetadata(input), members, (error, result) => {
    answer = { error, result: result ?? [] };
  });
  if (answer === undefined) throw new Error(`kafka-node ${protocol.name}: the assignor did not call back synchronously`);
  if (answer.error !== null) throw answer.error;
  const assignment: Record<string, TopicPartition[]> = {};
  for (const { memberId, topicPartitions } of answer.result) {
    assignment[memberId] = Object.entries(topicPartitions).flatMap(([topic, ids]) => ids.map((id) => ({ topic, partition: Number(id) })));
  }
  return assignment;
}

// kafka-node's lists go to the comparison as the library gives them: Java lists a member's range partitions topic
// by topic in HashMap order, which is unspecified, so the kafka.group comparison (group-comparison.ts) compares each
// member's list as a set; the adapter sorted them too, a repair that hid nothing but was not the library's answer.
/** kafka-node's RangeAssignor. */
export const kafkaNodeRange: LibraryTarget = {
  name: 'kafka-node-range',
  version: kafkaNodeVersion,
  library: kafkaNodeVersion,
  unavailable: () => libraryUnavailable(kafkaNodeLibrary),
  describes: "kafka-node's range assignor (lib/assignment/range.js) run by the group leader at each rebalance, around the reference group model.",
  systems: [{ system: 'kafka.group', commands: assignorCommands, fields: assignorFields, mode: 'differential', setup: { assignor: 'range' } }],
  open: (system, setup) => openGroupWithAssignor(system, setup, (input) => callKafkaNodeAssignor(kafkaNodeProtocols().range, input)),
};

/** kafka-node's RoundRobinAssignor. */
export const kafkaNodeRoundRobin: LibraryTarget = {
  name: 'kafka-node-roundrobin',
  version: kafkaNodeVersion,
  library: kafkaNodeVersion,
  unavailable: () => libraryUnavailable(kafkaNodeLibrary),
  describes: "kafka-node's round-robin assignor (lib/assignment/roundrobin.js) run by the group leader at each rebalance, around the reference group model.",
  systems: [{ system: 'kafka.group', commands: assignorCommands, fields: assignorFields, mode: 'differential', setup: { assignor: 'roundrobin' } }],
  open: (system, setup) => openGroupWithAssignor(system, setup, (input) => callKafkaNodeAssignor(kafkaNodeProtocols().roundrobin, input)),
};
