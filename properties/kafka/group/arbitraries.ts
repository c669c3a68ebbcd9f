/**
 * Scenario generators for `kafka.group`, built on kafka.consumer's: a setup is kafka.consumer's plus an assignor, and
 * a scenario is a list of *intents* made concrete by running the reference model alongside. A member's client
 * intent is realized by kafka.consumer's `realize` against that member's consumer state (its client over the shared
 * cluster), so members mostly call what applies to them; the group adds joins, leaves and the coordinator's
 * rebalances. fast-check shrinks the intents; the concrete scenario is what gets stored and replayed.
 */
import fc from 'fast-check';
import { wildFlag } from '../../wild-flag.js';
import { commandTypes, one, pick, userOrder, type CommandMix } from '../../choices.js';
import type { AssignorName } from '../../../model/kafka/assignors/assignors.js';
import type { KafkaConsumerCommand, KafkaConsumerCommandType } from '../../../model/kafka/consumer/commands.js';
import type { OffsetReset, Profile } from '../../../model/kafka/consumer/setup.js';
import type {
  KafkaGroupCommand,
  KafkaGroupCommandType,
  KafkaGroupEnvironmentCommand,
} from '../../../model/kafka/group/commands.js';
import { findMember, isAutomatic } from '../../../model/kafka/group/coordinator.js';
import { kafkaGroup } from '../../../model/kafka/group/kafka-group.js';
import { consumerStateOf } from '../../../model/kafka/group/member.js';
import { needRejoin } from '../../../model/kafka/consumer/consumer-coordinator.js';
import type { KafkaGroupSetup } from '../../../model/kafka/group/setup.js';
import type { GroupMember, KafkaGroupState } from '../../../model/kafka/group/state.js';
import type { Scenario } from '../../../model/scenario.js';
import { tpKey } from '../../../model/kafka/topic-partition.js';
import { kafkaConsumerSetups, realize as realizeForConsumer } from '../consumer/arbitraries.js';
import { kafkaConsumerScope as consumerScope } from '../consumer/scopes.js';
import { kafkaGroupScope as scope } from './scopes.js';

/** A command to be made concrete against the group reached so far. */
export interface GroupIntent {
  readonly type: KafkaGroupCommandType;
  /** Which member (an index into the live members or the free names). */
  readonly member: number;
  /** Choice numbers handed on to kafka.consumer's realize: which partitions, which offset, which variant. */
  readonly a: number;
  readonly b: number;
  /** Deliberately invalid. */
  readonly wild: boolean;
}

/** Which command types to draw, with weights. */
export type GroupCommandMix = CommandMix<KafkaGroupCommandType>;

/** Every command, weighted towards group life: joins, subscribes, rebalances, polls and commits. */
export const defaultGroupMix: GroupCommandMix = {
  join: 3, leave: 1, rebalance: 4, subscribe: 4, subscribePattern: 1, assign: 1, unsubscribe: 1, metadataUpdate: 1,
  seek: 1, seekToBeginning: 1, seekToEnd: 1, pause: 1, resume: 1, poll: 5, commitSync: 3, position: 1, committed: 1,
  produce: 4, deleteRecords: 1,
};

/** Membership and metadata: what the assignment invariants are about (polls only to move members' state along). */
export const assignmentMix: GroupCommandMix = {
  join: 4, leave: 1, rebalance: 5, subscribe: 5, subscribePattern: 1, assign: 1, unsubscribe: 1, metadataUpdate: 2,
  poll: 1, produce: 1,
};

/** Records flowing through a changing group: what the position and delivery invariants are about. */
export const deliveryMix: GroupCommandMix = {
  join: 2, leave: 1, rebalance: 3, subscribe: 2, subscribePattern: 1, unsubscribe: 1, metadataUpdate: 1, seek: 1,
  seekToBeginning: 1, seekToEnd: 1, pause: 1, resume: 1, poll: 5, commitSync: 3, position: 1, produce: 4, deleteRecords: 1,
};

