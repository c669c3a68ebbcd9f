/**
 * Wrong `rocketmq.allocate` implementations, one or more per invariant (`properties/rocketmq/allocate/invariants.ts`).
 * Most are a wrong strategy run through the reference reducer; the stateful ones mutate the step.
 */
import { allocated, type AllocateResult, type AllocateStrategy } from '../../model/rocketmq/allocate/allocate-strategy.js';
import { createRocketmqAllocateModel, rocketmqAllocate, type RocketmqAllocateState, type StrategyFactory } from '../../model/rocketmq/allocate/allocate-system.js';
import { allocateChecked } from '../../model/rocketmq/allocate/check-arguments.js';
import { md5RingHash } from '../../model/rocketmq/allocate/consistent-hash.js';
import { createStrategy, type StrategyName } from '../../model/rocketmq/allocate/strategies.js';
import { messageQueueKey, messageQueueToString, type MessageQueue } from '../../model/rocketmq/message-queue.js';
import type { Command } from '../../model/scenario.js';
import type { SystemModel } from '../../model/system.js';
import { mutateStep, type Bug } from './bug.js';

type Allocate = AllocateStrategy['allocate'];

/** The reference model with the strategy of one name replaced. */
function withStrategy(name: StrategyName, allocate: Allocate): SystemModel<unknown, unknown, Command, unknown> {
  const factory: StrategyFactory = (spec) => (spec.name === name ? { ok: true, strategy: { name, allocate } } : createStrategy(spec));
  return createRocketmqAllocateModel(factory) as unknown as SystemModel<unknown, unknown, Command, unknown>;
}

/** The reference model with every strategy's allocate wrapped. */
function wrapEveryStrategy(wrap: (allocate: Allocate) => Allocate): SystemModel<unknown, unknown, Command, unknown> {
  const factory: StrategyFactory = (spec) => {
    const built = createStrategy(spec);
    return built.ok ? { ok: true, strategy: { name: built.strategy.name, allocate: wrap(built.strategy.allocate) } } : built;
  };
  return createRocketmqAllocateModel(factory) as unknown as SystemModel<unknown, unknown, Command, unknown>;
}

/** Runs Java's argument checks, then `body` with the caller's index. */
function checked(body: (index: number, mqAll: readonly MessageQueue[], c: number) => MessageQueue[]): Allocate {
  return (_group, currentCID, mqAll, cidAll): AllocateResult =>
    allocateChecked(currentCID, mqAll, cidAll, (index) => body(index, mqAll, cidAll.length));
}

/** `count` queues of mqAll from `start`, clipped to mqAll. */
const block = (mqAll: readonly MessageQueue[], start: number, count: number): MessageQueue[] => mqAll.slice(Math.max(0, start), Math.max(0, start + count));

