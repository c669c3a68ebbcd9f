/**
 * Beliefs about `kafka.group` that Kafka does not guarantee. The suite must find a counterexample to each by
 * generation and shrinking; a hazard that can no longer be found fails the run.
 */
import type { GroupCommandMix, KafkaGroupArbitraryOptions } from './arbitraries.js';
import {
  memberOf,
  polledRecords,
  recordName,
  returnedRecords,
  stepName,
  type KafkaGroupStep,
  type KafkaGroupView,
  type PolledRecord,
} from './invariants.js';
import { tpKey } from '../../../model/kafka/topic-partition.js';
import { kafkaGroupScope as scope } from './scopes.js';

/** A false belief with the check that refutes it and the explanation written from the counterexample's trace. */
export interface KafkaGroupHazard {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly scenarios: KafkaGroupArbitraryOptions;
  /** Runs in CI when the default (1000) finds it too rarely. */
  readonly runs?: number;
  readonly check: (view: KafkaGroupView) => string | undefined;
  readonly explain: (view: KafkaGroupView, message: string) => string;
}

/** The first record of this poll that an earlier poll already returned, with the step that returned it. */
function redelivered(v: KafkaGroupView): { readonly record: PolledRecord; readonly first: KafkaGroupStep } | undefined {
  const earlier = returnedRecords(v.history.slice(0, -1));
  for (const record of polledRecords(v)) {
    const first = earlier.get(recordName(record));
    if (first !== undefined) return { record, first };
  }
  return undefined;
}

/** The belief "every record is processed once": no poll returns a record some poll already returned. */
export const recordProcessedOnce = (v: KafkaGroupView): string | undefined => {
  const again = redelivered(v);
  return again === undefined
    ? undefined
    : `${stepName(v.command)} returned ${recordName(again.record)}, which ${stepName(again.first.command)} already returned at step ${again.first.index}`;
};

/** The last step between two indexes (exclusive) that took the partition away from whoever was reading it. */
function lastHandOver(v: KafkaGroupView, key: string, from: number): KafkaGroupStep | undefined {
  const between = v.history.slice(from + 1, -1);
  return [...between].reverse().find((step) =>
    Object.entries(step.before.members).some(([id, m]) => {
      const before = m.partitions[key];
      const after = memberOf(step.after, id)?.partitions[key];
      return before?.position != null && (after === undefined || after.position === null);
    }),
  );
}

/** Who owns the partition after a step, if anyone. */
function ownerAfter(step: KafkaGroupStep, key: string): string | undefined {
  return Object.entries(step.after.members).find(([, m]) => m.partitions[key] !== undefined)?.[0];
}

/** How the hand-over step let go of the partition, in words. */
function handOverText(step: KafkaGroupStep, key: string): string {
  const owner = ownerAfter(step, key);
  if (step.command.type === 'rebalance') {
    return `the rebalance at step ${step.index} (generation ${step.after.generation}) gave ${key} ${owner === undefined ? 'to nobody' : `to ${owner}`}, starting afresh`;
  }
  return `${stepName(step.command)} at step ${step.index} released ${key}`;
}

/** Why the record came back, from the trace: who read it, what reset the partition uncommitted, where it resumed. */
export function explainRedelivery(v: KafkaGroupView, message: string): string {
  const again = redelivered(v);
  if (again === undefined) return message;
  const key = tpKey(again.record);
  const record = recordName(again.record);
  const firstReader = 'consumer' in again.first.command ? again.first.command.consumer : 'a member';
  const handOver = lastHandOver(v, key, again.first.index);
  const committed = (handOver ?? v).before.groupCommitted[key];
  const resumed =
    committed === undefined
      ? `from auto.offset.reset=${v.setup.autoOffsetReset}, the log start ${v.before.logs[key]?.logStartOffset ?? 0}, as nothing was committed`
      : `from the group's committed offset ${committed}`;
  const when = handOver === undefined ? 'the partition was started afresh' : handOverText(handOver, key);
  return (
    `${firstReader} polled ${record} at step ${again.first.index}, but the group's committed offset of ${key} was ${committed ?? 'none'}, not past ${again.record.offset}, when ${when}; ` +
    `the partition resumed ${resumed}, so ${stepName(v.command)} at step ${v.index} returned ${record} again. ` +
    "Kafka delivers at least once: records polled but not committed before a rebalance are delivered again to the partition's next owner (commit in onPartitionsRevoked, or make processing idempotent)."
  );
}

/** Commands that matter to redelivery; generation still does the finding. */
const redeliveryMix: GroupCommandMix = { join: 1, subscribe: 1, rebalance: 3, poll: 5, produce: 3, commitSync: 1, leave: 1 };

/** The kafka.group hazards. */
export const kafkaGroupHazards: readonly KafkaGroupHazard[] = [
  {
    id: 'KG-H1',
    name: 'recordProcessedOnce',
    check: recordProcessedOnce,
    explain: explainRedelivery,
    scenarios: { mix: redeliveryMix, minCommands: scope.minHazardCommands, maxCommands: scope.maxHazardCommands },
    statement: 'A record is processed once: no member polls a record the group has already polled.',
    why: 'Kafka commits only what the application commits: after a rebalance a partition\'s owner (new or the same) starts from the committed offset, so records polled but not committed before the rebalance are delivered again.',
  },
];
