/**
 * Wrong `kafka.group` implementations, one or more per invariant (`properties/kafka/group/invariants.ts`). Wrong
 * assignors wrap the real ones (renaming members, splitting topics, filtering the result) rather than copying them,
 * so each bug is exactly the mistake its sentence names.
 */
import { assignors } from '../../model/kafka/assignors/assignors.js';
import type { Assignment, PartitionsPerTopic, Subscriptions } from '../../model/kafka/assignors/partition-assignor.js';
import type { PartitionState } from '../../model/kafka/consumer/state.js';
import type { KafkaGroupCommand } from '../../model/kafka/group/commands.js';
import type { AssignFunction } from '../../model/kafka/group/coordinator.js';
import { kafkaGroup, stepKafkaGroupWith } from '../../model/kafka/group/kafka-group.js';
import type { GroupMember, KafkaGroupState } from '../../model/kafka/group/state.js';
import type { StepResult } from '../../model/system.js';
import { tpKey } from '../../model/kafka/topic-partition.js';
import { mutateStep, type Bug } from './bug.js';

type State = KafkaGroupState;

/** A group whose rebalances run `wrong` (given the configured assignor) instead of the configured assignor. */
function withAssignor(wrong: (state: State) => AssignFunction): Bug['implementation'] {
  return mutateStep(kafkaGroup, (state: State, command: KafkaGroupCommand) =>
    command.type === 'rebalance' ? stepKafkaGroupWith(state, command, wrong(state)) : undefined,
  );
}

/** The configured assignor of a state. */
const configured = (state: State): AssignFunction => assignors[state.assignor].assign;

/** The members' partitions per member id, for rewriting a result. */
function mapAssignment(assignment: Assignment, update: (id: string, partitions: Assignment[string]) => Assignment[string] | undefined): Assignment {
  return Object.fromEntries(
    Object.entries(assignment).flatMap(([id, partitions]) => {
      const next = update(id, partitions);
      return next === undefined ? [] : [[id, next]];
    }),
  );
}

/** Range without the remainder: every subscriber of a topic gets floor(P/n) partitions and the rest is never handed out. */
const rangeDropsRemainder = (state: State): AssignFunction => (metadata: PartitionsPerTopic, subscriptions: Subscriptions) => {
  const result = configured(state)(metadata, subscriptions);
  if (state.assignor !== 'range') return result;
  const subscribers = (topic: string): number => Object.values(subscriptions).filter((topics) => topics.includes(topic)).length;
  return mapAssignment(result, (_, partitions) =>
    partitions.filter((p) => p.partition < Math.floor((metadata[p.topic] ?? 0) / subscribers(p.topic)) * subscribers(p.topic)),
  );
};

/** The result without the members that got nothing. */
const dropsEmptyMembers = (state: State): AssignFunction => (metadata, subscriptions) =>
  mapAssignment(configured(state)(metadata, subscriptions), (_, partitions) => (partitions.length === 0 ? undefined : partitions));

/** Every member treated as subscribed to every topic of the group. */
const ignoresSubscriptions = (state: State): AssignFunction => (metadata, subscriptions) => {
  const everything = [...new Set(Object.values(subscriptions).flat())];
  return configured(state)(metadata, Object.fromEntries(Object.keys(subscriptions).map((id) => [id, everything])));
};

/** RoundRobin dealt topic by topic, the member cycle starting again at the first member for each topic. */
const roundRobinRestartsPerTopic = (state: State): AssignFunction => (metadata, subscriptions) => {
  if (state.assignor !== 'roundrobin') return configured(state)(metadata, subscriptions);
  const lists = new Map<string, Assignment[string][number][]>(Object.keys(subscriptions).map((id) => [id, []]));
  for (const topic of Object.keys(metadata).sort()) {
    const perTopic = configured(state)({ [topic]: metadata[topic] ?? 0 }, subscriptions);
    for (const [id, partitions] of Object.entries(perTopic)) lists.get(id)?.push(...partitions);
  }
  return Object.fromEntries(lists);
};

