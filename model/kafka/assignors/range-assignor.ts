/**
 * Mirrors `org.apache.kafka.clients.consumer.RangeAssignor` (apache/kafka 1.0.0; trunk without racks and static
 * members): per topic, the topic's subscribers in member-id order each take one contiguous range of its partitions;
 * with n subscribers and P partitions each takes floor(P/n) and the first P mod n take one more.
 *
 * Order of a member's list: within a topic Java's order (ascending, contiguous). Across topics Java's: the iteration
 * order of the `HashMap` of topics (`consumersPerTopic`, by `String.hashCode` bucket, e.g. `p` before `b`); topics
 * sharing a bucket come in `String.compareTo` order (Java: in the order it met them while reading the members'
 * subscriptions, itself a HashMap order of member ids).
 */
import { capacityAfterPuts, javaHashOrder } from '../../java/java-hash-order.js';
import { javaStringHashCode } from '../../java/java-string.js';
import type { TopicPartition } from '../topic-partition.js';
import {
  type Assignment,
  type PartitionAssignor,
  type PartitionsPerTopic,
  type Subscriptions,
  emptyLists,
  partitionsOf,
  sortedMemberIds,
  subscribedPartitionCounts,
  subscribedTopics,
  toAssignment,
  topicSets,
} from './partition-assignor.js';

/** The range assignment: contiguous per-topic ranges, larger ones to the members that sort first. */
export function assignRange(partitionsPerTopic: PartitionsPerTopic, subscriptions: Subscriptions): Assignment {
  const members = sortedMemberIds(subscriptions);
  const topicsOf = topicSets(subscriptions);
  const lists = emptyLists(members);
  const counts = subscribedPartitionCounts(partitionsPerTopic, subscriptions);
  const topics = subscribedTopics(subscriptions);
  for (const topic of javaHashOrder(topics, javaStringHashCode, capacityAfterPuts(topics.length))) {
    const count = counts.get(topic);
    if (count === undefined) continue;
    // Never empty: the topic is in the union of the subscriptions.
    const subscribers = members.filter((member) => topicsOf.get(member)?.has(topic) === true);
    const ranges = splitIntoRanges(partitionsOf(topic, count), subscribers.length);
    subscribers.forEach((member, i) => lists.get(member)?.push(...(ranges[i] ?? [])));
  }
  return toAssignment(lists);
}

/** `parts` consecutive slices of `partitions`; the first `length mod parts` slices are one longer. */
function splitIntoRanges(partitions: readonly TopicPartition[], parts: number): TopicPartition[][] {
  const base = Math.floor(partitions.length / parts);
  const longer = partitions.length % parts;
  const ranges: TopicPartition[][] = [];
  let next = 0;
  for (let i = 0; i < parts; i++) {
    const size = base + (i < longer ? 1 : 0);
    ranges.push(partitions.slice(next, next + size));
    next += size;
  }
  return ranges;
}

/** RangeAssignor, `partition.assignment.strategy` name `range` (Kafka's default). */
export const rangeAssignor: PartitionAssignor = { name: 'range', assign: assignRange };
