/**
 * The invariants of `kafka.group`, one named predicate each, in the order of the spec page (`shared/spec/kafka.md`,
 * "Groups and assignors"): who owns what after a rebalance, balance, independence of join order, where a new owner
 * starts, and what committing before giving partitions up guarantees. Each answers `undefined` when it holds after
 * the step and otherwise what went wrong. The property suite, the conformance harness and the explorer share this list.
 */
import type { PolledRecord } from '../../../model/kafka/consumer/fetcher.js';
import { assignors } from '../../../model/kafka/assignors/assignors.js';
import type { Subscriptions } from '../../../model/kafka/assignors/partition-assignor.js';
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import type { KafkaConsumerObservation } from '../../../model/kafka/consumer/observation.js';
import type { KafkaGroupCommand } from '../../../model/kafka/group/commands.js';
import type { GroupMemberObservation, KafkaGroupObservation } from '../../../model/kafka/group/observation.js';
import type { KafkaGroupSetup } from '../../../model/kafka/group/setup.js';
import type { TraceStep } from '../../../model/trace.js';
import { ownValue } from '../../../model/kafka/names.js';
import { tpKey } from '../../../model/kafka/topic-partition.js';
import type { StepView } from '../../property.js';
import { firstPositionFromCommittedOrReset, type KafkaConsumerView } from '../consumer/invariants.js';
import { assignmentMix, deliveryMix, handOverMix, type KafkaGroupArbitraryOptions } from './arbitraries.js';
import { kafkaGroupScope as scope } from './scopes.js';

/** What a kafka.group check sees. */
export type KafkaGroupView = StepView<KafkaGroupSetup, KafkaGroupCommand, KafkaGroupObservation>;

/** One executed step of a kafka.group run. */
export type KafkaGroupStep = TraceStep<KafkaGroupCommand, KafkaGroupObservation>;

/** A named predicate with its one-sentence statement. */
export interface KafkaGroupInvariant {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  /** How to generate scenarios that reach the rule's interesting states. */
  readonly scenarios?: KafkaGroupArbitraryOptions;
  readonly check: (view: KafkaGroupView) => string | undefined;
  /** Coverage labels showing that the interesting states were reached. */
  readonly labels?: (view: KafkaGroupView) => readonly string[];
}

/** A record returned by poll (the kafka.consumer model's answer). */
export type { PolledRecord };

/** `t0-1@4`: a record's name in messages. */
export function recordName(r: PolledRecord): string {
  return `${tpKey(r)}@${r.offset}`;
}

/** The step as a reader names it: `rebalance`, `poll by c1`. */
export function stepName(command: KafkaGroupCommand): string {
  return 'consumer' in command ? `${command.type} by ${command.consumer}` : command.type;
}

/** Subscribed by topics or by pattern: the member is in the group. */
export function isAutomatic(m: GroupMemberObservation): boolean {
  return m.mode === 'AUTO_TOPICS' || m.mode === 'AUTO_PATTERN';
}

/** A live member's observation by id, own keys only (a member may be called `constructor`). */
export function memberOf(o: KafkaGroupObservation, id: string): GroupMemberObservation | undefined {
  return ownValue(o.members, id);
}

/** Every live member with its id, in join order. */
export function memberEntries(o: KafkaGroupObservation): [string, GroupMemberObservation][] {
  return Object.entries(o.members);
}

/** The members that take part in a rebalance from this state: those in an automatic mode, in join order. */
export function takingPart(o: KafkaGroupObservation): string[] {
  return memberEntries(o).filter(([, m]) => isAutomatic(m)).map(([id]) => id);
}

/** A rebalance that completed. */
function completedRebalance(v: KafkaGroupView): boolean {
  return v.command.type === 'rebalance' && v.outcome.ok;
}

/** A topic's partition count in metadata; 0 when it has none (own keys only). */
function partitionCount(o: KafkaGroupObservation, topic: string): number {
  return ownValue(o.metadata, topic) ?? 0;
}

/** A member's owned partition keys, sorted. */
function owned(m: GroupMemberObservation | undefined): string[] {
  return m === undefined ? [] : Object.keys(m.partitions).sort();
}

