/**
 * Finite scopes for exploring `kafka.consumer` exhaustively (`mqspec explore`), and the enumerator of every
 * command applicable in one. The bounds keep the state space finite: offsets stop at `maxOffset` (no `produce`
 * beyond it), seeks and commits range over 0..maxOffset, metadata only grows to `maxPartitions`.
 */
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import type { KafkaConsumerObservation } from '../../../model/kafka/consumer/observation.js';
import type { KafkaConsumerSetup, OffsetReset, Profile } from '../../../model/kafka/consumer/setup.js';
import type { KafkaConsumerState } from '../../../model/kafka/consumer/state.js';
import { compilePattern } from '../../../model/kafka/consumer/subscription-state.js';
import { tpKey, type TopicPartition } from '../../../model/kafka/topic-partition.js';
import { nonEmptySubsets, range } from '../../explore/enumerate.js';
import { defineExploration, scopeBuilder, type ExplorationScope, type HistoryMemory } from '../../explore/exploration.js';
import type { StepView } from '../../property.js';
import { kafkaConsumerHazards } from './hazards.js';
import { breaksCommitDiscipline, kafkaConsumerInvariants } from './invariants.js';
import { kafkaConsumerBoundsSchema } from './exploration-bounds.js';

/** The bounds of one scope. */
export interface KafkaConsumerBounds {
  /** The cluster at the start: topic → partitions. */
  readonly topics: Readonly<Record<string, number>>;
  readonly profiles: readonly Profile[];
  readonly resets: readonly OffsetReset[];
  /** The highest offset: logs stop growing there; seeks and commits go up to it. */
  readonly maxOffset: number;
  /** Patterns `subscribePattern` tries. */
  readonly patterns: readonly string[];
  /** Partitions a topic may grow to by `metadataUpdate` (no update when equal to the setup's). */
  readonly maxPartitions: number;
  readonly maxDepth: number;
}

/** Every partition the metadata lists. */
function metadataPartitions(state: KafkaConsumerState): TopicPartition[] {
  return Object.entries(state.metadata).flatMap(([topic, n]) => range(0, n - 1).map((partition) => ({ topic, partition })));
}

/** Partitions the coordinator may hand out: those of subscribed (or pattern-matching) topics. */
function assignable(state: KafkaConsumerState): TopicPartition[] {
  const matcher = state.pattern === null ? undefined : compilePattern(state.pattern);
  return metadataPartitions(state).filter((p) => (matcher === undefined ? state.subscription.includes(p.topic) : matcher.test(p.topic)));
}

/**
 * Every command applicable within the bounds: subscriptions and assignments of every subset (in metadata order:
 * the order of a list is not enumerated), every seek and commit offset, single-partition pause/resume and seeks to
 * an end plus the whole assignment, both poll sizes that matter (one record, all), produce of any count up to the
 * offset bound, and every deletion point.
 */
export function kafkaConsumerCommands(bounds: KafkaConsumerBounds): (state: KafkaConsumerState) => readonly KafkaConsumerCommand[] {
  // The explorer asks for the commands of every state it expands, and most states share their enumeration inputs
  // with many others (the list differs only by metadata, assignment, subscription and log bounds), so the lists are
  // kept per inputs: building them was a tenth of the default scope's search. The lists are only read, never changed.
  const known = new Map<string, readonly KafkaConsumerCommand[]>();
  return (state) => {
    const key = enumerationKey(state);
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    if (known.size >= enumerationsKept) known.clear();
    const commands = enumerate(bounds, state);
    known.set(key, commands);
    return commands;
  };
}

/** Enumerations kept at once: far more than a scope's distinct inputs, few enough that memory stays small. */
const enumerationsKept = 4096;

/** What the enumeration reads of a state, as text: the metadata, the assignment's order, the subscription and the log bounds. */
function enumerationKey(state: KafkaConsumerState): string {
  // Names are quoted (JSON), so no topic or pattern can run into the next field.
  let key = JSON.stringify(state.pattern) + JSON.stringify(state.subscription);
  for (const p of state.assignment) key += JSON.stringify(p.tp.topic) + p.tp.partition;
  key += '|';
  for (const [topic, n] of Object.entries(state.metadata)) key += JSON.stringify(topic) + n;
  key += '|';
  for (const [k, log] of Object.entries(state.logs)) key += JSON.stringify(k) + log.logStartOffset + ':' + log.highWatermark;
  return key;
}

