/**
 * The invariants of `kafka.consumer`, one named predicate each, in the order of the spec page
 * (`shared/spec/kafka.md`, "What is and is not an invariant"). Each answers `undefined` when it holds after the
 * step and otherwise what went wrong. The property suite, the conformance harness and the explorer share this list.
 */
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import type { PolledRecord } from '../../../model/kafka/consumer/fetcher.js';
import type { KafkaConsumerObservation, PartitionObservation } from '../../../model/kafka/consumer/observation.js';
import type { KafkaConsumerSetup } from '../../../model/kafka/consumer/setup.js';
import type { SubscriptionMode } from '../../../model/kafka/consumer/state.js';
import { compilePattern } from '../../../model/kafka/consumer/subscription-state.js';
import { deepEqual, firstDifference } from '../../deep-equal.js';
import type { StepView } from '../../property.js';
import { defaultMix, type CommandMix } from './arbitraries.js';

/** What a kafka.consumer check sees. */
export type KafkaConsumerView = StepView<KafkaConsumerSetup, KafkaConsumerCommand, KafkaConsumerObservation>;

/** A named predicate with its one-sentence statement. */
export interface KafkaConsumerInvariant {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  /** Restricts generation to one profile when the rule is profile-specific. */
  readonly profile?: KafkaConsumerSetup['profile'];
  /** The commands that reach the rule's interesting states, when the default mix rarely does. */
  readonly mix?: CommandMix;
  /** A fixed `auto.offset.reset`, when the rule needs records to be visible early. */
  readonly autoOffsetReset?: KafkaConsumerSetup['autoOffsetReset'];
  /** Per mille of deliberately invalid commands, for rules about failing calls. */
  readonly wildPerMille?: number;
  /** Shorter scenarios, when a later step (a rebalance, an unsubscribe) too often undoes the interesting state. */
  readonly maxCommands?: number;
  /** Start with no committed offsets in the group (none beyond the log to reset from). */
  readonly noCommittedOffsets?: boolean;
  /** Every commitSync commits the positions (no explicit offsets). */
  readonly commitPositionsOnly?: boolean;
  /** Runs in a default check, when the interesting state is rare (default 200). */
  readonly runs?: number;
  readonly check: (view: KafkaConsumerView) => string | undefined;
}

/** The records a successful poll returned (empty for any other step). */
export function polledRecords(view: KafkaConsumerView): readonly PolledRecord[] {
  return view.command.type === 'poll' && view.outcome.ok ? ((view.outcome.value as PolledRecord[] | undefined) ?? []) : [];
}

/** Records grouped by `topic-partition`, in returned order. */
export function recordsByPartition(records: readonly PolledRecord[]): Map<string, number[]> {
  const byPartition = new Map<string, number[]>();
  for (const r of records) {
    const key = `${r.topic}-${r.partition}`;
    byPartition.set(key, [...(byPartition.get(key) ?? []), r.offset]);
  }
  return byPartition;
}

/** The mode a subscribe/pattern/assign call asks for, or undefined for calls without a mode. */
function requestedMode(command: KafkaConsumerCommand, profile: KafkaConsumerSetup['profile']): SubscriptionMode | undefined {
  // 1.0 refuses blank topic names before the mode check; 0.10.0 takes them.
  const named = (topics: readonly string[]): boolean => profile === 'kafka-0.10.0' || topics.every((t) => t.trim() !== '');
  if (command.type === 'subscribe' && command.topics.length > 0 && named(command.topics)) return 'AUTO_TOPICS';
  // An invalid pattern fails in Pattern.compile, in the caller, before the consumer sees it.
  if (command.type === 'subscribePattern' && compilePattern(command.pattern) !== undefined) return 'AUTO_PATTERN';
  // 0.10.0's assign has no empty-list shortcut: assign([]) is refused while subscribed, too.
  const assigning = profile === 'kafka-0.10.0' || command.type !== 'assign' || command.partitions.length > 0;
  if (command.type === 'assign' && assigning && named(command.partitions.map((p) => p.topic))) return 'USER_ASSIGNED';
  return undefined;
}

