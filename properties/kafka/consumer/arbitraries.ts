/**
 * Scenario generators for `kafka.consumer`. A scenario is drawn as a setup plus a list of *intents* (a command type
 * and a few numbers); the intents are turned into concrete commands by running the reference model alongside, so
 * most commands apply (partitions that are assigned, topics that are subscribed) and a small share are
 * deliberately wild. fast-check shrinks the intents; the concrete scenario is what gets stored and replayed.
 */
import fc from 'fast-check';
import { wildFlag } from '../../wild-flag.js';
import { commandTypes, one, pick, userOrder, type CommandMix as Mix } from '../../choices.js';
import type { Scenario } from '../../../model/scenario.js';
import { kafkaConsumer } from '../../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerCommand, KafkaConsumerCommandType } from '../../../model/kafka/consumer/commands.js';
import type { KafkaConsumerSetup, OffsetReset, Profile } from '../../../model/kafka/consumer/setup.js';
import type { KafkaConsumerState } from '../../../model/kafka/consumer/state.js';
import { compilePattern } from '../../../model/kafka/consumer/subscription-state.js';
import { tpKey, type TopicPartition } from '../../../model/kafka/topic-partition.js';
import { kafkaConsumerScope as scope } from './scopes.js';

/** A command to be made concrete against the state reached so far. */
export interface Intent {
  readonly type: KafkaConsumerCommandType;
  /** Choice numbers: which partitions, which offset, which variant. */
  readonly a: number;
  readonly b: number;
  /** Deliberately invalid. */
  readonly wild: boolean;
}

/** Which command types to draw, with weights; the default mix exercises everything. */
export type CommandMix = Mix<KafkaConsumerCommandType>;

export const defaultMix: CommandMix = {
  subscribe: 3, subscribePattern: 1, assign: 3, unsubscribe: 1, rebalance: 3, metadataUpdate: 1,
  seek: 2, seekToBeginning: 1, seekToEnd: 1, pause: 2, resume: 2, poll: 6, commitSync: 3,
  position: 1, committed: 1, produce: 5, deleteRecords: 2,
};

/** Options of the scenario generator. */
export interface KafkaConsumerArbitraryOptions {
  /** A fixed profile; by default kafka-1.0 four times in five, kafka-0.10.0 otherwise. */
  readonly profile?: Profile;
  /** A fixed `auto.offset.reset`; drawn by default. */
  readonly autoOffsetReset?: OffsetReset;
  readonly mix?: CommandMix;
  readonly maxCommands?: number;
  /** At least this many commands (1 by default), when the interesting state needs a few steps to build. */
  readonly minCommands?: number;
  /** Per mille of deliberately invalid commands; the scope's default otherwise. */
  readonly wildPerMille?: number;
  /** Start with no committed offsets in the group. */
  readonly noCommittedOffsets?: boolean;
  /** At least this many topics at the start (the scope's minimum otherwise), for beliefs about a topic left behind. */
  readonly minTopics?: number;
  /** Every (valid) commitSync commits the positions: no explicit offsets. */
  readonly commitPositionsOnly?: boolean;
}

/** Setups: one or two topics of one or two partitions, perhaps some committed offsets. */
export function kafkaConsumerSetups(options: KafkaConsumerArbitraryOptions = {}): fc.Arbitrary<KafkaConsumerSetup> {
  const profile: fc.Arbitrary<Profile> =
    options.profile === undefined
      ? fc.oneof({ arbitrary: fc.constant('kafka-1.0' as const), weight: 4 }, { arbitrary: fc.constant('kafka-0.10.0' as const), weight: 1 })
      : fc.constant(options.profile);
  const reset: fc.Arbitrary<OffsetReset> =
    options.autoOffsetReset === undefined ? fc.constantFrom('latest', 'earliest', 'none') : fc.constant(options.autoOffsetReset);
  const topics = fc
    .subarray([...scope.topicPool], { minLength: Math.min(options.minTopics ?? scope.minTopics, scope.maxTopics), maxLength: scope.maxTopics })
    .chain((names) => fc.tuple(...names.map((name) => fc.integer({ min: 1, max: scope.maxPartitions }).map((n) => [name, n] as const))));
  return fc.record({ profile, reset, topics }).chain(({ profile: p, reset: r, topics: t }) => {
    const partitions = t.flatMap(([topic, n]) => Array.from({ length: n }, (_, partition) => ({ topic, partition })));
    const committed = fc.subarray(partitions, { maxLength: Math.min(2, partitions.length) }).chain((chosen) =>
      fc.tuple(...chosen.map((c) => fc.nat(scope.maxOffset).map((offset) => ({ ...c, offset })))),
    );
    return committed.map((c) => ({ profile: p, topics: Object.fromEntries(t), autoOffsetReset: r, committed: options.noCommittedOffsets === true ? [] : c }));
  });
}