/** The commands applicable in `state` within the bounds, built afresh. */
function enumerate(bounds: KafkaConsumerBounds, state: KafkaConsumerState): KafkaConsumerCommand[] {
  const topics = Object.keys(state.metadata).sort();
  const all = metadataPartitions(state);
  const assigned = state.assignment.map((p) => p.tp);
  const offsets = range(0, bounds.maxOffset);
  const singlesAndAll = [...assigned.map((p) => [p]), ...(assigned.length > 1 ? [assigned] : [])];
  return [
    ...nonEmptySubsets(topics).map((t): KafkaConsumerCommand => ({ type: 'subscribe', topics: t })),
    ...bounds.patterns.map((pattern): KafkaConsumerCommand => ({ type: 'subscribePattern', pattern })),
    ...nonEmptySubsets(all).map((partitions): KafkaConsumerCommand => ({ type: 'assign', partitions })),
    { type: 'unsubscribe' },
    ...[[], ...nonEmptySubsets(assignable(state))].map((partitions): KafkaConsumerCommand => ({ type: 'rebalance', partitions })),
    ...topics
      .filter((t) => (state.metadata[t] ?? 0) < bounds.maxPartitions)
      .map((t): KafkaConsumerCommand => ({ type: 'metadataUpdate', topics: { ...state.metadata, [t]: (state.metadata[t] ?? 0) + 1 } })),
    ...assigned.flatMap((partition) => offsets.map((offset): KafkaConsumerCommand => ({ type: 'seek', partition, offset }))),
    ...singlesAndAll.map((partitions): KafkaConsumerCommand => ({ type: 'seekToBeginning', partitions })),
    ...singlesAndAll.map((partitions): KafkaConsumerCommand => ({ type: 'seekToEnd', partitions })),
    // pauseTopics / resumeTopics reach no state pause / resume of the assigned partitions do not: the model's
    // exploration leaves them to the generated conformance scenarios, where libraries with the form differ.
    ...assigned.map((p): KafkaConsumerCommand => ({ type: 'pause', partitions: [p] })),
    ...assigned.map((p): KafkaConsumerCommand => ({ type: 'resume', partitions: [p] })),
    { type: 'poll', maxRecords: 1 },
    { type: 'poll' },
    { type: 'commitSync' },
    ...assigned.flatMap((p) => offsets.map((offset): KafkaConsumerCommand => ({ type: 'commitSync', offsets: [{ ...p, offset }] }))),
    ...assigned.map((partition): KafkaConsumerCommand => ({ type: 'position', partition })),
    ...all.map((partition): KafkaConsumerCommand => ({ type: 'committed', partition })),
    ...all.flatMap((p) => range(1, bounds.maxOffset - (state.logs[tpKey(p)]?.highWatermark ?? 0)).map((count): KafkaConsumerCommand => ({ type: 'produce', ...p, count }))),
    ...all.flatMap((p) => {
      const log = state.logs[tpKey(p)];
      return log === undefined ? [] : range(log.logStartOffset + 1, log.highWatermark).map((beforeOffset): KafkaConsumerCommand => ({ type: 'deleteRecords', ...p, beforeOffset }));
    }),
  ];
}

/** A scope from bounds: one setup per profile and reset policy. */
export function kafkaConsumerExplorationScope(summary: string, bounds: KafkaConsumerBounds): ExplorationScope<KafkaConsumerSetup, KafkaConsumerState, KafkaConsumerCommand> {
  const setups = bounds.profiles.flatMap((profile) =>
    bounds.resets.map((autoOffsetReset): KafkaConsumerSetup => ({ profile, topics: { ...bounds.topics }, autoOffsetReset, committed: [] })),
  );
  const commands = kafkaConsumerCommands(bounds);
  return { summary, bounds, setups, maxDepth: bounds.maxDepth, commands: (state) => commands(state) };
}