/** The records a successful poll returned (empty for any other step). */
export function polledRecords(step: { readonly command: KafkaGroupCommand; readonly outcome: KafkaGroupView['outcome'] }): readonly PolledRecord[] {
  return step.command.type === 'poll' && step.outcome.ok ? ((step.outcome.value as PolledRecord[] | undefined) ?? []) : [];
}

/** Same strings in the same order. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const show = (items: readonly string[]): string => `[${items.join(', ')}]`;

/** At every step no partition is owned by two members of the group. */
export const noPartitionOwnedTwice = (v: KafkaGroupView): string | undefined => {
  const owner = new Map<string, string>();
  for (const [id, m] of memberEntries(v.after)) {
    if (!isAutomatic(m)) continue;
    for (const key of Object.keys(m.partitions)) {
      const other = owner.get(key);
      if (other !== undefined) return `after ${stepName(v.command)} ${key} is owned by both ${other} and ${id}`;
      owner.set(key, id);
    }
  }
  if (!completedRebalance(v) || v.after.lastAssignment === null) return undefined;
  const listed = new Map<string, string>();
  for (const [id, partitions] of Object.entries(v.after.lastAssignment)) {
    for (const key of partitions.map(tpKey)) {
      const other = listed.get(key);
      if (other !== undefined) return `the assignment of generation ${v.after.generation} gives ${key} to both ${other} and ${id}`;
      listed.set(key, id);
    }
  }
  return undefined;
};

/** After a rebalance every partition of every topic a member subscribes to has an owner. */
export const everySubscribedPartitionOwned = (v: KafkaGroupView): string | undefined => {
  if (!completedRebalance(v)) return undefined;
  const members = takingPart(v.before);
  const ownedKeys = new Set(members.flatMap((id) => owned(memberOf(v.after, id))));
  const topics = [...new Set(members.flatMap((id) => memberOf(v.after, id)?.subscription ?? []))].sort();
  for (const topic of topics) {
    for (let partition = 0; partition < partitionCount(v.after, topic); partition++) {
      if (ownedKeys.has(`${topic}-${partition}`)) continue;
      const subscribers = members.filter((id) => memberOf(v.after, id)?.subscription.includes(topic) === true);
      return `after the rebalance to generation ${v.after.generation} ${topic}-${partition} has no owner although ${show(subscribers)} subscribe to ${topic}`;
    }
  }
  return undefined;
};

/**
 * A rebalance starts the next generation with exactly the members in an automatic mode, and its assignment lists
 * every one of them, possibly with no partitions.
 */
export const assignmentListsEveryMember = (v: KafkaGroupView): string | undefined => {
  if (!completedRebalance(v)) return undefined;
  const expected = takingPart(v.before).sort();
  if (v.after.generation !== v.before.generation + 1) {
    return `the rebalance moved the generation from ${v.before.generation} to ${v.after.generation}, not to ${v.before.generation + 1}`;
  }
  const joined = [...v.after.generationMembers].sort();
  if (!sameList(joined, expected)) {
    return `generation ${v.after.generation} has members ${show(joined)}, but the members subscribed are ${show(expected)}`;
  }
  const listed = Object.keys(v.after.lastAssignment ?? {}).sort();
  if (!sameList(listed, expected)) {
    return `the assignment of generation ${v.after.generation} lists ${show(listed)}, not every member taking part ${show(expected)}: a member missing from it receives no assignment it can read`;
  }
  const stale = expected.find((id) => memberOf(v.after, id)?.generation !== v.after.generation);
  return stale === undefined ? undefined : `after the rebalance to generation ${v.after.generation} ${stale} is in generation ${memberOf(v.after, stale)?.generation ?? null}`;
};