const partitionEntries = (o: KafkaConsumerObservation): [string, PartitionObservation][] => Object.entries(o.partitions);

/** Mixing modes throws IllegalStateException and changes nothing. */
export const modesAreExclusive = (v: KafkaConsumerView): string | undefined => {
  const wanted = requestedMode(v.command, v.setup.profile);
  if (wanted === undefined || v.before.mode === 'NONE' || v.before.mode === wanted) return undefined;
  if (v.outcome.ok || v.outcome.error !== 'IllegalStateException') {
    return `${v.command.type} in mode ${v.before.mode} answered ${JSON.stringify(v.outcome)} instead of IllegalStateException`;
  }
  return deepEqual(v.before, v.after) ? undefined : `${v.command.type} was refused in mode ${v.before.mode} but changed the state`;
};

/** A pattern is stored exactly when the mode is AUTO_PATTERN. */
export const patternIffAutoPattern = (v: KafkaConsumerView): string | undefined =>
  (v.after.pattern !== null) === (v.after.mode === 'AUTO_PATTERN')
    ? undefined
    : `after ${v.command.type} the mode is ${v.after.mode} but the pattern is ${JSON.stringify(v.after.pattern)}`;

/** Manual assignment has no topic subscription. */
export const manualModeHasNoSubscription = (v: KafkaConsumerView): string | undefined =>
  v.after.mode !== 'USER_ASSIGNED' || v.after.subscription.length === 0
    ? undefined
    : `after ${v.command.type} the mode is USER_ASSIGNED but the subscription is ${JSON.stringify(v.after.subscription)}`;

/** The group subscription contains the consumer's own subscription. */
export const subscriptionWithinGroupSubscription = (v: KafkaConsumerView): string | undefined => {
  const missing = v.after.subscription.filter((t) => !v.after.groupSubscription.includes(t));
  return missing.length === 0 ? undefined : `after ${v.command.type} the group subscription lacks ${missing.join(', ')}`;
};

/**
 * What a failing poll or position() may keep, as Java does: the positions it resolved before it threw, the NONE
 * resets it started, and the committed offsets it fetched. The before-state is given those, so only other changes
 * show as differences.
 */
function withResolvedPositions(v: KafkaConsumerView): KafkaConsumerObservation {
  if (v.command.type !== 'poll' && v.command.type !== 'position') return v.before;
  const partitions: Record<string, PartitionObservation> = {};
  for (const [key, before] of partitionEntries(v.before)) {
    const after = v.after.partitions[key];
    const resolvable = before.position === null && after !== undefined;
    partitions[key] = {
      ...before,
      committed: after?.committed ?? before.committed,
      ...(resolvable ? { position: after.position, resetStrategy: after.resetStrategy } : {}),
    };
  }
  // Talking to the cluster first brings a requested metadata update: a pattern subscription follows it, and a changed
  // subscription asks for a rejoin (ConsumerCoordinator's metadata listener), whatever the call then throws.
  const followed =
    v.before.mode === 'AUTO_PATTERN' ? { subscription: v.after.subscription, groupSubscription: v.after.groupSubscription, needRejoin: v.after.needRejoin } : {};
  return { ...v.before, ...followed, partitions };
}

/** A call that fails changes nothing, but for what poll and position() resolved before they threw. */
export const failedCallChangesNothing = (v: KafkaConsumerView): string | undefined => {
  if (v.outcome.ok) return undefined;
  const before = withResolvedPositions(v);
  if (deepEqual(before, v.after)) return undefined;
  const key = firstDifference(before as unknown as Record<string, unknown>, v.after as unknown as Record<string, unknown>);
  return `${v.command.type} failed with ${v.outcome.error} but changed ${key ?? 'the state'}`;
};

/** A pending reset means no position. */
export const resetMeansNoPosition = (v: KafkaConsumerView): string | undefined => {
  const bad = partitionEntries(v.after).find(([, p]) => p.resetStrategy !== null && p.position !== null);
  return bad === undefined ? undefined : `after ${v.command.type} ${bad[0]} awaits a ${bad[1].resetStrategy} reset but has position ${bad[1].position}`;
};

