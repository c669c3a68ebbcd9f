/**
 * The subscription half of `SubscriptionState` (apache/kafka 1.0.0; 0.10.0.0 under the `kafka-0.10.0` profile):
 * the mutually exclusive modes, subscribe / pattern / assign / unsubscribe, the coordinator's assignment, and the
 * per-partition calls (seek, reset requests, pause). Every function answers a `StepResult` and leaves the state
 * untouched when it fails.
 */
import { Immer } from 'immer';
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { translateJavaPattern } from '../../java/java-pattern.js';
import { tpKey, type TopicPartition } from '../topic-partition.js';
import { coordinatorAssignmentOrder, distinctPartitions, userAssignmentOrder } from './partition-order.js';
import { freshPartition, type KafkaConsumerState, type PartitionState, type ResetStrategy, type SubscriptionMode } from './state.js';

type Result = StepResult<KafkaConsumerState>;


/**
 * Immer without auto-freeze. Freezing walked every state this file answers and was a twelfth of kafka.group's
 * evaluation time; the states' types are readonly, and test/model/purity.test.ts steps every system over deep-frozen
 * states, so a step that writes into the state it was given fails there instead.
 */
const { produce } = new Immer({ autoFreeze: false });

/** Java's `SUBSCRIPTION_EXCEPTION_MESSAGE`. */
export const MODES_EXCLUSIVE = 'Subscription to topics, partitions and pattern are mutually exclusive';

/** `setSubscriptionType`: NONE may become anything, a mode may stay itself, every other change is refused. */
export function modeAllows(current: SubscriptionMode, wanted: SubscriptionMode): boolean {
  return current === 'NONE' || current === wanted;
}

/** Sorted, de-duplicated topic names (the Java sets carry no order). */
function topicSet(topics: Iterable<string>): string[] {
  return [...new Set(topics)].sort();
}

