/**
 * Scenario generators for `rocketmq.group`. A scenario is drawn as a setup plus a list of *intents* (a command type
 * and a few numbers); the intents are turned into concrete commands by running the reference model alongside, so
 * most commands apply (running clients, held queues, known topics) and a small share are deliberately wild.
 * fast-check shrinks the intents; the concrete scenario is what gets stored and replayed.
 */
import fc from 'fast-check';
import { wildFlag } from '../../wild-flag.js';
import { commandTypes, one, type CommandMix as Mix } from '../../choices.js';
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';
import type { RocketmqGroupCommand, RocketmqGroupCommandType } from '../../../model/rocketmq/group/commands.js';
import { maxOffset } from '../../../model/rocketmq/group/consume-queue.js';
import { queueKey } from '../../../model/rocketmq/group/queue-key.js';
import { rocketmqGroup } from '../../../model/rocketmq/group/rocketmq-group.js';
import type { ConsumeFromWhere, MessageModel, RocketmqGroupSetup } from '../../../model/rocketmq/group/setup.js';
import type { RocketmqGroupState } from '../../../model/rocketmq/group/state.js';
import { compareMessageQueues, type MessageQueue } from '../../../model/rocketmq/message-queue.js';
import type { Scenario } from '../../../model/scenario.js';
import { rocketmqGroupScope as scope } from './scopes.js';

/** A command to be made concrete against the state reached so far. */
export interface Intent {
  readonly type: RocketmqGroupCommandType;
  /** Choice numbers: which client, which topic or queue, which tag. */
  readonly a: number;
  readonly b: number;
  /** Deliberately invalid. */
  readonly wild: boolean;
}

/** Which command types to draw, with weights. */
export type CommandMix = Mix<RocketmqGroupCommandType>;

/** The default mix exercises every command; pulls and produces dominate as in a live group. */
export const defaultMix: CommandMix = {
  start: 3, subscribe: 2, unsubscribe: 1, heartbeat: 2, rebalance: 4, pull: 6, shutdown: 1, produce: 5, commitLogGrows: 2,
};

/**
 * How clients subscribe: `free` draws each client's topics and expressions (the seed's inconsistent groups);
 * `consistent` draws one subscription per scenario that every client uses, and `subscribe` only re-subscribes it.
 */
export type SubscriptionMode = 'free' | 'consistent';

/** Options of the scenario generator. */
export interface RocketmqGroupArbitraryOptions {
  readonly subscriptions?: SubscriptionMode;
  readonly messageModel?: MessageModel;
  readonly consumeFromWhere?: ConsumeFromWhere;
  /** Topics in the setup; drawn (1–2) by default. */
  readonly topics?: number;
  readonly mix?: CommandMix;
  readonly maxCommands?: number;
}

/** Strategies that split mqAll into disjoint shares (CONFIG and MACHINE_ROOM do not, so they are not drawn). */
export const partitioningStrategies: readonly StrategySpec[] = [{ name: 'AVG' }, { name: 'AVG_BY_CIRCLE' }, { name: 'CONSISTENT_HASH' }];

/** The drawn part of a scenario besides its commands. */
interface Drawn {
  readonly setup: RocketmqGroupSetup;
  readonly clients: readonly string[];
  /** The one subscription of a consistent scenario. */
  readonly common: Readonly<Record<string, string>>;
}

/** Setups: 1–2 brokers and topics of 1–2 queues per broker, a partitioning strategy, the rest drawn or fixed. */
function drawn(options: RocketmqGroupArbitraryOptions): fc.Arbitrary<Drawn> {
  const topicCount = options.topics === undefined ? fc.integer({ min: 1, max: scope.maxTopics }) : fc.constant(options.topics);
  const messageModel: fc.Arbitrary<MessageModel> =
    options.messageModel === undefined
      ? fc.oneof({ arbitrary: fc.constant('CLUSTERING' as const), weight: 4 }, { arbitrary: fc.constant('BROADCASTING' as const), weight: 1 })
      : fc.constant(options.messageModel);
  const consumeFromWhere: fc.Arbitrary<ConsumeFromWhere> =
    options.consumeFromWhere === undefined
      ? fc.constantFrom('CONSUME_FROM_LAST_OFFSET', 'CONSUME_FROM_FIRST_OFFSET', 'CONSUME_FROM_TIMESTAMP')
      : fc.constant(options.consumeFromWhere);
  return fc
    .record({
      brokers: fc.integer({ min: 1, max: scope.maxBrokers }),
      topics: topicCount.chain((n) => fc.array(fc.integer({ min: 1, max: scope.maxQueuesPerBroker }), { minLength: n, maxLength: n })),
      strategy: fc.constantFrom(...partitioningStrategies),
      messageModel,
      consumeFromWhere,
      consumeTimestamp: fc.nat(scope.maxConsumeTimestamp),
      clients: fc.integer({ min: scope.minClients, max: scope.maxClients }),
      commonTopics: fc.integer({ min: 1, max: 3 }),
      commonExpressions: fc.tuple(fc.nat(scope.expressions.length - 1), fc.nat(scope.expressions.length - 1)),
    })
    .map((d) => {
      const topics = Object.fromEntries(d.topics.map((queues, i) => [scope.topicPool[i] ?? `T${i + 1}`, queues]));
      const names = Object.keys(topics);
      // commonTopics is a bit mask over the topics (never empty): 1 = first, 2 = second, 3 = both.
      const chosen = names.filter((_, i) => (d.commonTopics >> i) & 1);
      const common = Object.fromEntries((chosen.length > 0 ? chosen : names.slice(0, 1)).map((t, i) => [t, scope.expressions[d.commonExpressions[i] ?? 0] ?? '*']));
      return {
        setup: {
          group: 'GID_demo',
          brokers: scope.brokerPool.slice(0, d.brokers),
          topics,
          strategy: d.strategy,
          messageModel: d.messageModel,
          consumeFromWhere: d.consumeFromWhere,
          consumeTimestamp: d.consumeTimestamp,
          postSubscriptionWhenPull: false,
        },
        clients: scope.clientPool.slice(0, d.clients),
        common,
      };
    });
}