/** The rocketmq.allocate bugs, in invariant order. */
export const rocketmqAllocateBugs: readonly Bug[] = [
  {
    id: 'ra-avg-without-mod',
    caughtBy: ['RA-01'],
    mistake: 'AVG without the mod correction: every client takes ⌊n/c⌋ queues from i·⌊n/c⌋, so the last n % c queues have no owner.',
    implementation: withStrategy(
      'AVG',
      checked((i, mqAll, c) => {
        const size = mqAll.length <= c ? 1 : Math.floor(mqAll.length / c);
        return block(mqAll, i * size, size);
      }),
    ),
  },
  {
    id: 'ra-avg-remainder-to-last',
    caughtBy: ['RA-02'],
    mistake: 'AVG gives every client ⌊n/c⌋ queues and the last client the whole remainder (7 queues over 4 clients: 1, 1, 1, 4).',
    implementation: withStrategy(
      'AVG',
      checked((i, mqAll, c) => {
        const size = Math.floor(mqAll.length / c);
        return i === c - 1 ? mqAll.slice(i * size) : block(mqAll, i * size, size);
      }),
    ),
  },
  {
    id: 'ra-by-circle-starts-at-1',
    caughtBy: ['RA-01'],
    mistake: 'AVG_BY_CIRCLE counts clients from 1: client i takes queues i+1, i+1+c, …, so queue 0 has no owner.',
    implementation: withStrategy(
      'AVG_BY_CIRCLE',
      checked((i, mqAll, c) => mqAll.filter((_, k) => k >= i + 1 && (k - (i + 1)) % c === 0)),
    ),
  },
  {
    id: 'ra-avg-dealt-round-robin',
    caughtBy: ['RA-03'],
    mistake: 'AVG deals the queues round-robin like AVG_BY_CIRCLE, so a client gets scattered queues instead of one block.',
    implementation: withStrategy(
      'AVG',
      checked((i, mqAll, c) => mqAll.filter((_, k) => k % c === i)),
    ),
  },
  {
    id: 'ra-consistent-hash-modulo',
    caughtBy: ['RA-04'],
    mistake: 'CONSISTENT_HASH implemented as hash modulo the client count: a queue goes to cidAll[hash(mq) % c], so one client joining reshuffles nearly every queue.',
    implementation: withStrategy(
      'CONSISTENT_HASH',
      checked((i, mqAll, c) => mqAll.filter((mq) => md5RingHash(messageQueueToString(mq)) % c === i)),
    ),
  },
  {
    id: 'ra-skips-queues-held-by-others',
    caughtBy: ['RA-05', 'RA-01'],
    mistake: 'To avoid two owners, a client allocates only from the queues no other client holds, so its answer depends on who called first.',
    implementation: mutateStep(rocketmqAllocate, (state: RocketmqAllocateState, command, step) => {
      if (command.mqAll === null) return undefined;
      const held = new Set([...state.clients].filter(([cid]) => cid !== command.currentCID).flatMap(([, a]) => a.queues.map(messageQueueKey)));
      const free = command.mqAll.filter((mq) => !held.has(messageQueueKey(mq)));
      if (free.length === command.mqAll.length || free.length === 0) return undefined;
      const result = step(state, { ...command, mqAll: free });
      const mine = result.state.clients.get(command.currentCID);
      if (!result.outcome.ok || mine === undefined) return result;
      // Record the view the client was given, as the real call would.
      const clients = new Map(result.state.clients).set(command.currentCID, { ...mine, mqAll: command.mqAll });
      return { state: { ...result.state, clients }, outcome: result.outcome };
    }),
  },
  {
    id: 'ra-unknown-client-is-index-0',
    caughtBy: ['RA-06'],
    mistake: "The client's index is looked up in a map where a missing id reads as 0 (a zero value), so a client not in cidAll takes the first client's queues.",
    implementation: wrapEveryStrategy((allocate) => (group, currentCID, mqAll, cidAll) => {
      const first = cidAll[0];
      const stranger = currentCID.length > 0 && first !== undefined && !cidAll.includes(currentCID);
      return allocate(group, stranger ? first : currentCID, mqAll, cidAll);
    }),
  },
  {
    id: 'ra-empty-cidall-allocates-nothing',
    caughtBy: ['RA-06'],
    mistake: 'An empty cidAll answers [] instead of throwing IllegalArgumentException, hiding a broker that lost the group.',
    implementation: wrapEveryStrategy((allocate) => (group, currentCID, mqAll, cidAll) =>
      cidAll.length === 0 && currentCID.length > 0 && mqAll.length > 0 ? allocated([]) : allocate(group, currentCID, mqAll, cidAll),
    ),
  },
  {
    id: 'ra-keeps-first-allocation',
    caughtBy: ['RA-07'],
    mistake: "A client records queues only on its first allocation: later answers are returned but its table keeps the first ones (put-if-absent instead of replace).",
    implementation: mutateStep(rocketmqAllocate, (state: RocketmqAllocateState, command, step) => {
      const previous = state.clients.get(command.currentCID);
      if (previous === undefined) return undefined;
      const result = step(state, command);
      return { state: { ...result.state, clients: new Map(result.state.clients).set(command.currentCID, previous) }, outcome: result.outcome };
    }),
  },
];