/** Members coming and going while records flow and get committed: partitions change hands often. */
export const handOverMix: GroupCommandMix = {
  join: 3, leave: 2, rebalance: 4, subscribe: 2, unsubscribe: 1, metadataUpdate: 1, poll: 5, commitSync: 2, produce: 4,
  deleteRecords: 1,
};

/** Options of the scenario generator. */
export interface KafkaGroupArbitraryOptions {
  /** A fixed assignor; drawn by default. */
  readonly assignor?: AssignorName;
  /** A fixed profile; kafka.consumer's draw by default. */
  readonly profile?: Profile;
  /** A fixed `auto.offset.reset`; drawn by default. */
  readonly autoOffsetReset?: OffsetReset;
  /** Start with no committed offsets in the group. */
  readonly noCommittedOffsets?: boolean;
  readonly mix?: GroupCommandMix;
  readonly maxCommands?: number;
  /** At least this many intents (default 1): long enough runs for beliefs that need several steps to fail. */
  readonly minCommands?: number;
  /** Every subscribe in a scenario asks for the same (drawn) topics, so rebalances see identical subscriptions. */
  readonly identicalSubscriptions?: boolean;
  /**
   * The commit discipline: a member commits its positions (`commitSync()`) right before anything that may take its
   * partitions away (a rebalance, its leave, unsubscribe or subscription change, a metadata update), and no member
   * seeks, assigns manually or commits explicit offsets.
   */
  readonly commitBeforeGivingUp?: boolean;
}

/** How one scenario realizes its intents. */
interface RealizeContext {
  readonly mix: GroupCommandMix;
  /** The topics every subscribe asks for, when subscriptions are identical. */
  readonly identical: readonly string[] | undefined;
  readonly discipline: boolean;
}

/** Setups: kafka.consumer's (topics, profile, reset, committed offsets) plus the assignor. */
export function kafkaGroupSetups(options: KafkaGroupArbitraryOptions = {}): fc.Arbitrary<KafkaGroupSetup> {
  const assignor: fc.Arbitrary<AssignorName> =
    options.assignor === undefined ? fc.constantFrom('range', 'roundrobin') : fc.constant(options.assignor);
  const consumerSetups = kafkaConsumerSetups({
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.autoOffsetReset === undefined ? {} : { autoOffsetReset: options.autoOffsetReset }),
  });
  return fc
    .tuple(consumerSetups, assignor)
    .map(([setup, name]) => ({ ...setup, ...(options.noCommittedOffsets === true ? { committed: [] } : {}), assignor: name }));
}

/**
 * Intents drawn with the mix's weights. Only the command types, their number and the choice number `a` shrink: the
 * other choice numbers are realized against a model state that every shrink step changes, so shrinking them costs
 * many model runs and rarely reads better (the minimizer then makes the concrete scenario 1-minimal anyway).
 */
export function groupIntents(mix: GroupCommandMix, maxCommands: number, minCommands = 1): fc.Arbitrary<GroupIntent[]> {
  const type = commandTypes(mix);
  const intent = fc.record({
    type,
    member: fc.noShrink(fc.nat(7)),
    a: fc.nat(255),
    b: fc.noShrink(fc.nat(255)),
    wild: wildFlag(scope.wildPerMille),
  });
  return fc.array(intent, { minLength: Math.min(minCommands, maxCommands), maxLength: maxCommands, size: 'max' });
}

/** Client calls that only apply once the member subscribes (or assigns); kafka.consumer's list. */
const needsSubscription: ReadonlySet<KafkaGroupCommandType> = new Set<KafkaGroupCommandType>([
  'poll', 'seek', 'seekToBeginning', 'seekToEnd', 'pause', 'resume', 'pauseTopics', 'resumeTopics', 'position',
]);

/** Calls the discipline forbids: they move positions or commit offsets other than the positions. */
const undisciplined: ReadonlySet<KafkaGroupCommandType> = new Set<KafkaGroupCommandType>(['seek', 'seekToBeginning', 'seekToEnd', 'assign']);