/** Intents drawn with the mix's weights. */
export function intents(mix: CommandMix, maxCommands: number): fc.Arbitrary<Intent[]> {
  const type = commandTypes(mix);
  const intent = fc.record({ type, a: fc.nat(255), b: fc.nat(255), wild: wildFlag(scope.wildPerMille) });
  // 'max' lets lengths reach maxCommands: runs need room to start, rebalance, converge and pull to the end.
  return fc.array(intent, { minLength: 1, maxLength: maxCommands, size: 'max' });
}

/** Clients of the scenario's pool in the given service state (never started: `undefined`). */
function clientsIn(state: RocketmqGroupState, pool: readonly string[], wanted: 'RUNNING' | undefined): string[] {
  return pool.filter((id) => (Object.hasOwn(state.clients, id) ? state.clients[id]?.serviceState : undefined) === wanted);
}

/** The queues a client holds, in MessageQueue order, those with messages past their next offset first. */
function heldQueues(state: RocketmqGroupState, clientId: string): { pending: MessageQueue[]; all: MessageQueue[] } {
  const client = state.clients[clientId];
  const all = Object.keys(client?.processQueues ?? {})
    .map((key) => state.queues[key])
    .filter((q) => q !== undefined)
    .sort((x, y) => compareMessageQueues(x.mq, y.mq));
  const pending = all.filter((q) => (client?.processQueues[queueKey(q.mq)]?.nextOffset ?? 0) < maxOffset(q));
  return { pending: pending.map((q) => q.mq), all: all.map((q) => q.mq) };
}

/** True when a running client has not rebalanced since the group's last notification or its own subscription change. */
function needsRebalance(state: RocketmqGroupState, clientId: string): boolean {
  const client = state.clients[clientId];
  if (client === undefined) return false;
  return client.rebalancedAt < Math.max(state.registry.notifiedAt, client.subscriptionChangedAt);
}

/** A pull by `client`: a held queue (pending ones first), sometimes without naming it or with maxMsgs 1. */
function pullFrom(state: RocketmqGroupState, client: string, intent: Intent): RocketmqGroupCommand {
  const { b, wild } = intent;
  const held = heldQueues(state, client);
  if (wild) {
    const other = Object.values(state.queues).find((q) => !held.all.some((mq) => compareMessageQueues(mq, q.mq) === 0));
    return other === undefined ? { type: 'pull', client } : { type: 'pull', client, queue: other.mq };
  }
  if (held.all.length === 0) return { type: 'rebalance', client };
  const queue = one(held.pending.length > 0 ? held.pending : held.all, b) ?? held.all[0];
  const maxMsgs = b % 4 === 3 ? { maxMsgs: 1 } : {};
  return b % 7 === 6 ? { type: 'pull', client, ...maxMsgs } : { type: 'pull', client, ...(queue === undefined ? {} : { queue }), ...maxMsgs };
}

/** A free client's subscriptions: a non-empty subset of the topics (bit mask `n`), each with an expression. */
function freeSubscriptions(setup: RocketmqGroupSetup, n: number): Record<string, string> {
  const topics = Object.keys(setup.topics);
  const mask = (n % ((1 << topics.length) - 1)) + 1;
  const chosen = topics.filter((_, i) => (mask >> i) & 1);
  return Object.fromEntries(chosen.map((t, i) => [t, scope.expressions[(n >> (2 + 2 * i)) % scope.expressions.length] ?? '*']));
}

/** Types that need a running client: without one they become that client's start. */
const needsRunningClient: ReadonlySet<RocketmqGroupCommandType> = new Set(['subscribe', 'unsubscribe', 'heartbeat', 'rebalance', 'pull', 'shutdown']);

/**
 * Turns one intent into a concrete command. An intent that needs a running client when none runs becomes a start;
 * a pull of a client holding nothing becomes its rebalance (unless wild), so most steps reach the interesting states.
 */