/** Intents drawn with the mix's weights. */
export function intents(mix: CommandMix, maxCommands: number, wildPerMille: number = scope.wildPerMille, minCommands = 1): fc.Arbitrary<Intent[]> {
  const type = commandTypes(mix);
  const intent = fc.record({
    type,
    a: fc.nat(255),
    b: fc.nat(255),
    wild: wildFlag(wildPerMille),
  });
  return fc.array(intent, { minLength: Math.min(Math.max(minCommands, 1), maxCommands), maxLength: maxCommands });
}

/** Every partition the metadata lists. */
function metadataPartitions(state: KafkaConsumerState): TopicPartition[] {
  return Object.entries(state.metadata).flatMap(([topic, n]) => Array.from({ length: n }, (_, partition) => ({ topic, partition })));
}

/** A partition that is not assigned: an unassigned one from metadata, else one of an unknown topic. */
function unassigned(state: KafkaConsumerState, n: number): TopicPartition {
  const assigned = new Set(state.assignment.map((p) => tpKey(p.tp)));
  return one(metadataPartitions(state).filter((p) => !assigned.has(tpKey(p))), n) ?? { topic: 'zz', partition: 0 };
}

/** Partitions the coordinator could assign now: those of subscribed or pattern-matching topics. */
function assignable(state: KafkaConsumerState): TopicPartition[] {
  const matcher = state.pattern === null || state.profile === 'kafka-0.10.0' ? undefined : compilePattern(state.pattern);
  return metadataPartitions(state).filter((p) => (matcher === undefined ? state.subscription.includes(p.topic) : matcher.test(p.topic)));
}

/** The topics the consumer subscribes to or has partitions of, in that order. */
function topicsInUse(state: KafkaConsumerState): string[] {
  return [...new Set([...state.subscription, ...state.assignment.map((p) => p.tp.topic)])];
}

/** Commands that only apply once the consumer subscribes or assigns. */
const needsSubscriptionOrAssignment: ReadonlySet<KafkaConsumerCommandType> = new Set([
  'poll', 'rebalance', 'seek', 'seekToBeginning', 'seekToEnd', 'pause', 'resume', 'pauseTopics', 'resumeTopics', 'position',
] as const);

/** How intents become commands, beyond the intent itself. */
export interface RealizeOptions {
  /** Every (valid) commitSync commits the positions: no explicit offsets. */
  readonly commitPositionsOnly?: boolean;
  /** Whether a waiting intent may become an assign (true by default); false when the mix never draws assign. */
  readonly assigns?: boolean;
}

/**
 * Turns one intent into a concrete command against the current state. An intent that cannot apply yet because
 * the consumer has neither subscribed nor assigned becomes the subscribe or assign it is waiting for (unless it is
 * deliberately wild), so that most generated steps reach the interesting states; only a subscribe when the mix
 * draws no assign (as kafka.group's generator does), so a mix about subscriptions stays about subscriptions.
 */