/** A rebalance succeeds and gives each member only existing partitions of topics it subscribes to. */
export const onlySubscribersOwn = (v: KafkaGroupView): string | undefined => {
  if (v.command.type !== 'rebalance') return undefined;
  if (!v.outcome.ok) return `the rebalance failed with ${v.outcome.error}: ${v.outcome.message ?? ''}`;
  for (const id of takingPart(v.before)) {
    const m = memberOf(v.after, id);
    for (const key of owned(m)) {
      const p = m?.partitions[key];
      if (p === undefined) continue;
      if (m?.subscription.includes(p.topic) !== true) {
        return `the rebalance to generation ${v.after.generation} gave ${key} to ${id}, which subscribes to ${show(m?.subscription ?? [])}, not ${p.topic}`;
      }
      if (p.partition >= partitionCount(v.after, p.topic)) {
        return `the rebalance to generation ${v.after.generation} gave ${id} ${key}, but metadata lists ${partitionCount(v.after, p.topic)} partitions of ${p.topic}`;
      }
    }
  }
  return undefined;
};

/** The participants when all of them subscribe to the same topics (at least two of them), else undefined. */
function identicalSubscribers(v: KafkaGroupView): string[] | undefined {
  const members = takingPart(v.before);
  if (members.length < 2) return undefined;
  const first = memberOf(v.after, members[0] ?? '')?.subscription ?? [];
  return members.every((id) => sameList(memberOf(v.after, id)?.subscription ?? [], first)) ? members : undefined;
}

/**
 * Members with identical subscriptions get balanced shares: under RoundRobin their totals differ by at most one,
 * under Range their counts of each topic do.
 */
export const identicalSubscriptionsBalanced = (v: KafkaGroupView): string | undefined => {
  if (!completedRebalance(v)) return undefined;
  const members = identicalSubscribers(v);
  if (members === undefined) return undefined;
  const counts = (topic: string | undefined): number[] =>
    members.map((id) => owned(memberOf(v.after, id)).filter((key) => topic === undefined || memberOf(v.after, id)?.partitions[key]?.topic === topic).length);
  const spread = (c: number[]): number => Math.max(...c) - Math.min(...c);
  if (v.setup.assignor === 'roundrobin') {
    const totals = counts(undefined);
    return spread(totals) <= 1 ? undefined : `${show(members)}, all subscribed alike, were given ${show(totals.map(String))} partitions: more than one apart`;
  }
  for (const topic of memberOf(v.after, members[0] ?? '')?.subscription ?? []) {
    const perTopic = counts(topic);
    if (spread(perTopic) > 1) return `range gave ${show(members)}, all subscribed alike, ${show(perTopic.map(String))} partitions of ${topic}: more than one apart`;
  }
  return undefined;
};

/** The subscriptions of the given members, keys inserted in the given order. */
function subscriptionsInOrder(o: KafkaGroupObservation, order: readonly string[]): Subscriptions {
  return Object.fromEntries(order.map((id) => [id, memberOf(o, id)?.subscription ?? []]));
}

/**
 * The assignment depends only on the members' ids and subscriptions and the metadata, not on the order they joined:
 * the configured assignor, run over the same subscriptions with the members in another order (reversed, rotated),
 * gives every member exactly what it was assigned.
 */
export const assignmentIndependentOfJoinOrder = (v: KafkaGroupView): string | undefined => {
  if (!completedRebalance(v)) return undefined;
  const joinOrder = v.after.generationMembers.filter((id) => memberOf(v.after, id) !== undefined);
  if (joinOrder.length === 0) return undefined;
  const orders = [[...joinOrder].reverse(), [...joinOrder.slice(1), ...joinOrder.slice(0, 1)]];
  for (const order of orders) {
    const expected = assignors[v.setup.assignor].assign(v.after.metadata, subscriptionsInOrder(v.after, order));
    for (const id of joinOrder) {
      const wanted = (expected[id] ?? []).map(tpKey).sort();
      const got = owned(memberOf(v.after, id));
      if (!sameList(wanted, got)) {
        return `members joined in the order ${show(joinOrder)} and ${id} got ${show(got)}; joined in the order ${show(order)} the ${v.setup.assignor} assignor gives it ${show(wanted)}`;
      }
    }
  }
  return undefined;
};