type View = StepView<KafkaConsumerSetup, KafkaConsumerCommand, KafkaConsumerObservation>;

/** What the history-reading checks need of a path, beyond the state. */
interface KafkaConsumerMemory {
  /** Per partition with a pending LATEST reset started by a poll: the position before that poll (KC-H2). */
  readonly latestFrom: Readonly<Record<string, number>>;
  /** Whether a command so far broke KC-14's discipline (a seek, explicit offsets, deleteRecords). */
  readonly undisciplined: boolean;
}

/**
 * KC-H2 (`latestResetSkipsNothingInLog`) walks back to the position a partition had before a poll started its
 * pending LATEST reset: the memory keeps that position per partition while the reset is pending and the step that
 * started it was a poll (what the walk-back would find). KC-14 (`committedWithinPosition`) looks for a command that
 * broke its discipline anywhere in the run: the memory keeps whether one did. No other check reads the history.
 */
const memory: HistoryMemory<KafkaConsumerSetup, KafkaConsumerCommand, KafkaConsumerObservation> = {
  initial: { latestFrom: {}, undisciplined: false } satisfies KafkaConsumerMemory,
  remember: (previous, v: View) => {
    const { latestFrom: lost, undisciplined } = previous as KafkaConsumerMemory;
    const latestFrom: Record<string, number> = {};
    for (const [key, after] of Object.entries(v.after.partitions)) {
      if (after.resetStrategy !== 'LATEST') continue;
      const before = v.before.partitions[key];
      if (before !== undefined && before.position !== null) {
        if (v.command.type === 'poll') latestFrom[key] = before.position;
      } else if (lost[key] !== undefined) {
        latestFrom[key] = lost[key];
      }
    }
    return { latestFrom, undisciplined: undisciplined || breaksCommitDiscipline(v.command) } satisfies KafkaConsumerMemory;
  },
  why: 'KC-H2 reads, per partition with a pending LATEST reset, the position before the poll that started it; KC-14 reads whether any command so far broke its discipline.',
};

/** `kafka.consumer`'s exploration: scopes, enumerator and history memory; no symmetry (one client). */
export const kafkaConsumerExploration = defineExploration<KafkaConsumerSetup, KafkaConsumerState, KafkaConsumerCommand, KafkaConsumerObservation>({
  system: 'kafka.consumer',
  scopeBuilder: scopeBuilder(kafkaConsumerBoundsSchema, kafkaConsumerExplorationScope),
  scopes: {
    small: kafkaConsumerExplorationScope('kafka-1.0, every reset policy, one topic of one partition, offsets up to 1, any length', {
      topics: { t0: 1 },
      profiles: ['kafka-1.0'],
      resets: ['earliest', 'latest', 'none'],
      maxOffset: 1,
      patterns: ['t.*'],
      maxPartitions: 1,
      maxDepth: 60,
    }),
    default: kafkaConsumerExplorationScope('both profiles, every reset policy, one topic of one partition, offsets up to 2, any length', {
      topics: { t0: 1 },
      profiles: ['kafka-1.0', 'kafka-0.10.0'],
      resets: ['earliest', 'latest', 'none'],
      maxOffset: 2,
      patterns: ['t.*', 'x.*'],
      maxPartitions: 1,
      maxDepth: 60,
    }),
    'two-topics': kafkaConsumerExplorationScope('both profiles, earliest and latest, topics t0 and t1 of one partition, offsets up to 1, 5 commands', {
      topics: { t0: 1, t1: 1 },
      profiles: ['kafka-1.0', 'kafka-0.10.0'],
      resets: ['earliest', 'latest'],
      maxOffset: 1,
      patterns: ['t.*'],
      maxPartitions: 1,
      maxDepth: 5,
    }),
  },
  memory,
  // A property stated for one profile (KC-10, KC-H3: kafka-1.0) is checked under that profile only.
  applies: (id, setup) => {
    const rule = [...kafkaConsumerInvariants, ...kafkaConsumerHazards].find((r) => r.id === id);
    return rule?.profile === undefined || rule.profile === setup.profile;
  },
});