/**
 * Members dealt in the order they joined, not sorted by member id: the real assignor run over ids renamed so that
 * they sort in join order (the coordinator hands the leader the subscriptions in join order).
 */
const unsortedMembers = (state: State): AssignFunction => (metadata, subscriptions) => {
  const ids = Object.keys(subscriptions);
  const alias = (i: number): string => `m${String(i).padStart(4, '0')}`;
  const renamed = Object.fromEntries(ids.map((id, i) => [alias(i), subscriptions[id] ?? []]));
  const result = configured(state)(metadata, renamed);
  return Object.fromEntries(ids.map((id, i) => [id, result[alias(i)] ?? []]));
};

/** A member's partitions replaced (the rebalance) or extended (this bug) by the new ones. */
function addedToOld(before: GroupMember | undefined, after: GroupMember): GroupMember {
  if (before === undefined) return after;
  const fresh = new Set(after.client.assignment.map((p) => tpKey(p.tp)));
  const kept = before.client.assignment.filter((p) => !fresh.has(tpKey(p.tp)));
  return { id: after.id, client: { ...after.client, assignment: [...kept, ...after.client.assignment] } };
}

/** Positions a member once had, by member and partition: the bug's memory, kept beside the model's state. */
type StaleState = State & { readonly remembered?: Readonly<Record<string, Readonly<Record<string, number>>>> };

/** The state with every member's current positions remembered. */
function remember(state: StaleState): StaleState {
  const remembered: Record<string, Record<string, number>> = { ...(state.remembered ?? {}) };
  for (const m of state.members) {
    const mine = { ...(remembered[m.id] ?? {}) };
    for (const p of m.client.assignment) if (p.position !== null) mine[tpKey(p.tp)] = p.position;
    remembered[m.id] = mine;
  }
  return { ...state, remembered };
}

/** After a rebalance, each member resumes its partitions from the positions it remembers. */
function restoreRemembered(state: StaleState): StaleState {
  const members = state.members.map((m) => {
    const mine = state.remembered?.[m.id] ?? {};
    const assignment = m.client.assignment.map((p): PartitionState => {
      const position = mine[tpKey(p.tp)];
      return position === undefined ? p : { ...p, position };
    });
    return { id: m.id, client: { ...m.client, assignment } };
  });
  return { ...state, members };
}

/** Offsets each member committed, by member and partition: the bug's per-member store, kept beside the model's state. */
type PerMemberState = State & { readonly ownCommitted?: Readonly<Record<string, Readonly<Record<string, number>>>> };

/**
 * A member's call run against its own offset store instead of the group's; what it commits still shows in the
 * group's observed offsets (the coordinator is told), but no other member ever reads it.
 */
function withOwnOffsets(state: PerMemberState, command: KafkaGroupCommand, step: (s: State, c: KafkaGroupCommand) => StepResult<State>): StepResult<State> | undefined {
  if (!('consumer' in command) || command.type === 'join' || command.type === 'leave') return undefined;
  const own = state.ownCommitted?.[command.consumer] ?? {};
  const result = step({ ...state, cluster: { ...state.cluster, groupCommitted: own } }, command);
  if (!result.outcome.ok) return { state, outcome: result.outcome };
  const mine = result.state.cluster.groupCommitted;
  const changed = Object.fromEntries(Object.entries(mine).filter(([key, offset]) => own[key] !== offset));
  const next: PerMemberState = {
    ...result.state,
    cluster: { ...result.state.cluster, groupCommitted: { ...state.cluster.groupCommitted, ...changed } },
    ownCommitted: { ...(state.ownCommitted ?? {}), [command.consumer]: mine },
  };
  return { ...result, state: next };
}

