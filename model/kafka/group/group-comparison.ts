/**
 * How `kafka.group` implementations are compared: an assignor's result lists a member's partitions topic by topic in
 * the iteration order of a Java `HashMap` (RangeAssignor's partitions per topic), which is unspecified, so each
 * member's list is compared as a set (sorted by topic, then partition) — in the observation's `lastAssignment` and in
 * the `assignment` a `rebalance` answers.
 */
import { isRecord } from '../../json.js';
import type { Outcome } from '../../outcome.js';
import type { Comparison } from '../../system.js';
import type { TopicPartition } from '../topic-partition.js';
import type { KafkaGroupCommand } from './commands.js';
import type { KafkaGroupObservation } from './observation.js';

/** Topic, then partition. */
function byTopicPartition(a: TopicPartition, b: TopicPartition): number {
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition;
}

/** Every member's partitions sorted; what is not a list of partitions is left as it is. */
function sortedPerMember(assignment: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(assignment).map(([member, partitions]) => [member, Array.isArray(partitions) ? [...(partitions as TopicPartition[])].sort(byTopicPartition) : partitions]),
  );
}

/** The comparison of `kafka.group`. */
export const kafkaGroupComparison: Comparison<KafkaGroupCommand, KafkaGroupObservation> = {
  outcome: (command, outcome): Outcome => {
    if (command.type !== 'rebalance' || !outcome.ok || !isRecord(outcome.value) || !isRecord(outcome.value['assignment'])) return outcome;
    return { ...outcome, value: { ...outcome.value, assignment: sortedPerMember(outcome.value['assignment']) } };
  },
  observation: (observation) => {
    const last = observation.lastAssignment;
    if (last === null || last === undefined) return observation;
    return { ...observation, lastAssignment: sortedPerMember(last) as KafkaGroupObservation['lastAssignment'] };
  },
};