/** A `commitSync()` for each listed member whose positions are not all committed (the discipline's commits). */
function commitsBefore(state: KafkaGroupState, members: readonly GroupMember[]): KafkaGroupCommand[] {
  return members
    .filter((m) => m.client.assignment.some((p) => p.position !== null && state.cluster.groupCommitted[tpKey(p.tp)] !== p.position))
    .map((m) => ({ type: 'commitSync', consumer: m.id }));
}

/** Partitions some member owns now. */
function ownedPartitions(state: KafkaGroupState): { topic: string; partition: number }[] {
  return state.members.flatMap((m) => m.client.assignment.map((p) => p.tp));
}

/**
 * An environment fact, realized by kafka.consumer's generator over the cluster; half of the records go to partitions
 * some member owns, so that polls have something to return.
 */
function realizeEnvironment(state: KafkaGroupState, intent: GroupIntent): KafkaGroupEnvironmentCommand {
  const hot = one(ownedPartitions(state), intent.a);
  if (intent.type === 'produce' && !intent.wild && hot !== undefined && intent.b % 2 === 0) {
    return { type: 'produce', ...hot, count: 1 + (intent.b % consumerScope.maxProduce) };
  }
  const command = realizeForConsumer(consumerStateOf(state.cluster, state.freshClient), { ...intent, type: intent.type as KafkaConsumerCommandType });
  return command as KafkaGroupEnvironmentCommand;
}

/** The topics of a subscribe: the scenario's shared list, a wild blank name, or a drawn subset of the pool. */
function subscribeTopics(state: KafkaGroupState, context: RealizeContext, intent: GroupIntent, mustSubscribe: boolean): string[] {
  if (context.identical !== undefined) return userOrder(context.identical, intent.b);
  if (intent.wild) return [' '];
  // Mostly topics the cluster has; one time in three any of the pool, which has topics metadata lacks.
  const pool = intent.b % 3 === 0 ? scope.subscribablePool : Object.keys(state.cluster.metadata);
  const drawn = userOrder(pick(pool, intent.a % 8 === 0 && !mustSubscribe ? 0 : intent.a), intent.b);
  return drawn.length > 0 || !mustSubscribe ? drawn : [one(pool, intent.b) ?? 't0'];
}

/** A member's client call: kafka.consumer's realize against its consumer state, with the group's adjustments. */
function realizeClient(state: KafkaGroupState, member: GroupMember, intent: GroupIntent, context: RealizeContext): KafkaGroupCommand[] {
  let type = intent.type as KafkaConsumerCommandType;
  const unsubscribed = member.client.mode === 'NONE';
  if (!intent.wild && unsubscribed && needsSubscription.has(intent.type)) {
    type = !context.discipline && (context.mix.assign ?? 0) > 0 && intent.a % 5 === 0 ? 'assign' : 'subscribe';
  }
  if (context.identical !== undefined && type === 'subscribePattern') type = 'subscribe';
  const givesUp = type === 'subscribe' || type === 'subscribePattern' || type === 'unsubscribe';
  const prefix = context.discipline && givesUp ? commitsBefore(state, [member]) : [];
  let command: KafkaConsumerCommand;
  if (type === 'subscribe') {
    command = { type, topics: subscribeTopics(state, context, intent, unsubscribed) };
  } else if (type === 'commitSync' && context.discipline) {
    command = { type: 'commitSync' };
  } else {
    command = realizeForConsumer(consumerStateOf(state.cluster, member.client), { ...intent, type });
  }
  return [...prefix, { ...command, consumer: member.id } as KafkaGroupCommand];
}

/**
 * Turns one intent into concrete commands against the group: usually one, but under the commit discipline the
 * commits it asks for come first. An intent that needs a member when there is none becomes a join.
 */
