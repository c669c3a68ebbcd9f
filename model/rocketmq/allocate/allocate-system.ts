/**
 * The `rocketmq.allocate` system: the queue-allocation strategies of apache/rocketmq rocketmq-all-4.9.8
 * (`client/.../consumer/rebalance/`) called by several clients of one group, each with the view (mqAll, cidAll)
 * it fetched. The state remembers every client's latest allocation and the view it used, so that properties can
 * ask whether the clients' answers fit together (each queue one owner) — which the strategy alone cannot promise.
 */
import { match } from 'ts-pattern';
import { fail, ok } from '../../outcome.js';
import type { StepResult, SystemModel } from '../../system.js';
import { javaStringCompare } from '../../java/java-string.js';
import type { MessageQueue } from '../message-queue.js';
import type { StrategyResult } from './allocate-strategy.js';
import {
  rocketmqAllocateCommandDocs,
  rocketmqAllocateCommandSchema,
  rocketmqAllocateSetupSchema,
  type RocketmqAllocateCommand,
  type RocketmqAllocateSetup,
} from './allocate-commands.js';
import { createStrategy, type StrategySpec } from './strategies.js';

/** The view one client allocated with: the queues and client ids it was given. */
export interface AllocationView {
  readonly mqAll: readonly MessageQueue[];
  readonly cidAll: readonly string[];
}

/** One client's latest successful allocation. */
export interface ClientAllocation extends AllocationView {
  readonly queues: readonly MessageQueue[];
}

/** The whole state: the group's strategy and each client's latest allocation. */
export interface RocketmqAllocateState {
  readonly group: string;
  readonly strategy: StrategySpec;
  /** By client id; a Map so that ids like `constructor` need no care. */
  readonly clients: ReadonlyMap<string, ClientAllocation>;
}

/** What implementations are compared on: each client's latest allocation and view, by client id (Java order). */
export interface RocketmqAllocateObservation {
  readonly allocations: Readonly<Record<string, readonly MessageQueue[]>>;
  readonly views: Readonly<Record<string, AllocationView>>;
}

/** Builds a strategy from its spec: `createStrategy` for the reference, a wrong one in the bug zoo. */
export type StrategyFactory = (spec: StrategySpec) => StrategyResult;

type Result = StepResult<RocketmqAllocateState>;

/** The state before any call: nobody has allocated. */
export function initialAllocateState(setup: RocketmqAllocateSetup): RocketmqAllocateState {
  return { group: setup.group, strategy: setup.strategy, clients: new Map() };
}

/**
 * `allocate`: the strategy's answer. A strategy whose constructor throws (a negative `virtualNodeCnt`) answers
 * that exception on every call; a call that throws keeps the client's previous queues, as RebalanceImpl does.
 */
function allocate(create: StrategyFactory, state: RocketmqAllocateState, command: Extract<RocketmqAllocateCommand, { type: 'allocate' }>): Result {
  const built = create(state.strategy);
  if (!built.ok) return { state, outcome: fail(built.error, built.message) };
  const mqAll = command.mqAll ?? [];
  const cidAll = command.cidAll ?? [];
  const answer = built.strategy.allocate(state.group, command.currentCID, mqAll, cidAll);
  if (!answer.ok) return { state, outcome: fail(answer.error, answer.message) };
  const clients = new Map(state.clients);
  clients.set(command.currentCID, { queues: answer.queues, mqAll, cidAll });
  return { state: { ...state, clients }, outcome: ok([...answer.queues]) };
}

/** The observation: plain JSON, clients in Java `String.compareTo` order. */
export function observeAllocate(state: RocketmqAllocateState): RocketmqAllocateObservation {
  const cids = [...state.clients.keys()].sort(javaStringCompare);
  const entries = cids.map((cid) => [cid, state.clients.get(cid)] as const);
  return {
    allocations: Object.fromEntries(entries.map(([cid, a]) => [cid, a?.queues ?? []])),
    views: Object.fromEntries(entries.map(([cid, a]) => [cid, { mqAll: a?.mqAll ?? [], cidAll: a?.cidAll ?? [] }])),
  };
}

/**
 * The `rocketmq.allocate` model over a strategy factory. The reference uses `createStrategy`; the bug zoo passes
 * deliberately wrong strategies through the same reducer, so a wrong strategy is the only difference.
 */
export function createRocketmqAllocateModel(
  create: StrategyFactory,
): SystemModel<RocketmqAllocateSetup, RocketmqAllocateState, RocketmqAllocateCommand, RocketmqAllocateObservation> {
  return {
    id: 'rocketmq.allocate',
    summary: "Queue-allocation strategies (AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY) called by a group's clients, each with its own view.",
    setupSchema: rocketmqAllocateSetupSchema,
    commandSchema: rocketmqAllocateCommandSchema,
    commands: rocketmqAllocateCommandDocs,
    exampleSetup: { group: 'G', strategy: { name: 'AVG' } },
    init: initialAllocateState,
    step: (state, command) =>
      match(command)
        .with({ type: 'allocate' }, (c) => allocate(create, state, c))
        .exhaustive(),
    observe: observeAllocate,
  };
}

/** The reference model of `rocketmq.allocate`. */
export const rocketmqAllocate = createRocketmqAllocateModel(createStrategy);