/**
 * Records come only from fetchable partitions (assigned, not paused, with a position), and a poll that returned none
 * leaves no fetchable partition with records at its position.
 */
export const onlyFetchablePartitionsFetch = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'poll' || !v.outcome.ok) return undefined;
  const records = polledRecords(v);
  for (const key of recordsByPartition(records).keys()) {
    const before = v.before.partitions[key];
    const after = v.after.partitions[key];
    if (before === undefined || after === undefined) return `poll returned records of ${key}, which is not assigned`;
    if (before.paused) return `poll returned records of ${key}, which is paused`;
    if (after.position === null) return `poll returned records of ${key}, which has no position`;
  }
  // A poll that returns records may return only what earlier fetches buffered; one that rejoins fetches nothing.
  if (records.length > 0 || v.after.needRejoin) return undefined;
  for (const [key, p] of partitionEntries(v.after)) {
    const log = v.after.logs[key];
    if (p.paused || p.position === null || log === undefined) continue;
    if (p.position >= log.logStartOffset && p.position < log.highWatermark) {
      return `poll returned no records but left ${key} at ${p.position} below its high watermark ${log.highWatermark}`;
    }
  }
  return undefined;
};

/** A paused partition's position does not move on poll. */
export const pausedPartitionsStayPut = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'poll') return undefined;
  for (const [key, before] of partitionEntries(v.before)) {
    const after = v.after.partitions[key];
    if (before.paused && before.position !== null && after !== undefined && after.position !== before.position) {
      return `poll moved paused ${key} from ${before.position} to ${after.position}`;
    }
  }
  return undefined;
};

/** After a successful poll that returned no records every fetchable position lies within [log start, high watermark]. */
export const positionsWithinLog = (v: KafkaConsumerView): string | undefined => {
  // A poll that returns records may leave responses unread (an out-of-range one among them) for the next poll; one
  // that rejoins fetches nothing, so nothing has answered OFFSET_OUT_OF_RANGE yet.
  if (v.command.type !== 'poll' || !v.outcome.ok || polledRecords(v).length > 0 || v.after.needRejoin) return undefined;
  for (const [key, p] of partitionEntries(v.after)) {
    const log = v.after.logs[key];
    if (p.paused || p.position === null || log === undefined) continue;
    if (p.position < log.logStartOffset || p.position > log.highWatermark) {
      return `after poll ${key} is at ${p.position}, outside its log [${log.logStartOffset}, ${log.highWatermark}]`;
    }
  }
  return undefined;
};

/**
 * The first position after an assignment is the group's committed offset, else where `auto.offset.reset` points,
 * and with `none` and no committed offset the call throws NoOffsetForPartitionException.
 */
export const firstPositionFromCommittedOrReset = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'poll' && v.command.type !== 'position') return undefined;
  // A poll that rejoins resolves nothing; position() of a partition with a position resolves nothing either.
  if (v.command.type === 'poll' && v.after.needRejoin) return undefined;
  if (v.command.type === 'position' && v.before.partitions[`${v.command.partition.topic}-${v.command.partition.partition}`]?.position !== null) return undefined;
  // 1.0's position() resolves every assigned partition, 0.10.0's only the one asked for.
  const asked = v.command.type === 'position' ? `${v.command.partition.topic}-${v.command.partition.partition}` : undefined;
  const targets = asked !== undefined && v.setup.profile === 'kafka-0.10.0' ? [asked] : Object.keys(v.before.partitions);
  const withLog = (key: string): boolean => v.before.logs[key] !== undefined;
  const fresh = targets.filter((key) => {
    const p = v.before.partitions[key];
    return p !== undefined && p.position === null && p.resetStrategy === null && withLog(key);
  });
  const stuck = targets.filter((key) => v.before.partitions[key]?.resetStrategy === 'NONE' && withLog(key));
  const undefinedOffset = [
    ...stuck,
    ...fresh.filter((key) => v.before.groupCommitted[key] === undefined && v.before.defaultResetStrategy === 'none'),
  ];
  const threw = !v.outcome.ok && v.outcome.error === 'NoOffsetForPartitionException';
  if (threw !== undefinedOffset.length > 0) {
    return threw
      ? `${v.command.type} threw NoOffsetForPartitionException although every partition had an offset or a reset policy`
      : `${v.command.type} succeeded although ${undefinedOffset.join(', ')} had no committed offset and no reset policy`;
  }
  if (!v.outcome.ok) return undefined;
  const firstRecord = recordsByPartition(polledRecords(v));
  for (const key of fresh) {
    const log = v.before.logs[key];
    const after = v.after.partitions[key];
    if (log === undefined || after === undefined) continue;
    const established = firstRecord.get(key)?.[0] ?? after.position;
    if (established === null || after.resetStrategy !== null) continue; // an out-of-range committed offset was reset in the same poll
    const committed = v.before.groupCommitted[key];
    const expected = committed ?? (v.before.defaultResetStrategy === 'earliest' ? log.logStartOffset : log.highWatermark);
    if (established !== expected) {
      const source = committed === undefined ? `the ${v.before.defaultResetStrategy} reset` : 'the committed offset';
      return `${v.command.type} started ${key} at ${established}, not at ${expected} (${source})`;
    }
  }
  return undefined;
};