/** Moves every partition that returned records in a poll to its log end, as if the rest of the batch was taken. */
function skipRestOfBatch(result: StepResult<State>): StepResult<State> {
  const records = Array.isArray(result.outcome.ok ? result.outcome.value : undefined) ? (result.outcome as { value: { topic: string; partition: number }[] }).value : [];
  const touched = new Set(records.map(tpKey));
  const members = result.state.members.map((m) => ({
    id: m.id,
    client: {
      ...m.client,
      assignment: m.client.assignment.map((p) => {
        const end = result.state.cluster.logs[tpKey(p.tp)]?.highWatermark;
        return touched.has(tpKey(p.tp)) && end !== undefined ? { ...p, position: end } : p;
      }),
    },
  }));
  return { ...result, state: { ...result.state, members } };
}

/** The kafka.group bugs, in the order of the invariants that catch them. */
export const kafkaGroupBugs: readonly Bug[] = [
  {
    id: 'kg-assignment-added-to-old',
    caughtBy: ['KG-01'],
    mistake: 'onJoinComplete adds the new partitions to the member\'s old ones instead of replacing them, so a moved partition has two owners.',
    implementation: mutateStep(kafkaGroup, (state: State, command, step) => {
      if (command.type !== 'rebalance') return undefined;
      const result = step(state, command);
      if (!result.outcome.ok) return result;
      const members = result.state.members.map((m) => addedToOld(state.members.find((b) => b.id === m.id), m));
      return { ...result, state: { ...result.state, members } };
    }),
  },
  {
    id: 'kg-range-drops-remainder',
    caughtBy: ['KG-02'],
    mistake: 'Range gives each subscriber floor(P/n) partitions of a topic and never hands out the remaining P mod n.',
    implementation: withAssignor(rangeDropsRemainder),
  },
  {
    id: 'kg-assignor-drops-empty-members',
    caughtBy: ['KG-03'],
    mistake: 'The assignor leaves members without partitions out of its result, so they receive no assignment they can read.',
    implementation: withAssignor(dropsEmptyMembers),
  },
  {
    id: 'kg-assignor-ignores-subscriptions',
    caughtBy: ['KG-04'],
    mistake: 'The assignor deals every topic of the group to every member, whatever each member subscribes to.',
    implementation: withAssignor(ignoresSubscriptions),
  },
  {
    id: 'kg-round-robin-restarts-per-topic',
    caughtBy: ['KG-05'],
    mistake: 'RoundRobin starts the member cycle again at the first member for every topic, so the first members collect the odd partitions of each topic.',
    implementation: withAssignor(roundRobinRestartsPerTopic),
  },
  {
    id: 'kg-assignor-unsorted-members',
    caughtBy: ['KG-06'],
    mistake: 'The assignor deals to members in the order they joined instead of sorting them by member id.',
    implementation: withAssignor(unsortedMembers),
  },
  {
    id: 'kg-rebalance-keeps-stale-positions',
    caughtBy: ['KG-07'],
    mistake: 'A member remembers the positions of partitions it once had and, when a rebalance gives one back, resumes there instead of at the group\'s committed offset.',
    implementation: mutateStep(kafkaGroup, (state: StaleState, command, step) => {
      const result = step(state, command);
      const next = remember(result.state as StaleState);
      return { ...result, state: command.type === 'rebalance' && result.outcome.ok ? restoreRemembered(next) : next };
    }),
  },
  {
    id: 'kg-offsets-per-member',
    caughtBy: ['KG-07', 'KG-08'],
    mistake: "Committed offsets are kept per member instead of per group, so a partition's new owner never sees what the previous owner committed.",
    implementation: mutateStep(kafkaGroup, (state: PerMemberState, command, step) => withOwnOffsets(state, command, step)),
  },
  {
    id: 'kg-fetch-drops-rest-of-batch',
    caughtBy: ['KG-08'],
    mistake: 'A poll limited by maxRecords moves the position to the end of the fetched batch, dropping the records it did not return.',
    implementation: mutateStep(kafkaGroup, (state: State, command, step) => (command.type === 'poll' ? skipRestOfBatch(step(state, command)) : undefined)),
  },
];
