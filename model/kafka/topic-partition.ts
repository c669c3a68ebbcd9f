/**
 * Mirrors `org.apache.kafka.common.TopicPartition` (apache/kafka 1.0.0 and trunk) and the ordering of
 * `org.apache.kafka.clients.consumer.internals.Utils.TopicPartitionComparator` (trunk): topic, then partition.
 */
import { javaStringCompare, javaStringHashCode } from '../java/java-string.js';

/** One partition of one topic, as Kafka's `TopicPartition` (a value: compare with `tpKey` or the comparator). */
export interface TopicPartition {
  readonly topic: string;
  readonly partition: number;
}

/** A `TopicPartition` value. */
export function tp(topic: string, partition: number): TopicPartition {
  return { topic, partition };
}

/**
 * `"topic-partition"`, as Java's `TopicPartition.toString()`. Usable as a map key for partitions >= 0: the last `-`
 * is always the separator because a non-negative number has none (a negative partition could collide, as in Java).
 */
export function tpKey(p: TopicPartition): string {
  return `${p.topic}-${p.partition}`;
}

/**
 * Orders by topic with Java `String.compareTo` (UTF-16 code units, not `localeCompare`, not code points), then by
 * partition number. This is the order RoundRobinAssignor deals partitions in.
 */
export function compareTopicPartitions(a: TopicPartition, b: TopicPartition): number {
  const byTopic = javaStringCompare(a.topic, b.topic);
  return byTopic !== 0 ? byTopic : a.partition - b.partition;
}

/** Java's `TopicPartition.hashCode()`: `31 * (31 + partition) + topic.hashCode()`, in 32-bit int arithmetic. */
export function topicPartitionHashCode(p: TopicPartition): number {
  return (Math.imul(31, 31 + p.partition) + javaStringHashCode(p.topic)) | 0;
}