/**
 * Records returned for a partition are contiguous, start at its position (when it had one) and the position ends
 * one past the last of them.
 */
export const recordsAreContiguous = (v: KafkaConsumerView): string | undefined => {
  for (const [key, offsets] of recordsByPartition(polledRecords(v))) {
    const before = v.before.partitions[key];
    const after = v.after.partitions[key];
    const gap = offsets.findIndex((o, i) => i > 0 && o !== (offsets[i - 1] ?? 0) + 1);
    if (gap > 0) return `poll returned ${key} offsets ${offsets.join(', ')}: not contiguous`;
    const first = offsets[0] ?? 0;
    const last = offsets[offsets.length - 1] ?? 0;
    if (before?.position != null && before.resetStrategy === null && first !== before.position) {
      return `poll returned ${key} from offset ${first} although its position was ${before.position}`;
    }
    if (after?.position !== last + 1) return `poll returned ${key} up to ${last} but left its position at ${after?.position ?? null}`;
  }
  return undefined;
};

/** After `commitSync()` every positioned partition's committed offset equals its position, in cache and group. */
export const commitSyncCommitsPositions = (v: KafkaConsumerView): string | undefined => {
  if (v.command.type !== 'commitSync' || v.command.offsets !== undefined || !v.outcome.ok) return undefined;
  for (const [key, p] of partitionEntries(v.after)) {
    if (p.position === null) continue;
    if (p.committed !== p.position || v.after.groupCommitted[key] !== p.position) {
      return `after commitSync() ${key} is at ${p.position} but committed ${p.committed} (group: ${v.after.groupCommitted[key] ?? null})`;
    }
  }
  return undefined;
};

/** Subscribed to topics by name, poll returns only records of subscribed topics. */
export const fetchesOnlySubscribedTopics = (v: KafkaConsumerView): string | undefined => {
  if (v.after.mode !== 'AUTO_TOPICS') return undefined;
  const foreign = polledRecords(v).find((r) => !v.after.subscription.includes(r.topic));
  return foreign === undefined
    ? undefined
    : `poll returned ${foreign.topic}-${foreign.partition}@${foreign.offset} while subscribed to ${JSON.stringify(v.after.subscription)}`;
};

/** The committed offset of an assigned partition lies beyond its position, if any does: key, committed, position. */
export function committedBeyondPosition(o: KafkaConsumerObservation): { readonly key: string; readonly committed: number; readonly position: number } | undefined {
  for (const [key, p] of partitionEntries(o)) {
    if (p.committed !== null && p.position !== null && p.committed > p.position) return { key, committed: p.committed, position: p.position };
  }
  return undefined;
}

/**
 * Whether a command breaks the discipline KC-14 is stated under: it moves a position backwards (seek,
 * seekToBeginning), commits an offset of the caller's choosing (commitSync with offsets), or can make a position
 * fall out of the log and be reset (deleteRecords).
 */
