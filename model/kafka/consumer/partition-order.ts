/**
 * The order in which the Java client holds and returns partitions (apache/kafka 1.0.0 `SubscriptionState` /
 * `PartitionStates` / `Fetcher`, 0.10.0.0 `SubscriptionState`): assignments pass through `HashSet` / `HashMap`s of
 * `TopicPartition` (1.0 then groups them by topic in first-seen order), and a poll's records come out of a `HashMap`
 * keyed by partition. Orders are computed with Java's hash codes (`model/java/java-hash-order.ts`), so a model run
 * lists partitions as the Java client iterates them.
 */
import { capacityAfterPuts, hashSetCopyCapacity, javaHashOrder, tableSizeFor } from '../../java/java-hash-order.js';
import { topicPartitionHashCode, tpKey, type TopicPartition } from '../topic-partition.js';
import type { Profile } from './setup.js';

/** Topic partitions without duplicates, first occurrence first. */
export function distinctPartitions(partitions: readonly TopicPartition[]): TopicPartition[] {
  const seen = new Set<string>();
  return partitions.filter((p) => {
    const key = tpKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `PartitionStates.update`: the partitions grouped by topic, topics in first-seen order. */
function groupedByTopic(partitions: readonly TopicPartition[]): TopicPartition[] {
  const topics = [...new Set(partitions.map((p) => p.topic))];
  return topics.flatMap((topic) => partitions.filter((p) => p.topic === topic));
}

/** The partitions of a `HashMap` filled in the given order from a table of `initial` buckets. */
function hashMapOrder(partitions: readonly TopicPartition[], initial = 16): TopicPartition[] {
  return javaHashOrder(partitions, topicPartitionHashCode, capacityAfterPuts(partitions.length, initial));
}

/**
 * `assign(partitions)`: 1.0 copies the list into a `HashSet` (`KafkaConsumer.assign`), fills a `HashMap` from it
 * (`assignFromUser`) and groups it by topic; 0.10.0 adds the new partitions to its assignment `HashMap` after the
 * ones it keeps (`kept` in their current order).
 */
export function userAssignmentOrder(profile: Profile, kept: readonly TopicPartition[], added: readonly TopicPartition[]): TopicPartition[] {
  if (profile === 'kafka-0.10.0') return hashMapOrder([...kept, ...added]);
  const wanted = distinctPartitions([...kept, ...added]);
  const copied = javaHashOrder(wanted, topicPartitionHashCode, hashSetCopyCapacity(wanted.length));
  return groupedByTopic(hashMapOrder(copied));
}

/** The coordinator's assignment: 1.0 `partitionToStateMap` (`new HashMap<>(n)`) grouped by topic; 0.10.0 its map. */
export function coordinatorAssignmentOrder(profile: Profile, partitions: readonly TopicPartition[]): TopicPartition[] {
  const wanted = distinctPartitions(partitions);
  if (profile === 'kafka-0.10.0') return hashMapOrder(wanted);
  return groupedByTopic(hashMapOrder(wanted, tableSizeFor(wanted.length)));
}

/** A poll's records in the order `ConsumerRecords` iterates them: partitions in `HashMap` order, offsets in order. */
export function fetchedRecordsOrder<R extends TopicPartition>(records: readonly R[]): R[] {
  const partitions = distinctPartitions(records);
  return hashMapOrder(partitions).flatMap((p) => records.filter((r) => r.topic === p.topic && r.partition === p.partition));
}
