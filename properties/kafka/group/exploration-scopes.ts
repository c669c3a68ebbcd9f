/**
 * Finite scopes for exploring `kafka.group` exhaustively, and the enumerator of every command applicable in one:
 * joins and leaves of the scope's consumers, the coordinator's rebalance while the generation is below its bound
 * (the generation id only grows, so it is the bound that keeps the space finite), the members' calls from the
 * scope's list, and records produced while the logs are below the offset bound.
 */
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import type { KafkaConsumerSetup, OffsetReset } from '../../../model/kafka/consumer/setup.js';
import type { KafkaGroupClientType, KafkaGroupCommand } from '../../../model/kafka/group/commands.js';
import { consumerStateOf } from '../../../model/kafka/group/member.js';
import type { KafkaGroupObservation } from '../../../model/kafka/group/observation.js';
import type { AssignorName } from '../../../model/kafka/assignors/assignors.js';
import type { KafkaGroupSetup } from '../../../model/kafka/group/setup.js';
import type { KafkaGroupState } from '../../../model/kafka/group/state.js';
import { defineExploration, scopeBuilder, type ExplorationScope, type HistoryMemory } from '../../explore/exploration.js';
import { kafkaConsumerCommands } from '../consumer/exploration-scopes.js';
import { breaksCommitDiscipline, polledRecords, recordName, type KafkaGroupView } from './invariants.js';
import { kafkaGroupBoundsSchema } from './exploration-bounds.js';

/** The bounds of one scope. */
export interface KafkaGroupBounds {
  readonly consumers: readonly string[];
  readonly topics: Readonly<Record<string, number>>;
  readonly assignors: readonly AssignorName[];
  readonly resets: readonly OffsetReset[];
  readonly maxOffset: number;
  /** Rebalances stop at this generation. */
  readonly maxGeneration: number;
  /** The member calls enumerated (all their applicable forms, as in kafka.consumer's enumerator). */
  readonly memberCalls: readonly KafkaGroupClientType[];
  readonly maxDepth: number;
}

/** Every command applicable within the bounds. */
export function kafkaGroupCommands(bounds: KafkaGroupBounds): (state: KafkaGroupState) => KafkaGroupCommand[] {
  const consumerBounds = { topics: bounds.topics, profiles: [], resets: [], maxOffset: bounds.maxOffset, patterns: [], maxPartitions: 0, maxDepth: 0 };
  const clientCommands = kafkaConsumerCommands(consumerBounds);
  const calls: ReadonlySet<string> = new Set(bounds.memberCalls);
  return (state) => {
    const members = state.members.map((m) => m.id);
    const commands: KafkaGroupCommand[] = [
      ...bounds.consumers.filter((c) => !members.includes(c)).map((consumer): KafkaGroupCommand => ({ type: 'join', consumer })),
      ...members.map((consumer): KafkaGroupCommand => ({ type: 'leave', consumer })),
      ...(state.generation < bounds.maxGeneration ? [{ type: 'rebalance' } as const] : []),
    ];
    for (const member of state.members) {
      const own = clientCommands(consumerStateOf(state.cluster, member.client));
      for (const command of own) {
        // commitSync() of the positions only: explicit offsets are kafka.consumer's business (KC-H1), not the group's.
        if (!calls.has(command.type) || (command.type === 'commitSync' && command.offsets !== undefined)) continue;
        commands.push({ ...command, consumer: member.id } as KafkaGroupCommand);
      }
    }
    // The environment's records, from a member-less view of the cluster (any member's view lists the same logs).
    const environment = clientCommands(consumerStateOf(state.cluster, state.freshClient));
    commands.push(...environment.filter((c): c is Extract<KafkaConsumerCommand, { type: 'produce' }> => c.type === 'produce'));
    return commands;
  };
}

/** A scope from bounds: one setup per assignor and reset policy (kafka-1.0). */
export function kafkaGroupExplorationScope(summary: string, bounds: KafkaGroupBounds): ExplorationScope<KafkaGroupSetup, KafkaGroupState, KafkaGroupCommand> {
  const setups = bounds.assignors.flatMap((assignor) =>
    bounds.resets.map((autoOffsetReset): KafkaGroupSetup => ({ ...baseSetup(bounds), autoOffsetReset, assignor })),
  );
  const commands = kafkaGroupCommands(bounds);
  return { summary, bounds, setups, maxDepth: bounds.maxDepth, commands: (state) => commands(state) };
}

function baseSetup(bounds: KafkaGroupBounds): KafkaConsumerSetup {
  return { profile: 'kafka-1.0', topics: { ...bounds.topics }, autoOffsetReset: 'earliest', committed: [] };
}

/**
 * KG-H1 and KG-09-style delivery checks read which records earlier polls returned, and the exactly-once invariant
 * whether any earlier step broke the commit discipline: the memory keeps the set of returned records and that flag.
 * (The explanations read more, but they are written from the saved counterexample, not during the search.)
 */
const memory: HistoryMemory<KafkaGroupSetup, KafkaGroupCommand, KafkaGroupObservation> = {
  initial: { broken: false, returned: [] },
  remember: (previous, v: KafkaGroupView) => {
    const { broken, returned } = previous as { readonly broken: boolean; readonly returned: readonly string[] };
    const polled = polledRecords(v).map(recordName);
    return {
      broken: broken || breaksCommitDiscipline(v) !== undefined,
      returned: polled.length === 0 ? returned : [...new Set([...returned, ...polled])].sort(),
    };
  },
  why: 'The delivery checks read the set of records polls returned before, and whether a step broke the commit discipline.',
};

/** `kafka.group`'s exploration. No symmetry: the assignors order members by id, so renaming members changes who gets what. */
export const kafkaGroupExploration = defineExploration<KafkaGroupSetup, KafkaGroupState, KafkaGroupCommand, KafkaGroupObservation>({
  system: 'kafka.group',
  scopeBuilder: scopeBuilder(kafkaGroupBoundsSchema, kafkaGroupExplorationScope),
  scopes: {
    small: kafkaGroupExplorationScope('range, earliest, two consumers that subscribe and poll, one topic of one partition, offsets up to 1, one rebalance', {
      consumers: ['c0', 'c1'],
      topics: { t0: 1 },
      assignors: ['range'],
      resets: ['earliest'],
      maxOffset: 1,
      maxGeneration: 1,
      memberCalls: ['subscribe', 'poll'],
      maxDepth: 30,
    }),
    default: kafkaGroupExplorationScope('both assignors, earliest, two consumers, one topic of two partitions, offsets up to 1, two rebalances, 8 commands', {
      consumers: ['c0', 'c1'],
      topics: { t0: 2 },
      assignors: ['range', 'roundrobin'],
      resets: ['earliest'],
      maxOffset: 1,
      maxGeneration: 2,
      memberCalls: ['subscribe', 'unsubscribe', 'poll', 'commitSync'],
      maxDepth: 8,
    }),
  },
  memory,
});