export function realize(state: RocketmqGroupState, d: Drawn, mode: SubscriptionMode, intent: Intent): RocketmqGroupCommand {
  const { a, b, wild } = intent;
  const running = clientsIn(state, d.clients, 'RUNNING');
  const fresh = clientsIn(state, d.clients, undefined);
  if (needsRunningClient.has(intent.type) && running.length === 0 && !wild) {
    if (fresh.length > 0) return realize(state, d, mode, { ...intent, type: 'start' });
    return realize(state, d, mode, { ...intent, type: 'produce' });
  }
  // A wild intent either names a client that is not running or gives a running client a bad argument.
  const wildClient = wild && a % 3 === 0;
  const client = wildClient ? 'c9' : (one(running, a) ?? 'c1');
  const topics = Object.keys(d.setup.topics);
  switch (intent.type) {
    case 'start': {
      if (fresh.length === 0 && !wild) return running.length > 0 ? { type: 'rebalance', client } : realize(state, d, mode, { ...intent, type: 'produce' });
      const id = fresh.length === 0 || wildClient ? (one(d.clients, a) ?? 'c1') : (one(fresh, a) ?? 'c1');
      const subscriptions = mode === 'consistent' ? { ...d.common } : freeSubscriptions(d.setup, b);
      if (wild && !wildClient) subscriptions[one(topics, b) ?? 'T1'] = scope.wildExpression;
      return { type: 'start', client: id, subscriptions };
    }
    case 'subscribe': {
      if (mode === 'consistent') {
        const topic = one(Object.keys(d.common), b) ?? 'T1';
        return { type: 'subscribe', client, topic, expression: d.common[topic] ?? '*' };
      }
      const topic = wild && !wildClient && b % 2 === 0 ? scope.wildTopic : (one(topics, b) ?? 'T1');
      const expression = wild && !wildClient && b % 2 === 1 ? scope.wildExpression : (one(scope.expressions, b >> 1) ?? '*');
      return { type: 'subscribe', client, topic, expression };
    }
    case 'unsubscribe': {
      if (mode === 'consistent') return { type: 'heartbeat', client };
      const own = Object.keys(state.clients[client]?.subscriptions ?? {});
      return { type: 'unsubscribe', client, topic: wild && !wildClient ? scope.wildTopic : (one(own, b) ?? one(topics, b) ?? 'T1') };
    }
    case 'heartbeat':
      return { type: 'heartbeat', client };
    case 'rebalance': {
      // Prefer a client that has not rebalanced since the last change that concerns it, so groups settle.
      const unsettled = running.filter((id) => needsRebalance(state, id));
      return { type: 'rebalance', client: wildClient ? client : (one(unsettled, a) ?? client) };
    }
    case 'pull': {
      const pendingClients = running.filter((id) => heldQueues(state, id).pending.length > 0);
      if (!wildClient && pendingClients.length > 0 && b % 4 !== 0) return pullFrom(state, one(pendingClients, a) ?? client, intent);
      return pullFrom(state, client, intent);
    }
    case 'shutdown':
      return { type: 'shutdown', client };
    case 'produce': {
      if (wild) return { type: 'produce', topic: scope.wildTopic, queueId: 0 };
      const topic = one(topics, a) ?? 'T1';
      const broker = one(d.setup.brokers, b) ?? 'broker-a';
      const queueId = (b >> 1) % (d.setup.topics[topic] ?? 1);
      const tags = one(scope.tagPool, a >> 1) ?? null;
      return { type: 'produce', topic, broker, queueId, ...(tags === null ? {} : { tags }) };
    }
    case 'commitLogGrows':
      return wild ? { type: 'commitLogGrows', broker: scope.wildBroker } : { type: 'commitLogGrows', broker: one(d.setup.brokers, b) ?? 'broker-a' };
  }
}

/** Concrete commands for a drawn setup and its intents, by running the model alongside. */
function realizeAll(d: Drawn, mode: SubscriptionMode, drawnIntents: readonly Intent[]): RocketmqGroupCommand[] {
  let state = rocketmqGroup.init(d.setup);
  const commands: RocketmqGroupCommand[] = [];
  for (const intent of drawnIntents) {
    const command = realize(state, d, mode, intent);
    commands.push(command);
    state = rocketmqGroup.step(state, command).state;
  }
  return commands;
}

/** `rocketmq.group` scenarios. */
export function rocketmqGroupScenarios(
  options: RocketmqGroupArbitraryOptions = {},
): fc.Arbitrary<Scenario<RocketmqGroupSetup, RocketmqGroupCommand>> {
  const mode = options.subscriptions ?? 'free';
  const mix = options.mix ?? defaultMix;
  return fc
    .tuple(drawn(options), intents(mix, options.maxCommands ?? scope.maxCommands))
    .map(([d, drawnIntents]) => ({ system: 'rocketmq.group', setup: d.setup, commands: realizeAll(d, mode, drawnIntents) }));
}