function sameTopics(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Java `Pattern.compile(p).matcher(topic).matches()`: a whole-name match of the pattern `translateJavaPattern` carries over.
 * Undefined for an invalid pattern or one using Java syntax the model does not carry over (see `patternRefusal`).
 */
export function compilePattern(pattern: string): RegExp | undefined {
  // No memo across calls: a module-level cache would outlive a Stryker mutant and answer for the next one.
  const translated = translateJavaPattern(pattern);
  // The source is a whole valid regex on its own, so wrapping it cannot pair its parentheses with the wrapper's.
  return 'source' in translated ? new RegExp(`^(?:${translated.source})$`, 'u') : undefined;
}

/** Why `subscribe(Pattern)` refuses a pattern: Java syntax the model cannot match like Java, or invalid syntax. */
function patternRefusal(pattern: string): ReturnType<typeof fail> | undefined {
  const translated = translateJavaPattern(pattern);
  if ('unsupported' in translated) {
    return fail('UnsupportedOperationException', `subscribePattern: "${pattern}" uses a ${translated.unsupported}, Java regex syntax mqspec does not model`);
  }
  // A translated source is valid on its own (translateJavaPattern compiled it): only an invalid pattern is refused.
  return 'invalid' in translated ? fail('PatternSyntaxException', `subscribePattern: "${pattern}" is not a valid pattern`) : undefined;
}

/**
 * `unsubscribe()`: everything but the group subscription is cleared and the mode returns to NONE. 0.10.0 also asks
 * for a new partition assignment (its SubscriptionState.unsubscribe sets needsPartitionAssignment).
 */
export function unsubscribe(state: KafkaConsumerState): Result {
  return {
    state: produce(state, (draft) => {
      draft.subscription = [];
      draft.assignment = [];
      draft.pattern = null;
      draft.mode = 'NONE';
      // maybeLeaveGroup resets the generation: a later subscription joins afresh.
      draft.rejoinNeeded = true;
      if (state.profile === 'kafka-0.10.0') draft.needsPartitionAssignment = true;
    }),
    outcome: ok(),
  };
}

/**
 * `changeSubscription`: the new topic set joins the group subscription. Under 0.10.0 a change also asks for a
 * rebalance and drops assigned partitions of topics no longer subscribed; 1.0 (KIP-70) keeps them until the next
 * rebalance.
 */
function changeSubscription(state: KafkaConsumerState, topics: readonly string[]): KafkaConsumerState {
  if (sameTopics(state.subscription, topics)) return state;
  return produce(state, (draft) => {
    draft.subscription = [...topics];
    draft.groupSubscription = topicSet([...state.groupSubscription, ...topics]);
    if (state.profile === 'kafka-0.10.0') {
      draft.needsPartitionAssignment = true;
      draft.assignment = state.assignment.filter((p) => topics.includes(p.tp.topic)) as PartitionState[];
    }
  });
}

/** `subscribe(topics)`: an empty list unsubscribes; blank names are refused (1.0; 0.10.0 takes them); then the mode check. */
export function subscribe(state: KafkaConsumerState, topics: readonly string[]): Result {
  if (topics.length === 0) return unsubscribe(state);
  if (state.profile === 'kafka-1.0' && topics.some((t) => t.trim() === '')) {
    return { state, outcome: fail('IllegalArgumentException', 'Topic collection to subscribe to cannot contain null or empty topic') };
  }
  if (!modeAllows(state.mode, 'AUTO_TOPICS')) return { state, outcome: fail('IllegalStateException', MODES_EXCLUSIVE) };
  const next = changeSubscription(state, topicSet(topics));
  return { state: next.mode === 'AUTO_TOPICS' ? next : { ...next, mode: 'AUTO_TOPICS' }, outcome: ok() };
}

/**
 * `subscribe(Pattern)`: stores the pattern; the subscription follows the next metadata update. Under 0.10.0 the
 * check is on the collections: once the pattern has matched topics, subscribing to a pattern again is refused.
 */
export function subscribePattern(state: KafkaConsumerState, pattern: string): Result {
  const refusal = patternRefusal(pattern);
  if (refusal !== undefined) return { state, outcome: refusal };
  const allowed =
    state.profile === 'kafka-0.10.0'
      ? state.subscription.length === 0 && state.mode !== 'USER_ASSIGNED'
      : modeAllows(state.mode, 'AUTO_PATTERN');
  if (!allowed) return { state, outcome: fail('IllegalStateException', MODES_EXCLUSIVE) };
  return {
    state: produce(state, (draft) => {
      draft.mode = 'AUTO_PATTERN';
      draft.pattern = pattern;
      draft.metadataUpdateRequested = true;
    }),
    outcome: ok(),
  };
}

/**
 * `assign(partitions)` (`assignFromUser`): an empty list unsubscribes; the mode check runs even for an equal set;
 * partitions that stay keep their state, new ones start fresh, and committed offsets must be fetched again.
 * 0.10.0's `KafkaConsumer.assign` has no empty-list shortcut and no blank-topic check, and its `assignFromUser` does
 * not ask for committed offsets again, so a partition added later starts from the reset strategy.
 */
export function assign(state: KafkaConsumerState, partitions: readonly TopicPartition[]): Result {
  if (state.profile === 'kafka-0.10.0') return assignFromUser0100(state, partitions);
  if (partitions.length === 0) return unsubscribe(state);
  if (partitions.some((p) => p.topic.trim() === '')) {
    return { state, outcome: fail('IllegalArgumentException', 'Topic partitions to assign to cannot have null or empty topic') };
  }
  if (!modeAllows(state.mode, 'USER_ASSIGNED')) return { state, outcome: fail('IllegalStateException', MODES_EXCLUSIVE) };
  const wanted = distinctPartitions(partitions);
  const current = new Map(state.assignment.map((p) => [tpKey(p.tp), p]));
  const unchanged = wanted.length === current.size && wanted.every((p) => current.has(tpKey(p)));
  if (unchanged) return { state: state.mode === 'USER_ASSIGNED' ? state : { ...state, mode: 'USER_ASSIGNED' }, outcome: ok() };
  const ordered = userAssignmentOrder(state.profile, [], wanted);
  return {
    state: produce(state, (draft) => {
      draft.mode = 'USER_ASSIGNED';
      draft.assignment = ordered.map((p) => (current.get(tpKey(p)) ?? freshPartition(p)) as PartitionState);
      draft.needsFetchCommittedOffsets = true;
      draft.needsPartitionAssignment = false;
    }),
    outcome: ok(),
  };
}

/** 0.10.0's `assignFromUser`: refused while subscribed; an empty list leaves the consumer with nothing (mode NONE). */
function assignFromUser0100(state: KafkaConsumerState, partitions: readonly TopicPartition[]): Result {
  if (state.subscription.length > 0 || state.pattern !== null) return { state, outcome: fail('IllegalStateException', MODES_EXCLUSIVE) };
  const wanted = new Set(partitions.map(tpKey));
  const kept = state.assignment.filter((p) => wanted.has(tpKey(p.tp)));
  const keptKeys = new Set(kept.map((p) => tpKey(p.tp)));
  const added = distinctPartitions(partitions).filter((p) => !keptKeys.has(tpKey(p)));
  const current = new Map(state.assignment.map((p) => [tpKey(p.tp), p]));
  const ordered = userAssignmentOrder(state.profile, kept.map((p) => p.tp), added);
  return {
    state: produce(state, (draft) => {
      draft.mode = wanted.size === 0 ? 'NONE' : 'USER_ASSIGNED';
      draft.assignment = ordered.map((p) => (current.get(tpKey(p)) ?? freshPartition(p)) as PartitionState);
      draft.needsPartitionAssignment = false;
    }),
    outcome: ok(),
  };
}

/**
 * The coordinator's assignment arriving (`assignFromSubscribed`): only in an automatic mode (1.0; 0.10.0 checks only
 * the topics), only partitions of subscribed (or pattern-matching) topics; every partition starts from fresh state,
 * even one that was kept.
 */
export function assignFromSubscribed(state: KafkaConsumerState, partitions: readonly TopicPartition[]): Result {
  if (state.profile === 'kafka-1.0' && state.mode !== 'AUTO_TOPICS' && state.mode !== 'AUTO_PATTERN') {
    return { state, outcome: fail('IllegalArgumentException', 'Attempt to dynamically assign partitions while manual assignment in use') };
  }
  // 1.0 checks a pattern subscription against the pattern; 0.10.0 only ever checks the subscribed topic set.
  const matcher = state.pattern === null || state.profile === 'kafka-0.10.0' ? undefined : compilePattern(state.pattern);
  const foreign = partitions.find((p) =>
    matcher === undefined ? !state.subscription.includes(p.topic) : !matcher.test(p.topic),
  );
  if (foreign !== undefined) {
    return { state, outcome: fail('IllegalArgumentException', `Assigned partition ${tpKey(foreign)} for non-subscribed topic`) };
  }
  return {
    state: produce(state, (draft) => {
      draft.assignment = coordinatorAssignmentOrder(state.profile, partitions).map(freshPartition);
      draft.needsFetchCommittedOffsets = true;
      draft.needsPartitionAssignment = false;
    }),
    outcome: ok(),
  };
}

/** Kafka's internal topics, which a pattern never matches (`exclude.internal.topics=true` by default). */
export const INTERNAL_TOPICS: ReadonlySet<string> = new Set(['__consumer_offsets', '__transaction_state']);

/**
 * The metadata listener under a pattern subscription (`updatePatternSubscription` → `subscribeFromPattern`): the
 * matching topics of the cluster, internal topics excluded.
 */
export function subscribeFromPattern(state: KafkaConsumerState): KafkaConsumerState {
  if (state.mode !== 'AUTO_PATTERN' || state.pattern === null) return state.metadataUpdateRequested ? { ...state, metadataUpdateRequested: false } : state;
  const matcher = compilePattern(state.pattern);
  if (matcher === undefined) return state;
  const matching = Object.keys(state.metadata).filter((t) => matcher.test(t) && !INTERNAL_TOPICS.has(t));
  return changeSubscription(state.metadataUpdateRequested ? { ...state, metadataUpdateRequested: false } : state, topicSet(matching));
}

/** A call that talks to the cluster: a requested metadata update arrives first and a pattern follows it. */
export function fetchRequestedMetadata(state: KafkaConsumerState): KafkaConsumerState {
  return state.metadataUpdateRequested ? subscribeFromPattern(state) : state;
}

/** The index of an assigned partition, or -1. */
export function assignedIndex(state: KafkaConsumerState, partition: TopicPartition): number {
  return state.assignment.findIndex((p) => p.tp.topic === partition.topic && p.tp.partition === partition.partition);
}

/** The first partition in the list that is not assigned (per-partition calls refuse those). */
function firstUnassigned(state: KafkaConsumerState, partitions: readonly TopicPartition[]): TopicPartition | undefined {
  return partitions.find((p) => assignedIndex(state, p) < 0);
}

/** Java's `assignedState` refusal. */
export function noAssignment(partition: TopicPartition): ReturnType<typeof fail> {
  return fail('IllegalStateException', `No current assignment for partition ${tpKey(partition)}`);
}

/**
 * Applies an update to each listed assigned partition (an empty list means all of them), or refuses the whole call
 * if one is not assigned. Java applies the update partition by partition and may stop half-way; the model is atomic.
 */
function updatePartitions(
  state: KafkaConsumerState,
  partitions: readonly TopicPartition[],
  update: (p: PartitionState) => PartitionState,
): Result {
  const unassigned = firstUnassigned(state, partitions);
  if (unassigned !== undefined) return { state, outcome: noAssignment(unassigned) };
  const targets = new Set((partitions.length === 0 ? state.assignment.map((p) => p.tp) : partitions).map(tpKey));
  return {
    state: { ...state, assignment: state.assignment.map((p) => (targets.has(tpKey(p.tp)) ? update(p) : p)) },
    outcome: ok(),
  };
}

/** `seek(partition, offset)`: negative offsets are refused before the assignment check, as in `KafkaConsumer`. */
export function seek(state: KafkaConsumerState, partition: TopicPartition, offset: number): Result {
  if (offset < 0) return { state, outcome: fail('IllegalArgumentException', 'seek offset must not be a negative number') };
  if (assignedIndex(state, partition) < 0) return { state, outcome: noAssignment(partition) };
  return updatePartitions(state, [partition], (p) => ({ ...p, position: offset, resetStrategy: null }));
}

/** `seekToBeginning` / `seekToEnd` (`requestOffsetReset`): the position is dropped until the next poll resolves it. */
export function requestOffsetReset(state: KafkaConsumerState, partitions: readonly TopicPartition[], strategy: ResetStrategy): Result {
  return updatePartitions(state, partitions, (p) => ({ ...p, position: null, resetStrategy: strategy }));
}

/**
 * A whole-topic pause or resume as a Java user writes it (KafkaConsumer has none): `pause(assignment())` or
 * `resume(...)` of the partitions of those topics assigned now (`assignment()` is `subscriptions.assignedPartitions()`),
 * so it never meets an unassigned partition, and a partition assigned later starts unpaused.
 */
export function setTopicsPaused(state: KafkaConsumerState, topics: readonly string[], paused: boolean): Result {
  return setPaused(state, state.assignment.map((p) => p.tp).filter((tp) => topics.includes(tp.topic)), paused);
}

/** `pause` / `resume`: idempotent; positions stay. An empty list changes nothing (unlike the seeks). */
export function setPaused(state: KafkaConsumerState, partitions: readonly TopicPartition[], paused: boolean): Result {
  if (partitions.length === 0) return { state, outcome: ok() };
  return updatePartitions(state, partitions, (p) => (p.paused === paused ? p : { ...p, paused }));
}