/** The member's own view of a step, as a kafka.consumer step, so kafka.consumer's predicates apply to it. */
export function memberView(v: KafkaGroupView, id: string): KafkaConsumerView | undefined {
  const before = memberOf(v.before, id);
  const after = memberOf(v.after, id);
  if (before === undefined || after === undefined || !('consumer' in v.command)) return undefined;
  const { consumer: _consumer, ...call } = v.command;
  const asConsumer = (m: GroupMemberObservation, o: KafkaGroupObservation): KafkaConsumerObservation => ({ ...m, logs: o.logs, groupCommitted: o.groupCommitted });
  return {
    setup: v.setup,
    index: v.index,
    command: call as KafkaConsumerCommand,
    outcome: v.outcome,
    before: asConsumer(before, v.before),
    after: asConsumer(after, v.after),
    history: [],
  };
}

/**
 * A partition's owner after a rebalance starts it afresh (no position, no pending reset, not paused), and its first
 * position is the group's committed offset at that moment, else where `auto.offset.reset` points.
 */
export const newOwnerStartsFromCommitted = (v: KafkaGroupView): string | undefined => {
  if (completedRebalance(v)) {
    for (const id of takingPart(v.before)) {
      for (const [key, p] of Object.entries(memberOf(v.after, id)?.partitions ?? {})) {
        if (p.position !== null || p.resetStrategy !== null || p.paused) {
          const kept = p.position !== null ? `at position ${p.position}` : p.paused ? 'paused' : `awaiting a ${p.resetStrategy} reset`;
          return `after the rebalance to generation ${v.after.generation} ${id} holds ${key} ${kept} instead of starting it from the group's committed offset (${v.after.groupCommitted[key] ?? 'none'})`;
        }
      }
    }
    return undefined;
  }
  if ((v.command.type !== 'poll' && v.command.type !== 'position') || !('consumer' in v.command)) return undefined;
  const view = memberView(v, v.command.consumer);
  const problem = view === undefined ? undefined : firstPositionFromCommittedOrReset(view);
  return problem === undefined ? undefined : `${v.command.consumer}: ${problem}`;
};

/** The setup the exactly-once statement is about: `auto.offset.reset=earliest`, nothing committed before the run. */
function commitDisciplineSetup(setup: KafkaGroupSetup): boolean {
  return setup.autoOffsetReset === 'earliest' && setup.committed.length === 0;
}

/**
 * Where a step breaks the commit discipline: a seek or a manual assignment, a commit of explicit offsets, or a member
 * losing a position it has not committed (by a rebalance, a leave, an unsubscribe or subscription change, or a reset).
 * A poll's out-of-range reset loses only deleted records, so polls are exempt; so are failed calls, which keep at
 * most the positions a poll or position() resolved before it threw (never a position moved by hand or given up).
 */
export function breaksCommitDiscipline(step: KafkaGroupStep): string | undefined {
  const { command } = step;
  if (!step.outcome.ok) return undefined; // a failed call moves no position by hand and takes no partition away
  if (command.type === 'seek' || command.type === 'seekToBeginning' || command.type === 'seekToEnd' || command.type === 'assign') {
    return `${stepName(command)} moves positions by hand`;
  }
  if (command.type === 'commitSync' && command.offsets !== undefined) return `${stepName(command)} commits explicit offsets`;
  if (command.type === 'poll') return undefined;
  for (const [id, m] of memberEntries(step.before)) {
    for (const [key, p] of Object.entries(m.partitions)) {
      if (p.position === null) continue;
      const after = memberOf(step.after, id)?.partitions[key];
      if ((after === undefined || after.position === null) && step.before.groupCommitted[key] !== p.position) {
        return `${stepName(command)} took ${key} from ${id} at position ${p.position} with ${step.before.groupCommitted[key] ?? 'nothing'} committed`;
      }
    }
  }
  return undefined;
}

/** Every record returned by a poll in these steps, as `topic-partition@offset`, with the first step returning it. */
export function returnedRecords(steps: readonly KafkaGroupStep[]): Map<string, KafkaGroupStep> {
  const returned = new Map<string, KafkaGroupStep>();
  for (const step of steps) for (const r of polledRecords(step)) if (!returned.has(recordName(r))) returned.set(recordName(r), step);
  return returned;
}

/**
 * Committing before giving partitions up delivers every record exactly once: while every member commits its
 * positions before it loses them, nobody seeks, assigns by hand or commits explicit offsets, and partitions without a
 * committed offset start at the earliest record, no record below its partition's committed offset that is still in
 * the log was skipped, and no record was returned twice.
 */