export function breaksCommitDiscipline(command: KafkaConsumerCommand): boolean {
  if (command.type === 'commitSync') return command.offsets !== undefined;
  return command.type === 'seek' || command.type === 'seekToBeginning' || command.type === 'deleteRecords';
}

/**
 * The committed offset never exceeds the position, over the runs where it must hold: no committed offsets before the
 * run and no command that breaks the discipline so far. The check reads the discipline from the run itself, so it
 * holds for any run (the explorer's), not only for KC-14's generator, which keeps to the discipline.
 */
export const committedWithinPosition = (v: KafkaConsumerView): string | undefined => {
  // The state first: the history is read only when the state would violate the rule (an explorer rebuilds it).
  const beyond = committedBeyondPosition(v.after);
  if (beyond === undefined || v.setup.committed.length > 0 || v.history.some((step) => breaksCommitDiscipline(step.command))) return undefined;
  return `after ${v.command.type} ${beyond.key} has committed ${beyond.committed} beyond its position ${beyond.position}`;
};

/** The commands of KC-14: records flow and get committed, positions move only by polls, rebalances and seekToEnd. */
const disciplinedMix: CommandMix = { assign: 2, subscribe: 1, rebalance: 2, poll: 4, produce: 3, commitSync: 3, seekToEnd: 1, pause: 1, resume: 1, position: 1, committed: 1 };

const enforced = 'Enforced by SubscriptionState (apache/kafka 1.0.0)';

/** The commands around fetching: assignments, pauses, records and polls. */
/**
 * Every command, patterns and unsubscribe weighted up (the mode-setting subscribe and assign down): a pattern left behind needs a pattern subscribe and then an
 * unsubscribe (or a failed mode change) in one scenario, which the default mix (1 in 38 each) drew too rarely for the
 * zoo's kept-pattern entry to be caught on 19 of 20 seeds within 200 runs (bench: runs to find).
 */
const subscriptionMix: CommandMix = { ...defaultMix, subscribe: 2, assign: 2, subscribePattern: 6, unsubscribe: 5 };
/**
 * Every command, with the calls that take a list and can fail part-way (seekToBeginning/End, pause, resume) weighted
 * up: the failure that leaves part of a list applied needs an assigned partition before an unassigned one in one call.
 */
const failingCallMix: CommandMix = { ...defaultMix, seekToBeginning: 3, seekToEnd: 3, pause: 3, resume: 3 };
const fetchMix: CommandMix = { assign: 2, subscribe: 1, rebalance: 1, pause: 3, resume: 1, poll: 4, produce: 3, seek: 1, deleteRecords: 1 };