export function realize(state: KafkaConsumerState, intent: Intent, options: RealizeOptions = {}): KafkaConsumerCommand {
  if (!intent.wild && state.mode === 'NONE' && needsSubscriptionOrAssignment.has(intent.type)) {
    const type = options.assigns !== false && intent.a % 2 === 0 ? 'assign' : 'subscribe';
    return realize(state, { ...intent, type, a: intent.a | 1 }, options);
  }
  const commitPositionsOnly = options.commitPositionsOnly === true;
  const { a, b, wild } = intent;
  const assigned = state.assignment.map((p) => p.tp);
  // A wild partition list leads with some assigned partitions, so a call that fails half-way is visible.
  const someAssigned = (): TopicPartition[] => (wild ? [...pick(assigned, b), unassigned(state, a)] : pick(assigned, a));
  const oneAssigned = (): TopicPartition => (wild ? unassigned(state, a) : one(assigned, a) ?? unassigned(state, a));
  const anyPartition = (): TopicPartition => one(metadataPartitions(state), a) ?? { topic: 'zz', partition: 0 };
  switch (intent.type) {
    case 'subscribe':
      return { type: 'subscribe', topics: wild ? [' '] : userOrder(pick(Object.keys(state.metadata), a % 4 === 0 ? 0 : a), b) };
    case 'subscribePattern':
      return { type: 'subscribePattern', pattern: wild ? '(' : (one(scope.patterns, a) ?? 't.*') };
    case 'assign':
      return { type: 'assign', partitions: wild ? [unassigned(state, a), { topic: 'zz', partition: 0 }] : pick(metadataPartitions(state), a % 8 === 0 ? 0 : a) };
    case 'unsubscribe':
      return { type: 'unsubscribe' };
    case 'rebalance':
      return { type: 'rebalance', partitions: wild ? pick(metadataPartitions(state), a) : pick(assignable(state), a) };
    case 'metadataUpdate': {
      // Grow the cluster: a new topic from the pool, or one more partition for an existing topic.
      const name = one(scope.topicPool, a) ?? 't0';
      // A computed key in a literal defines an own property, whatever the name.
      const count = Object.hasOwn(state.metadata, name) ? (state.metadata[name] ?? 0) : 0;
      return { type: 'metadataUpdate', topics: { ...state.metadata, [name]: Math.min(count + 1, scope.maxPartitions + 1) } };
    }
    case 'seek':
      return { type: 'seek', partition: oneAssigned(), offset: wild && b % 2 === 0 ? -1 : b % (scope.maxOffset + 1) };
    case 'seekToBeginning':
      return { type: 'seekToBeginning', partitions: someAssigned() };
    case 'seekToEnd':
      return { type: 'seekToEnd', partitions: someAssigned() };
    case 'pause':
    case 'resume':
      // One in four is the whole-topic form some libraries offer (kafkajs's `pause([{topic}])`), over the topics in
      // use — subscribed ones too, so that a topic can be paused before its partitions arrive.
      if (!wild && ((b >> 6) & 3) === 0) return { type: `${intent.type}Topics`, topics: pick(topicsInUse(state), a % 4 === 0 ? 255 : a) };
      return { type: intent.type, partitions: wild ? someAssigned() : pick(assigned, a % 4 === 0 ? 255 : a) };
    case 'pauseTopics':
    case 'resumeTopics':
      return { type: intent.type, topics: wild ? [unassigned(state, a).topic] : pick(topicsInUse(state), a % 4 === 0 ? 255 : a) };
    case 'poll':
      return b % 3 === 0 ? { type: 'poll' } : { type: 'poll', maxRecords: 1 + (b % 4) };
    case 'commitSync':
      if ((a % 2 === 0 || commitPositionsOnly) && !wild) return { type: 'commitSync' };
      return { type: 'commitSync', offsets: [{ ...oneAssigned(), offset: wild ? -1 : b % (scope.maxOffset + 1) }] };
    case 'position':
      return { type: 'position', partition: oneAssigned() };
    case 'committed':
      return { type: 'committed', partition: wild ? unassigned(state, a) : anyPartition() };
    case 'produce': {
      const p = wild ? { topic: 'zz', partition: 0 } : anyPartition();
      return { type: 'produce', ...p, count: 1 + (b % scope.maxProduce) };
    }
    case 'deleteRecords': {
      const p = anyPartition();
      const log = state.logs[tpKey(p)];
      const end = log?.highWatermark ?? 0;
      return { type: 'deleteRecords', ...p, beforeOffset: wild ? end + 1 : b % (end + 1) };
    }
  }
}

/** Concrete commands for a setup and its intents, by running the model alongside. */
export function realizeAll(setup: KafkaConsumerSetup, drawn: readonly Intent[], options: RealizeOptions = {}): KafkaConsumerCommand[] {
  let state = kafkaConsumer.init(setup);
  const commands: KafkaConsumerCommand[] = [];
  for (const intent of drawn) {
    const command = realize(state, intent, options);
    commands.push(command);
    state = kafkaConsumer.step(state, command).state;
  }
  return commands;
}

/** `kafka.consumer` scenarios. */
export function kafkaConsumerScenarios(
  options: KafkaConsumerArbitraryOptions = {},
): fc.Arbitrary<Scenario<KafkaConsumerSetup, KafkaConsumerCommand>> {
  const mix = options.mix ?? defaultMix;
  return fc
    .tuple(kafkaConsumerSetups(options), intents(mix, options.maxCommands ?? scope.maxCommands, options.wildPerMille, options.minCommands))
    .map(([setup, drawn]) => ({
      system: 'kafka.consumer',
      setup,
      commands: realizeAll(setup, drawn, { commitPositionsOnly: options.commitPositionsOnly === true, assigns: (mix.assign ?? 0) > 0 }),
    }));
}