export const commitBeforeGivingUpDeliversOnce = (v: KafkaGroupView): string | undefined => {
  if (!commitDisciplineSetup(v.setup) || v.history.some((step) => breaksCommitDiscipline(step) !== undefined)) return undefined;
  const earlier = returnedRecords(v.history.slice(0, -1));
  for (const r of polledRecords(v)) {
    const first = earlier.get(recordName(r));
    if (first !== undefined) {
      return `${stepName(v.command)} returned ${recordName(r)} again (${stepName(first.command)} returned it at step ${first.index}) although every member committed before giving partitions up`;
    }
  }
  const returned = returnedRecords(v.history);
  for (const [key, committed] of Object.entries(v.after.groupCommitted)) {
    const log = v.after.logs[key];
    if (log === undefined) continue;
    for (let offset = log.logStartOffset; offset < Math.min(committed, log.highWatermark); offset++) {
      if (!returned.has(`${key}@${offset}`)) {
        return `after ${stepName(v.command)} ${key}@${offset} is below the group's committed offset ${committed} and still in the log, but no member's poll returned it`;
      }
    }
  }
  return undefined;
};

/** Labels for the assignment invariants: how big the rebalances were and whether the interesting mixes occurred. */
function rebalanceLabels(v: KafkaGroupView): string[] {
  if (!completedRebalance(v)) return [];
  const members = takingPart(v.before);
  const subscribed = new Set(members.flatMap((id) => memberOf(v.after, id)?.subscription ?? []));
  const labels = [`rebalance:${Math.min(members.length, 3)}${members.length >= 3 ? '+' : ''} members`];
  if ([...subscribed].some((t) => partitionCount(v.after, t) === 0)) labels.push('subscribed topic missing from metadata');
  if (Object.keys(v.after.metadata).some((t) => !subscribed.has(t))) labels.push('topic nobody subscribes to');
  if (members.length >= 2 && identicalSubscribers(v) === undefined) labels.push('members subscribe differently');
  if (identicalSubscribers(v) !== undefined) labels.push('identical subscriptions');
  if (!sameList(v.after.generationMembers, [...v.after.generationMembers].sort())) labels.push('join order differs from member-id order');
  if (members.some((id) => owned(memberOf(v.after, id)).length === 0)) labels.push('a member gets no partitions');
  return labels;
}

/** Labels for the position invariants: partitions that changed hands with records, first positions resolved. */
function ownershipLabels(v: KafkaGroupView): string[] {
  const labels: string[] = [];
  if (completedRebalance(v)) {
    for (const [id, m] of memberEntries(v.after)) {
      for (const key of Object.keys(m.partitions)) {
        const previous = memberEntries(v.before).find(([, b]) => b.partitions[key] !== undefined)?.[0];
        if (previous !== undefined && previous !== id && (v.after.logs[key]?.highWatermark ?? 0) > 0) labels.push('partition with records changed owner');
      }
    }
  }
  if (v.command.type === 'poll' && polledRecords(v).length > 0) labels.push('poll returned records');
  if ((v.command.type === 'poll' || v.command.type === 'position') && v.outcome.ok && 'consumer' in v.command) {
    const before = memberOf(v.before, v.command.consumer);
    const resumed = Object.entries(before?.partitions ?? {}).some(([key, p]) => p.position === null && p.resetStrategy === null && v.before.groupCommitted[key] !== undefined);
    if (resumed) labels.push('first position from a committed offset');
  }
  return labels;
}

/** Labels for the commit discipline: whether it held and whether there were commits to check against. */
function disciplineLabels(v: KafkaGroupView): string[] {
  const broken = breaksCommitDiscipline(v);
  const labels = broken === undefined ? [] : ['discipline broken'];
  if (Object.values(v.after.groupCommitted).some((offset) => offset > 0)) labels.push('records committed');
  return [...labels, ...ownershipLabels(v)];
}

const coordinator = 'ConsumerCoordinator and GroupCoordinator (apache/kafka 1.0.0)';