export function realizeGroup(state: KafkaGroupState, intent: GroupIntent, context: RealizeContext): KafkaGroupCommand[] {
  const free = scope.consumers.filter((name) => findMember(state, name) === undefined);
  const joinOne = (): KafkaGroupCommand[] => [{ type: 'join', consumer: one(free, intent.member) ?? 'c0' }];
  const member = one(state.members, intent.member);
  if (context.discipline && undisciplined.has(intent.type)) return realizeGroup(state, { ...intent, type: 'poll' }, context);
  switch (intent.type) {
    case 'join':
      if (free.length > 0) return joinOne();
      return member === undefined ? [] : realizeClient(state, member, { ...intent, type: 'subscribe' }, context);
    case 'leave':
      if (intent.wild) return [{ type: 'leave', consumer: 'zz' }];
      if (member === undefined) return joinOne();
      return [...(context.discipline ? commitsBefore(state, [member]) : []), { type: 'leave', consumer: member.id }];
    case 'rebalance': {
      // A member that has not subscribed yet mostly does so first: three times in four when nobody would take
      // part, half of the time otherwise. Most rebalances then have members, and many have several.
      const idle = one(state.members.filter((m) => m.client.mode === 'NONE'), intent.member);
      const nobody = !state.members.some((m) => isAutomatic(m.client.mode));
      if (!intent.wild && (nobody ? intent.a % 4 !== 0 : intent.a % 2 === 0)) {
        if (idle !== undefined) return realizeClient(state, idle, { ...intent, type: 'subscribe' }, context);
        if (nobody && free.length > 0) return joinOne();
      }
      return [...(context.discipline ? commitsBefore(state, state.members) : []), { type: 'rebalance' }];
    }
    case 'metadataUpdate':
      // Under kafka-0.10.0 a pattern subscription that stops matching drops partitions at once.
      return [...(context.discipline ? commitsBefore(state, state.members) : []), realizeEnvironment(state, intent)];
    case 'produce':
    case 'deleteRecords':
      return [realizeEnvironment(state, intent)];
    default:
      if (intent.wild && intent.member % 4 === 0) {
        const stranger: GroupMember = { id: 'zz', client: state.freshClient };
        return realizeClient(state, stranger, { ...intent, wild: false }, context);
      }
      if (member === undefined) return joinOne();
      // A subscribed consumer outside the current generation, or whose subscription changed, rejoins in its next poll:
      // mostly that poll becomes the rebalance it waits for; otherwise the poll starts the rejoin and returns nothing.
      if (intent.type === 'poll' && !intent.wild && needsToJoin(state, member) && intent.b % 4 !== 0) {
        return realizeGroup(state, { ...intent, type: 'rebalance' }, context);
      }
      return realizeClient(state, member, intent, context);
  }
}

/** A member whose next poll would (re)join the group instead of fetching. */
function needsToJoin(state: KafkaGroupState, member: GroupMember): boolean {
  const automatic = isAutomatic(member.client.mode);
  return (automatic && !state.generationMembers.includes(member.id)) || needRejoin(consumerStateOf(state.cluster, member.client));
}

/** Concrete commands for a setup and its intents, by running the model alongside. */
export function realizeAllGroup(setup: KafkaGroupSetup, drawn: readonly GroupIntent[], context: RealizeContext): KafkaGroupCommand[] {
  let state = kafkaGroup.init(setup);
  const commands: KafkaGroupCommand[] = [];
  for (const intent of drawn) {
    for (const command of realizeGroup(state, intent, context)) {
      commands.push(command);
      state = kafkaGroup.step(state, command).state;
    }
  }
  return commands;
}

/** `kafka.group` scenarios. */
export function kafkaGroupScenarios(
  options: KafkaGroupArbitraryOptions = {},
): fc.Arbitrary<Scenario<KafkaGroupSetup, KafkaGroupCommand>> {
  const mix = options.mix ?? defaultGroupMix;
  const identical: fc.Arbitrary<readonly string[] | undefined> =
    options.identicalSubscriptions === true
      ? fc.subarray([...scope.subscribablePool], { minLength: 1, maxLength: 3 })
      : fc.constant(undefined);
  return fc
    .tuple(kafkaGroupSetups(options), groupIntents(mix, options.maxCommands ?? scope.maxCommands, options.minCommands), identical)
    .map(([setup, drawn, topics]) => ({
      system: 'kafka.group',
      setup,
      commands: realizeAllGroup(setup, drawn, { mix, identical: topics, discipline: options.commitBeforeGivingUp === true }),
    }));
}
