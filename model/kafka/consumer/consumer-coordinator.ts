/**
 * One consumer's side of group membership (`ConsumerCoordinator` / `AbstractCoordinator`, apache/kafka 1.0.0; the
 * 0.10.0.0 rules under the `kafka-0.10.0` profile): when a poll must rejoin the group before it may fetch, what
 * starting the rejoin does (`onJoinPrepare`, JoinGroup), what the coordinator's result does (`onJoinComplete`), and
 * whether the consumer has a generation to commit with.
 *
 * In Java the rejoin blocks inside `poll` until the coordinator answers. The model keeps the two halves apart, as the
 * rest of the vocabulary does: the poll that needs a rejoin starts it and returns no records, and the coordinator's
 * result arrives as its own step (`rebalance`), so the generator decides what happens in between.
 */
import type { KafkaConsumerState } from './state.js';

/** Subscribed by topics or by pattern: partitions come from the group (`partitionsAutoAssigned`). */
export function partitionsAutoAssigned(state: KafkaConsumerState): boolean {
  // 0.10.0 asks whether the topic subscription is non-empty, so a pattern that matched nothing joins no group.
  if (state.profile === 'kafka-0.10.0') return state.subscription.length > 0;
  return state.mode === 'AUTO_TOPICS' || state.mode === 'AUTO_PATTERN';
}

function sameTopics(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * `ConsumerCoordinator.needRejoin`: a consumer with an automatic assignment must (re)join before fetching when it has
 * not joined yet or a join is under way (`rejoinNeeded`), when (1.0) its subscription changed since its last
 * JoinGroup, or when (0.10.0) its SubscriptionState asks for a partition assignment.
 */
export function needRejoin(state: KafkaConsumerState): boolean {
  if (!partitionsAutoAssigned(state)) return false;
  if (state.rejoinNeeded) return true;
  if (state.profile === 'kafka-0.10.0') return state.needsPartitionAssignment;
  return state.joinedSubscription !== null && !sameTopics(state.joinedSubscription, state.subscription);
}

/**
 * The poll that rejoins: `onJoinPrepare` (no auto-commit in the model; `resetGroupSubscription` keeps only the
 * consumer's own topics in its group subscription, 0.10.0's `needReassignment` also asks for an assignment), then
 * JoinGroup with the current subscription. The consumer now waits for the coordinator's result.
 */
export function startRejoin(state: KafkaConsumerState): KafkaConsumerState {
  return {
    ...state,
    groupSubscription: state.groupSubscription.filter((t) => state.subscription.includes(t)),
    joinedSubscription: state.subscription,
    rejoinNeeded: true,
    needsPartitionAssignment: state.profile === 'kafka-0.10.0' ? true : state.needsPartitionAssignment,
  };
}

/** The join completing (`onJoinComplete` after a successful JoinGroup / SyncGroup): the consumer is a stable member. */
export function completeJoin(state: KafkaConsumerState): KafkaConsumerState {
  return { ...state, rejoinNeeded: false, joinedSubscription: state.subscription };
}

/**
 * `generation()` is null unless the member is stable: a consumer with an automatic assignment that has not completed
 * a join (or has started a rejoin) commits nothing (1.0 `sendOffsetCommitRequest` fails with CommitFailedException).
 */
export function hasGeneration(state: KafkaConsumerState): boolean {
  // 0.10.0 commits with its last generation id (-1 before any join), which a group without members accepts.
  if (state.profile === 'kafka-0.10.0') return true;
  return !partitionsAutoAssigned(state) || !state.rejoinNeeded;
}