/** The invariants, in spec order. */
export const kafkaGroupInvariants: readonly KafkaGroupInvariant[] = [
  { id: 'KG-01', name: 'noPartitionOwnedTwice', check: noPartitionOwnedTwice, scenarios: { mix: assignmentMix }, labels: rebalanceLabels, statement: 'No partition is owned by two members of the group, at any step.', why: `Both assignors hand out each partition once; every member replaces its whole assignment with its part (assignFromSubscribed), and leaving or unsubscribing drops it (${coordinator}).` },
  { id: 'KG-02', name: 'everySubscribedPartitionOwned', check: everySubscribedPartitionOwned, scenarios: { mix: assignmentMix }, labels: rebalanceLabels, statement: 'After a rebalance every partition of every topic some member subscribes to has an owner.', why: 'AbstractPartitionAssignor assigns all partitions of the union of the members\' topics that metadata knows.' },
  { id: 'KG-03', name: 'assignmentListsEveryMember', check: assignmentListsEveryMember, scenarios: { mix: assignmentMix }, labels: rebalanceLabels, statement: 'A rebalance starts the next generation with exactly the subscribed members, and its assignment lists every one of them, possibly with no partitions.', why: 'Every subscribed consumer sends JoinGroup; AbstractPartitionAssignor puts every member in the result, since a member missing from the leader\'s assignment receives an empty buffer it cannot read.' },
  { id: 'KG-04', name: 'onlySubscribersOwn', check: onlySubscribersOwn, scenarios: { mix: assignmentMix }, labels: rebalanceLabels, statement: 'A rebalance succeeds and gives each member only existing partitions of topics it subscribes to.', why: 'Both assignors deal a topic\'s partitions only to its subscribers; a member would refuse any other partition (assignFromSubscribed throws IllegalArgumentException).' },
  { id: 'KG-05', name: 'identicalSubscriptionsBalanced', check: identicalSubscriptionsBalanced, scenarios: { mix: assignmentMix, identicalSubscriptions: true }, labels: rebalanceLabels, statement: 'Members with identical subscriptions get balanced shares: totals within one under RoundRobin, per-topic counts within one under Range.', why: 'RoundRobin deals all partitions in one cycle over the sorted members; Range splits each topic into ranges whose sizes differ by at most one.' },
  { id: 'KG-06', name: 'assignmentIndependentOfJoinOrder', check: assignmentIndependentOfJoinOrder, scenarios: { mix: assignmentMix }, labels: rebalanceLabels, statement: 'The assignment does not depend on the order in which members joined: recomputed with the members in another order it is the same.', why: 'Both assignors sort the members by member id before dealing (and topics and partitions by name and number).' },
  { id: 'KG-07', name: 'newOwnerStartsFromCommitted', check: newOwnerStartsFromCommitted, scenarios: { mix: deliveryMix, minCommands: scope.minDeliveryCommands, maxCommands: scope.maxDeliveryCommands }, labels: ownershipLabels, statement: "A partition's owner after a rebalance starts it afresh, from the group's committed offset, else from where auto.offset.reset points.", why: 'onJoinComplete calls assignFromSubscribed (fresh state for every partition) and needRefreshCommits; the next poll fetches the committed offsets from the coordinator.' },
  { id: 'KG-08', name: 'commitBeforeGivingUpDeliversOnce', check: commitBeforeGivingUpDeliversOnce, scenarios: { mix: handOverMix, minCommands: scope.minDeliveryCommands, maxCommands: scope.maxDeliveryCommands, autoOffsetReset: 'earliest', noCommittedOffsets: true, commitBeforeGivingUp: true }, labels: disciplineLabels, statement: 'With commitSync() before every rebalance and leave (and auto.offset.reset=earliest, no seeks), the group skips no record below its committed offsets and returns none twice.', why: 'The discipline in full: every member commits its positions before anything takes them (a rebalance, its leave, unsubscribe or subscription change), nobody seeks, assigns by hand or commits explicit offsets, and no offsets are committed before the run. Then a new owner resumes at the committed offset, which is exactly where the previous owner stopped; positions only advance over returned records, and resets to the earliest offset lose only deleted records.' },
];