/** The invariants, in spec order. */
export const kafkaConsumerInvariants: readonly KafkaConsumerInvariant[] = [
  { id: 'KC-01', name: 'modesAreExclusive', check: modesAreExclusive, statement: 'Mixing subscribe, pattern subscribe and assign throws IllegalStateException and changes nothing.', why: `${enforced}: setSubscriptionType refuses any change but NONE → X and X → X.` },
  { id: 'KC-02', name: 'patternIffAutoPattern', mix: subscriptionMix, check: patternIffAutoPattern, statement: 'A pattern is stored exactly when the mode is AUTO_PATTERN.', why: `${enforced}: only subscribe(Pattern) sets the pattern and unsubscribe clears both.` },
  { id: 'KC-03', name: 'manualModeHasNoSubscription', check: manualModeHasNoSubscription, statement: 'In manual (USER_ASSIGNED) mode the topic subscription is empty.', why: `${enforced}: assign is only allowed from NONE, and unsubscribe empties the subscription.` },
  { id: 'KC-04', name: 'subscriptionWithinGroupSubscription', check: subscriptionWithinGroupSubscription, statement: "The group subscription contains the consumer's own subscription.", why: `${enforced}: changeSubscription adds every new topic to groupSubscription, which only the leader's reset shrinks.` },
  { id: 'KC-05', name: 'failedCallChangesNothing', wildPerMille: 300, mix: failingCallMix, check: failedCallChangesNothing, statement: 'A call that fails changes nothing, except the positions, NONE resets and committed offsets poll and position() resolved before they threw.', why: 'Checks come before updates in every operation (the model is atomic where Java may stop half-way through a list); updateFetchPositions keeps what it resolved when a partition has no offset (Fetcher.resetOffsets throws after seeking the others).' },
  { id: 'KC-06', name: 'resetMeansNoPosition', check: resetMeansNoPosition, statement: 'A partition awaiting an offset reset has no position.', why: `${enforced}: awaitReset nulls the position; seek clears the reset.` },
  { id: 'KC-07', name: 'onlyFetchablePartitionsFetch', mix: fetchMix, check: onlyFetchablePartitionsFetch, statement: 'Poll returns records only from assigned, unpaused partitions with a position, and returns none only when none has records at its position.', why: 'Fetcher asks only for fetchablePartitions(): assigned ∧ ¬paused ∧ hasValidPosition; a poll first returns what earlier fetches buffered, and fetches when that gives nothing.' },
  { id: 'KC-08', name: 'pausedPartitionsStayPut', mix: fetchMix, check: pausedPartitionsStayPut, statement: "Poll never moves a paused partition's position.", why: 'Paused partitions are not fetchable, so the fetcher never advances them.' },
  { id: 'KC-09', name: 'positionsWithinLog', mix: { ...fetchMix, deleteRecords: 3, seek: 2 }, check: positionsWithinLog, statement: 'After a successful poll that fetched and returned no records, every fetchable position lies within [log start, high watermark].', why: 'An out-of-range position is answered OFFSET_OUT_OF_RANGE and reset (or the poll throws with reset policy none).' },
  { id: 'KC-10', name: 'firstPositionFromCommittedOrReset', profile: 'kafka-1.0', check: firstPositionFromCommittedOrReset, statement: "Under kafka-1.0, a partition's first position is the group's committed offset, else the auto.offset.reset position; with none it throws NoOffsetForPartitionException, again at every poll until a seek.", why: '0.10.0 does not fetch committed offsets again after assign(), so a partition added later starts from the reset strategy. updateFetchPositions: committed offsets are fetched after an assignment change, then used, else the default reset strategy.' },
  { id: 'KC-11', name: 'recordsAreContiguous', check: recordsAreContiguous, statement: "Records returned for a partition are contiguous from its position, and the position ends one past the last.", why: 'The fetcher reads from the position and advances it by what it returned.' },
  { id: 'KC-12', name: 'commitSyncCommitsPositions', mix: { assign: 3, subscribe: 1, rebalance: 1, poll: 3, produce: 2, commitSync: 3, seek: 1 }, check: commitSyncCommitsPositions, statement: 'After commitSync() every positioned partition has committed = position, in the cache and in the group.', why: 'commitSync() commits allConsumed(), and a successful commit updates the committed cache of assigned partitions.' },
  { id: 'KC-13', name: 'fetchesOnlySubscribedTopics', autoOffsetReset: 'earliest', maxCommands: 12, runs: 2000, mix: { subscribe: 3, rebalance: 3, poll: 3, produce: 3, seekToBeginning: 1 }, check: fetchesOnlySubscribedTopics, statement: 'After re-subscribing, poll returns records only of subscribed topics.', why: "1.0 keeps the old assignment until the next rebalance (KIP-70), but ConsumerCoordinator.poll sees needRejoin() (the subscription changed since the last join) and rejoins before any fetch; 0.10.0's changeSubscription drops the partitions at once. The old topics' offsets can still be committed in between (hazard KC-H3)." },
  { id: 'KC-14', name: 'committedWithinPositionWhenDisciplined', autoOffsetReset: 'earliest', noCommittedOffsets: true, commitPositionsOnly: true, mix: disciplinedMix, check: committedWithinPosition, statement: 'Without seeks, explicit offsets or out-of-range resets, the committed offset never exceeds the position.', why: 'Positions only move forward over returned records (or forward to the log end); commitSync() commits exactly the positions; a new assignment starts at the committed offset. Hazard KC-H1 shows the minimal ways to break it.' },
];
