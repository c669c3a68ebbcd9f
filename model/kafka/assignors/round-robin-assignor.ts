/**
 * Mirrors `org.apache.kafka.clients.consumer.RoundRobinAssignor` with `org.apache.kafka.common.utils.CircularIterator`
 * (apache/kafka 1.0.0; trunk without static members): all partitions of all subscribed topics, sorted by topic then
 * partition, are dealt one at a time to the members in member-id order, cycling.
 *
 * Which member gets the next partition: a single cursor goes round the sorted members. For each partition it moves
 * past members not subscribed to the partition's topic, gives the partition to the first subscriber it reaches, and
 * then steps once more, so the next partition starts its search at the member after the recipient. Skipped members
 * are not revisited until the cursor wraps around: in the javadoc example (C0{t0}, C1{t0,t1}, C2{t0,t1,t2}; t0:1,
 * t1:2, t2:3) C0 and C1 are skipped for all of t2, so C2 gets four partitions. Each member's list is in dealing
 * order, which is ascending by topic then partition, exactly as Java lists it.
 */
import { compareTopicPartitions, type TopicPartition } from '../topic-partition.js';
import {
  type Assignment,
  type PartitionAssignor,
  type PartitionsPerTopic,
  type Subscriptions,
  IllegalArgumentException,
  partitionsOf,
  sortedMemberIds,
  subscribedPartitionCounts,
  toAssignment,
  topicSets,
} from './partition-assignor.js';

/**
 * The round-robin assignment. Throws `IllegalArgumentException` when there are no members at all, as Java's
 * `CircularIterator` does on an empty list (even when there is nothing to assign).
 */
export function assignRoundRobin(partitionsPerTopic: PartitionsPerTopic, subscriptions: Subscriptions): Assignment {
  const members = sortedMemberIds(subscriptions);
  if (members.length === 0) {
    throw new IllegalArgumentException('CircularIterator can only be used on non-empty lists');
  }
  const topicsOf = topicSets(subscriptions);
  // Indexed like `members`, so the cursor addresses a member's topics and list directly.
  const memberTopics = members.map((member) => topicsOf.get(member) ?? new Set<string>());
  const memberLists: TopicPartition[][] = members.map(() => []);
  let cursor = 0; // index in `members` of the member the next search starts at
  for (const partition of allSubscribedPartitions(partitionsPerTopic, subscriptions)) {
    // Terminates: every dealt partition's topic comes from some member's subscription.
    while (memberTopics[cursor]?.has(partition.topic) !== true) cursor = (cursor + 1) % members.length;
    memberLists[cursor]?.push(partition);
    cursor = (cursor + 1) % members.length;
  }
  const lists = new Map(members.map((member, i) => [member, memberLists[i] ?? []]));
  return toAssignment(lists);
}

/** Every partition of every subscribed topic with metadata, ascending by topic (Java order) then partition. */
function allSubscribedPartitions(partitionsPerTopic: PartitionsPerTopic, subscriptions: Subscriptions): TopicPartition[] {
  const all: TopicPartition[] = [];
  for (const [topic, count] of subscribedPartitionCounts(partitionsPerTopic, subscriptions)) {
    all.push(...partitionsOf(topic, count));
  }
  // Already in this order (topics come sorted); sorting states the contract rather than relying on it.
  return all.sort(compareTopicPartitions);
}

/** RoundRobinAssignor, `partition.assignment.strategy` name `roundrobin`. */
export const roundRobinAssignor: PartitionAssignor = { name: 'roundrobin', assign: assignRoundRobin };
