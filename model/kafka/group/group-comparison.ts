/**
 * How `kafka.group` implementations are compared: an assignor's result lists a member's partitions topic by topic in
 * the iteration order of a Java `HashMap` (RangeAssignor's partitions per topic), which is unspecified, so each
 * member's list in `lastAssignment` is compared as a set (sorted by topic, then partition).
 */
import type { Comparison } from '../../system.js';
import type { TopicPartition } from '../topic-partition.js';
import type { KafkaGroupCommand } from './commands.js';
import type { KafkaGroupObservation } from './observation.js';

/** Topic, then partition. */
function byTopicPartition(a: TopicPartition, b: TopicPartition): number {
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition;
}

/** The comparison of `kafka.group`. */
export const kafkaGroupComparison: Comparison<KafkaGroupCommand, KafkaGroupObservation> = {
  observation: (observation) => {
    const last = observation.lastAssignment;
    if (last === null || last === undefined) return observation;
    const sorted = Object.fromEntries(Object.entries(last).map(([member, partitions]) => [member, [...partitions].sort(byTopicPartition)]));
    return { ...observation, lastAssignment: sorted };
  },
};
