/**
 * Beliefs about `kafka.consumer` that Kafka does not guarantee. The suite must find a counterexample to each by
 * generation and shrinking; a hazard that can no longer be found fails the run.
 */
import type { KafkaConsumerSetup } from '../../../model/kafka/consumer/setup.js';
import type { CommandMix } from './arbitraries.js';
import { committedBeyondPosition, polledRecords, recordsByPartition, type KafkaConsumerView } from './invariants.js';

/** A false belief with the check that refutes it. */
export interface KafkaConsumerHazard {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly profile?: KafkaConsumerSetup['profile'];
  readonly autoOffsetReset?: KafkaConsumerSetup['autoOffsetReset'];
  /** Runs in CI when the default (1000) finds it too rarely. */
  readonly runs?: number;
  /** At least this many topics at the start, when the belief is about a topic left behind. */
  readonly minTopics?: number;
  /** At least this many commands, when the counterexample's state takes several steps to build. */
  readonly minCommands?: number;
  /** Every (valid) commitSync commits the positions, when the belief is about commitSync() alone. */
  readonly commitPositionsOnly?: boolean;
  /** The commands that matter to the belief, with weights (generation still does the finding). */
  readonly mix: CommandMix;
  readonly check: (view: KafkaConsumerView) => string | undefined;
}

/**
 * The belief "committed ≤ position" for every assigned partition, refuted only where the harm is real: records that
 * exist in the log between the position and the committed offset, which a restart from the committed offset skips.
 */
export const committedNeverExceedsPosition = (v: KafkaConsumerView): string | undefined => {
  const beyond = committedBeyondPosition(v.after);
  const log = beyond === undefined ? undefined : v.after.logs[beyond.key];
  if (beyond === undefined || log === undefined) return undefined;
  const from = Math.max(beyond.position, log.logStartOffset);
  const to = Math.min(beyond.committed, log.highWatermark);
  if (to <= from) return undefined;
  return `after ${v.command.type} ${beyond.key} has committed ${beyond.committed} beyond its position ${beyond.position}: a restart resumes at ${beyond.committed} and skips records ${from}..${to - 1}, which are in the log and have not been returned from position ${beyond.position} on`;
};

/** The belief "commitSync() commits only the subscribed topics' offsets", right after a subscription change. */
export const commitSyncCommitsOnlySubscribedTopics = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'commitSync' || v.command.offsets !== undefined || !v.outcome.ok || v.after.mode !== 'AUTO_TOPICS') return undefined;
  // commitSync() commits every assigned partition that has a position.
  const foreign = Object.entries(v.after.partitions).find(([, p]) => p.position !== null && !v.after.subscription.includes(p.topic));
  if (foreign !== undefined) {
    return `commitSync() committed ${foreign[0]} at ${foreign[1].position} while subscribed to ${JSON.stringify(v.after.subscription)}: the partition is still assigned until the next poll rejoins`;
  }
  return undefined;
};

/**
 * The belief "a latest reset never skips a record still in the log": when a poll resolves a pending LATEST reset
 * that an earlier poll started (OFFSET_OUT_OF_RANGE), every offset between the old position and the new one must
 * have left the log already.
 */
export const latestResetSkipsNothingInLog = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'poll' || !v.outcome.ok) return undefined;
  const firstRecord = recordsByPartition(polledRecords(v));
  for (const [key, before] of Object.entries(v.before.partitions)) {
    const after = v.after.partitions[key];
    const log = v.before.logs[key];
    if (before.resetStrategy !== 'LATEST' || after === undefined || log === undefined) continue;
    const landed = firstRecord.get(key)?.[0] ?? after.position;
    // Landing at the log start skips nothing, wherever the position was lost: then the history need not be read.
    if (landed === null || landed <= log.logStartOffset) continue;
    const lost = positionBeforeAutomaticReset(v, key);
    if (lost === undefined) continue;
    const from = Math.max(lost, log.logStartOffset);
    if (landed > from) {
      return `poll reset ${key} from position ${lost} to the log end ${landed}: offsets ${from}..${landed - 1} were still in the log [${log.logStartOffset}, ${log.highWatermark}) and were never returned`;
    }
  }
  return undefined;
};

/** The position a partition had before a poll found it out of range and reset it, if that is how it lost it. */
function positionBeforeAutomaticReset(v: KafkaConsumerView, key: string): number | undefined {
  // Walk back over the steps that left the partition waiting for its reset; the step that started the wait must be
  // a poll (the fetcher's OFFSET_OUT_OF_RANGE), not a seekToEnd the user asked for.
  for (let i = v.history.length - 2; i >= 0; i--) {
    const step = v.history[i];
    const before = step?.before.partitions[key];
    const after = step?.after.partitions[key];
    if (step === undefined || after === undefined || after.resetStrategy !== 'LATEST') return undefined;
    if (before !== undefined && before.position !== null) return step.command.type === 'poll' ? before.position : undefined;
  }
  return undefined;
}

/** The kafka.consumer hazards. */
export const kafkaConsumerHazards: readonly KafkaConsumerHazard[] = [
  {
    id: 'KC-H1',
    name: 'committedNeverExceedsPosition',
    check: committedNeverExceedsPosition,
    mix: { assign: 2, subscribe: 1, rebalance: 1, poll: 3, produce: 3, seek: 2, seekToBeginning: 1, seekToEnd: 1, commitSync: 3, position: 1, deleteRecords: 1 },
    statement: 'The committed offset never exceeds the position.',
    why: 'It holds for poll + commitSync() only (invariant KC-14): a seek backwards after a commit, commitSync(offsets) beyond the position, or a reset break it, and a restart then resumes past records that are in the log and were never processed since.',
  },
  {
    id: 'KC-H2',
    name: 'latestResetSkipsNothingInLog',
    check: latestResetSkipsNothingInLog,
    mix: { assign: 2, subscribe: 1, rebalance: 1, poll: 5, produce: 4, deleteRecords: 4, seek: 1, commitSync: 1 },
    autoOffsetReset: 'latest',
    runs: 4000,
    statement: 'auto.offset.reset=latest never skips a record that is still in the log.',
    why: 'When the position leaves the log (deleteRecords moves the log start past it, or a seek went beyond the log end), the fetch is OFFSET_OUT_OF_RANGE and the reset jumps to the log end, past records that are still there (those above the log start, or produced since the seek).',
  },
  {
    id: 'KC-H3',
    name: 'commitSyncCommitsOnlySubscribedTopics',
    check: commitSyncCommitsOnlySubscribedTopics,
    mix: { subscribe: 3, rebalance: 3, poll: 3, produce: 2, commitSync: 3 },
    profile: 'kafka-1.0',
    autoOffsetReset: 'earliest',
    // Generation still does the finding, but where the belief can fail: a topic to leave behind and one to move to,
    // commitSync() of the positions (the form the belief is about), and runs long enough for subscribe, rebalance,
    // poll, re-subscribe and commit; the mix draws no assign, so a poll waiting for a subscription becomes a subscribe.
    // (With one topic, explicit offsets, manual assignment and short runs it was found on 4 of seeds 1-10.)
    minTopics: 2,
    commitPositionsOnly: true,
    minCommands: 8,
    runs: 2000,
    statement: 'Under kafka-1.0, commitSync() right after re-subscribing commits offsets only of subscribed topics.',
    why: 'Since KIP-70 subscribe() keeps the old assignment until the next poll rejoins the group, and commitSync() commits allConsumed(): the positions of every assigned partition, old topics included (the member is still in its generation, so the commit goes through). Polls are safe: the next poll rejoins before it fetches (invariant KC-13).',
  },
];
