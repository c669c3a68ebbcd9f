/**
 * The group coordinator and the members' side of group membership, after apache/kafka 1.0.0: the broker's
 * `GroupCoordinator` / `GroupMetadata` (generations, the leader, LeaveGroup, which offset commits it accepts) and the
 * client's `ConsumerCoordinator` (`onJoinPrepare`, `performAssignment`, `onJoinComplete`).
 *
 * A rebalance is one step (the generator decides when it happens, as in `kafka.consumer`): every member in an
 * automatic mode (AUTO_TOPICS or AUTO_PATTERN) takes part; members in NONE or USER_ASSIGNED mode are not in the group,
 * as a Java consumer that has not subscribed never sends JoinGroup. Offsets are committed only by explicit
 * `commitSync` (`enable.auto.commit=false`), so nothing is committed on the members' behalf before a rebalance or a
 * leave. One departure from 1.0: a group holds at most `maxGroupMembers` live members, refused as
 * `GroupCoordinator.handleJoinGroup` refuses beyond `group.max.size` from Kafka 2.2 on (an mqspec limit; 1.0 has none).
 */
import { fail, ok, type Failure } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import type { Assignment, PartitionAssignor, Subscriptions } from '../assignors/partition-assignor.js';
import { subscribedTopics } from '../assignors/partition-assignor.js';
import type { KafkaConsumerCommand } from '../consumer/commands.js';
import type { KafkaClientState, SubscriptionMode } from '../consumer/state.js';
import { ownValue } from '../names.js';
import { stepClient } from './member.js';
import type { GroupMember, KafkaGroupState } from './state.js';

type Result = StepResult<KafkaGroupState>;

/** The assignor function a rebalance runs (the configured one in the reference model). */
export type AssignFunction = PartitionAssignor['assign'];

/** Subscribed (by topics or by pattern): the modes in which a consumer is a member of the group. */
export function isAutomatic(mode: SubscriptionMode): boolean {
  return mode === 'AUTO_TOPICS' || mode === 'AUTO_PATTERN';
}

/** The live member with this id, if any. */
export function findMember(state: KafkaGroupState, id: string): GroupMember | undefined {
  return state.members.find((m) => m.id === id);
}

/** The refusal of a call by a consumer that is not (or no longer) in the group. */
export function unknownConsumer(id: string): Failure {
  return fail('IllegalStateException', `No consumer "${id}" in the group (never joined, or closed): join it first`);
}

/**
 * The most live members a `kafka.group` run keeps (mqspec's limit; Kafka 1.0 sets none). Every step observes every
 * member, so a run's cost grows with members × steps; 256 matches rocketmq.group's client limit.
 */
export const maxGroupMembers = 256;

/** `join`: a new consumer with the group's `group.id`; it takes part in rebalances once it subscribes. */
export function join(state: KafkaGroupState, id: string): Result {
  if (findMember(state, id) !== undefined) {
    return { state, outcome: fail('IllegalStateException', `join: consumer "${id}" is already in the group`) };
  }
  if (state.members.length >= maxGroupMembers) {
    // The name a broker with group.max.size (Kafka 2.2, KIP-389) answers; the limit itself is mqspec's.
    return { state, outcome: fail('GroupMaxSizeReachedException', `mqspec limit: at most ${maxGroupMembers} live members per kafka.group run (consumer ${id})`) };
  }
  return { state: { ...state, members: [...state.members, { id, client: state.freshClient }] }, outcome: ok() };
}

/** The coordinator forgets a member of the current generation (LeaveGroup); the next member in line may lead. */
function leaveGeneration(state: KafkaGroupState, id: string): KafkaGroupState {
  if (!state.generationMembers.includes(id)) return state;
  return { ...state, generationMembers: state.generationMembers.filter((m) => m !== id) };
}

/**
 * `leave` (`KafkaConsumer.close()`): the consumer sends LeaveGroup and is gone. Its partitions stay unowned until the
 * next rebalance; nothing is committed for it (no auto-commit).
 */
export function leave(state: KafkaGroupState, id: string): Result {
  if (findMember(state, id) === undefined) return { state, outcome: unknownConsumer(id) };
  return { state: leaveGeneration({ ...state, members: state.members.filter((m) => m.id !== id) }, id), outcome: ok() };
}

/**
 * After a member's successful call: a consumer that unsubscribed (`unsubscribe()`, `subscribe([])`, `assign([])`)
 * has left the group, as `KafkaConsumer.unsubscribe` calls `maybeLeaveGroup`.
 */
export function afterClientCall(state: KafkaGroupState, id: string): KafkaGroupState {
  const member = findMember(state, id);
  return member !== undefined && member.client.mode === 'NONE' ? leaveGeneration(state, id) : state;
}

/** Whether a commitSync of this member would send offsets (an empty commit never reaches the coordinator). */
function commitSendsOffsets(client: KafkaClientState, command: Extract<KafkaConsumerCommand, { type: 'commitSync' }>): boolean {
  return command.offsets !== undefined ? command.offsets.length > 0 : client.assignment.some((p) => p.position !== null);
}

const COMMIT_FAILED = 'Commit cannot be completed since the group has already rebalanced and assigned the partitions to another member.';

/**
 * Which offset commits the coordinator takes (`GroupCoordinator.doCommitOffsets`): a subscribed consumer commits
 * with its generation and must be a member of the current one (else the client fails it, `generation() == null`); a
 * consumer without a subscription commits with generation -1, which only an empty group accepts (else
 * UNKNOWN_MEMBER_ID). Either refusal surfaces as CommitFailedException.
 */
