/**
 * The shape shared by the classic consumer-side assignors, mirroring
 * `org.apache.kafka.clients.consumer.internals.AbstractPartitionAssignor` (apache/kafka 1.0.0 and trunk): the group
 * subscribes to the union of its members' topics, topics without metadata (missing, or with no partitions) are
 * skipped, and every member appears in the result, possibly with no partitions.
 *
 * Not modelled: `group.instance.id` (trunk sorts static members first, by instance id) and racks (trunk's
 * rack-aware RangeAssignor); members are ordered by member id alone, as in 1.0.0.
 */
import { javaStringCompare } from '../../java/java-string.js';
import { tp, type TopicPartition } from '../topic-partition.js';

/** Topic -> partition count, as from cluster metadata. Topics absent, or with a count <= 0, have no metadata. */
export type PartitionsPerTopic = Readonly<Record<string, number>>;

/** Member id -> the topics that member subscribes to (read as a set: duplicates count once). */
export type Subscriptions = Readonly<Record<string, readonly string[]>>;

/** Member id -> the partitions assigned to that member, in the order the Java assignor lists them. */
export type Assignment = Readonly<Record<string, readonly TopicPartition[]>>;

/** A pure group assignor, named as in `partition.assignment.strategy` (`PartitionAssignor.name()`). */
export interface PartitionAssignor {
  readonly name: 'range' | 'roundrobin';
  /** The assignment the group leader computes; deterministic, independent of the records' key order. */
  assign(partitionsPerTopic: PartitionsPerTopic, subscriptions: Subscriptions): Assignment;
}

/** Java's `IllegalArgumentException`, thrown where the Java assignor (or a Java type invariant) would throw it. */
export class IllegalArgumentException extends Error {
  override readonly name = 'IllegalArgumentException';
}

/** Member ids in Java `String.compareTo` order: the order both assignors hand out partitions in. */
export function sortedMemberIds(subscriptions: Subscriptions): string[] {
  return Object.keys(subscriptions).sort(javaStringCompare);
}

/** Each member's topics as a set; own keys only, so a member called `toString` is not confused with the prototype. */
export function topicSets(subscriptions: Subscriptions): ReadonlyMap<string, ReadonlySet<string>> {
  return new Map(Object.entries(subscriptions).map(([member, topics]) => [member, new Set(topics)]));
}

/** The union of all members' topics, in Java `String.compareTo` order (the TreeSet RoundRobinAssignor builds). */
export function subscribedTopics(subscriptions: Subscriptions): string[] {
  const all = new Set<string>();
  for (const topics of Object.values(subscriptions)) for (const topic of topics) all.add(topic);
  return [...all].sort(javaStringCompare);
}

/**
 * Partition counts of the subscribed topics that have metadata, in Java `String.compareTo` topic order. As
 * `AbstractPartitionAssignor.assign(Cluster, …)`: a topic missing from metadata, or with a count <= 0, is skipped;
 * topics in metadata that nobody subscribes to are ignored. A count that is not an integer cannot come from Java
 * metadata, so it is rejected rather than guessed at.
 */
export function subscribedPartitionCounts(
  partitionsPerTopic: PartitionsPerTopic,
  subscriptions: Subscriptions,
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const topic of subscribedTopics(subscriptions)) {
    // Object.hasOwn: a topic named `toString` or `constructor` must not find Object.prototype's members.
    if (!Object.hasOwn(partitionsPerTopic, topic)) continue;
    const count = partitionsPerTopic[topic];
    if (count === undefined) continue;
    if (!Number.isSafeInteger(count)) {
      throw new IllegalArgumentException(`Invalid partition count for topic ${topic}: ${count}`);
    }
    if (count > 0) counts.set(topic, count);
  }
  return counts;
}

/** Partitions 0..count-1 of a topic, ascending, as `AbstractPartitionAssignor.partitions`. */
export function partitionsOf(topic: string, count: number): TopicPartition[] {
  return Array.from({ length: count }, (_, partition) => tp(topic, partition));
}

/** An empty, mutable partition list for every member: the starting point of both assignors. */
export function emptyLists(memberIds: readonly string[]): Map<string, TopicPartition[]> {
  return new Map(memberIds.map((member) => [member, []]));
}

/** The lists as an `Assignment` record (Object.fromEntries defines own keys, so even `__proto__` is a member). */
export function toAssignment(lists: ReadonlyMap<string, readonly TopicPartition[]>): Assignment {
  return Object.fromEntries(lists);
}
