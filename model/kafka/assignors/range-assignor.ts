/**
 * Mirrors `org.apache.kafka.clients.consumer.RangeAssignor` (apache/kafka 1.0.0; trunk without racks and static
 * members): per topic, the topic's subscribers in member-id order each take one contiguous range of its partitions;
 * with n subscribers and P partitions each takes floor(P/n) and the first P mod n take one more.
 *
 * Order of a member's list: within a topic Java's order (ascending, contiguous). Across topics Java follows the
 * iteration order of a `HashMap` keyed by topic name (by `String.hashCode` bucket, e.g. `p` before `b`), which is
 * unspecified and which Java's own tests ignore (they compare sets); we list topics in `String.compareTo` order
 * instead, so the result is deterministic. Compare Range results with Java as per-member sets.
 */
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
  toAssignment,
  topicSets,
} from './partition-assignor.js';

/** The range assignment: contiguous per-topic ranges, larger ones to the members that sort first. */
export function assignRange(partitionsPerTopic: PartitionsPerTopic, subscriptions: Subscriptions): Assignment {
  const members = sortedMemberIds(subscriptions);
  const topicsOf = topicSets(subscriptions);
  const lists = emptyLists(members);
  for (const [topic, count] of subscribedPartitionCounts(partitionsPerTopic, subscriptions)) {
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