export function commitRefusal(
  state: KafkaGroupState,
  member: GroupMember,
  command: Extract<KafkaConsumerCommand, { type: 'commitSync' }>,
): Failure | undefined {
  if (!commitSendsOffsets(member.client, command)) return undefined;
  const accepted = isAutomatic(member.client.mode)
    ? state.generationMembers.includes(member.id)
    : state.generationMembers.length === 0;
  return accepted ? undefined : fail('CommitFailedException', COMMIT_FAILED);
}

/**
 * A pattern subscriber's subscription brought up to date with the cluster's metadata before it joins, as
 * `ConsumerCoordinator.poll` ensures fresh metadata for a pattern subscription before joining (the metadata
 * listener, `subscribeFromPattern`, runs on the current metadata).
 */
function withFreshPatternSubscription(state: KafkaGroupState, member: GroupMember): GroupMember {
  if (member.client.mode !== 'AUTO_PATTERN') return member;
  const refreshed = stepClient(state.cluster, member.client, { type: 'metadataUpdate', topics: state.cluster.metadata });
  return refreshed.outcome.ok ? { id: member.id, client: refreshed.client } : member;
}

/** The members that take part in a rebalance, in the order the coordinator lists them (earlier participants first). */
function nextGenerationMembers(state: KafkaGroupState): string[] {
  const taking = state.members.filter((m) => isAutomatic(m.client.mode)).map((m) => m.id);
  return [...state.generationMembers.filter((id) => taking.includes(id)), ...taking.filter((id) => !state.generationMembers.includes(id))];
}

/** The leader's assignor call, answering a failure instead of throwing (a bad assignor is a failed rebalance). */
function runAssignor(state: KafkaGroupState, assign: AssignFunction, subscriptions: Subscriptions): Assignment | Failure {
  try {
    return assign(state.cluster.metadata, subscriptions);
  } catch (error) {
    return fail(error instanceof Error ? error.name : 'IllegalStateException', error instanceof Error ? error.message : String(error));
  }
}

/** Tells a failed assignor call from an assignment. */
function isFailure(value: Assignment | Failure): value is Failure {
  return (value as Failure).ok === false;
}

/**
 * A member's part of the rebalance: `onJoinPrepare` resets its group subscription to its own subscription, the
 * leader's `performAssignment` widens its group subscription to every member's topics, and `onJoinComplete` applies
 * its partitions (`assignFromSubscribed`: fresh state for every partition, committed offsets to be fetched again).
 */
function applyAssignment(
  state: KafkaGroupState,
  member: GroupMember,
  isLeader: boolean,
  groupTopics: readonly string[],
  assignment: Assignment,
): { readonly client: KafkaClientState } | { readonly failure: Failure } {
  const own = member.client.subscription;
  const groupSubscription = isLeader
    ? [...new Set([...own, ...groupTopics])].sort()
    : member.client.groupSubscription.filter((t) => own.includes(t));
  const prepared: KafkaClientState = { ...member.client, groupSubscription };
  const step = stepClient(state.cluster, prepared, { type: 'rebalance', partitions: [...(ownValue(assignment, member.id) ?? [])] });
  if (!step.outcome.ok) {
    return { failure: fail(step.outcome.error, `${member.id}: ${step.outcome.message ?? step.outcome.error}`) };
  }
  return { client: step.client };
}

/**
 * `rebalance {}`: the coordinator starts a new generation with the members in an automatic mode (pattern
 * subscribers matched against the current metadata first); the leader (the earliest of them to have joined) runs the
 * assignor over their subscriptions and the cluster's metadata; every member applies its part. Answers
 * `{generation, leader, assignment}`. All or nothing: if the assignor throws or a member refuses its part (which the
 * modelled assignors never cause), nothing changes.
 */
export function rebalance(current: KafkaGroupState, assign: AssignFunction): Result {
  const state: KafkaGroupState = { ...current, members: current.members.map((m) => withFreshPatternSubscription(current, m)) };
  const generationMembers = nextGenerationMembers(state);
  const generation = state.generation + 1;
  const leader = generationMembers[0] ?? null;
  if (leader === null) {
    // An empty group still moves to a new generation (GroupCoordinator.onCompleteJoin), with nobody to assign to.
    return { state: { ...current, generation, generationMembers, lastAssignment: {} }, outcome: ok({ generation, leader, assignment: {} }) };
  }
  const subscriptions: Subscriptions = Object.fromEntries(
    generationMembers.map((id) => [id, findMember(state, id)?.client.subscription ?? []]),
  );
  const assignment = runAssignor(state, assign, subscriptions);
  if (isFailure(assignment)) return { state: current, outcome: assignment };
  const groupTopics = subscribedTopics(subscriptions);
  const members: GroupMember[] = [];
  for (const member of state.members) {
    if (!generationMembers.includes(member.id)) {
      members.push(member);
      continue;
    }
    const applied = applyAssignment(state, member, member.id === leader, groupTopics, assignment);
    if ('failure' in applied) return { state: current, outcome: applied.failure };
    members.push({ id: member.id, client: applied.client });
  }
  const next: KafkaGroupState = { ...state, members, generation, generationMembers, lastAssignment: assignment };
  return { state: next, outcome: ok({ generation, leader, assignment: plainAssignment(assignment) }) };
}

/** An assignment as plain JSON `{member: [{topic, partition}]}`. */
function plainAssignment(assignment: Assignment): Record<string, { topic: string; partition: number }[]> {
  return Object.fromEntries(Object.entries(assignment).map(([id, partitions]) => [id, partitions.map((p) => ({ topic: p.topic, partition: p.partition }))]));
}

