/**
 * The invariants of `rocketmq.allocate`, one named predicate each, in the order of the spec page
 * (`shared/spec/rocketmq.md`, "Allocation strategies"). Each answers `undefined` when it holds after the step and
 * otherwise what went wrong. The property suite, the conformance harness and the explorer share this list.
 */
import type { AllocationView, RocketmqAllocateObservation } from '../../../model/rocketmq/allocate/allocate-system.js';
import type { RocketmqAllocateCommand, RocketmqAllocateSetup } from '../../../model/rocketmq/allocate/allocate-commands.js';
import { createStrategy, type StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';
import { messageQueueKey, type MessageQueue } from '../../../model/rocketmq/message-queue.js';
import type { Outcome } from '../../../model/outcome.js';
import { deepEqual } from '../../deep-equal.js';
import type { StepView } from '../../property.js';

/** What a rocketmq.allocate check sees. */
export type RocketmqAllocateView = StepView<RocketmqAllocateSetup, RocketmqAllocateCommand, RocketmqAllocateObservation>;

/** A named predicate with its one-sentence statement. */
export interface RocketmqAllocateInvariant {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  /** The strategies the rule is about (generation draws only these); the partitioning ones by default. */
  readonly strategies?: readonly StrategySpec[];
  /** The observation fields the rule judges (omitted: it judges only the answers). */
  readonly reads?: readonly string[];
  readonly check: (view: RocketmqAllocateView) => string | undefined;
}

/** A successful `allocate`: who called, with which view, and what it got. */
export interface AllocateCall extends AllocationView {
  readonly cid: string;
  readonly queues: readonly MessageQueue[];
}

/** The call a step made, when it succeeded. */
export function successfulCall(step: { readonly command: RocketmqAllocateCommand; readonly outcome: Outcome }): AllocateCall | undefined {
  if (!step.outcome.ok) return undefined;
  const { currentCID, mqAll, cidAll } = step.command;
  return { cid: currentCID, mqAll: mqAll ?? [], cidAll: cidAll ?? [], queues: (step.outcome.value as MessageQueue[] | undefined) ?? [] };
}

/** A queue as a short readable name: `T/broker-a/1`. */
export const showQueue = (mq: MessageQueue): string => `${mq.topic}/${mq.brokerName}/${mq.queueId}`;

/** `n thing(s)`. */
export const count = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** A list of ids or queues for messages. */
export const showList = (items: readonly string[]): string => `[${items.join(', ')}]`;

/** An own property of a record (observations are plain JSON keyed by client id). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** True for the strategies whose answers, over one view, split mqAll among cidAll (a ring of 0 nodes gives nothing). */
export function isPartitioning(spec: StrategySpec): boolean {
  if (spec.name === 'AVG' || spec.name === 'AVG_BY_CIRCLE') return true;
  return spec.name === 'CONSISTENT_HASH' && spec.virtualNodeCnt !== 0;
}

/** True when no element repeats (a broker lists each client once and each queue once). */
function distinct(keys: readonly string[]): boolean {
  return new Set(keys).size === keys.length;
}

/**
 * The first way the allocations of `owners` fail to give every queue of `mqAll` exactly one owner, in one phrase,
 * or undefined when they partition it.
 */
export function ownershipProblem(mqAll: readonly MessageQueue[], owners: ReadonlyArray<readonly [string, readonly MessageQueue[]]>): string | undefined {
  const byQueue = new Map<string, string[]>(mqAll.map((mq) => [messageQueueKey(mq), []]));
  for (const [cid, queues] of owners) {
    for (const mq of queues) {
      const list = byQueue.get(messageQueueKey(mq));
      if (list === undefined) return `${cid} got ${showQueue(mq)}, which is not in mqAll`;
      list.push(cid);
    }
  }
  for (const mq of mqAll) {
    const list = byQueue.get(messageQueueKey(mq)) ?? [];
    if (list.length > 1) return `${showQueue(mq)} has ${list.length} owners (${list.join(' and ')})`;
    if (list.length === 0) return `${showQueue(mq)} has no owner`;
  }
  return undefined;
}

/** A view every client of which allocated last with that very view, with their allocations. */
export interface CompleteView extends AllocationView {
  readonly owners: ReadonlyArray<readonly [string, readonly MessageQueue[]]>;
}

/** The views all of whose clients have allocated with them last: a group that agrees on one view. */
export function completeViews(o: RocketmqAllocateObservation): CompleteView[] {
  const byView = new Map<string, { view: AllocationView; cids: Set<string> }>();
  for (const [cid, view] of Object.entries(o.views)) {
    const key = JSON.stringify([view.mqAll.map(messageQueueKey), view.cidAll]);
    const entry = byView.get(key) ?? { view, cids: new Set<string>() };
    entry.cids.add(cid);
    byView.set(key, entry);
  }
  return [...byView.values()]
    .filter(({ view, cids }) => view.cidAll.length > 0 && view.cidAll.every((cid) => cids.has(cid)))
    .map(({ view }) => ({ ...view, owners: view.cidAll.map((cid) => [cid, own(o.allocations, cid) ?? []] as const) }));
}

/** Complete views with distinct clients and queues, as a broker reports them. */
function wellFormedCompleteViews(o: RocketmqAllocateObservation): CompleteView[] {
  return completeViews(o).filter((v) => distinct(v.cidAll) && distinct(v.mqAll.map(messageQueueKey)));
}

/** The expected answer to an allocate call's arguments alone: Java's exception, `[]`, or undefined (allocate). */
export function argumentVerdict(command: RocketmqAllocateCommand): { readonly error: string; readonly message: string } | 'empty' | undefined {
  if (command.currentCID.length === 0) return { error: 'IllegalArgumentException', message: 'currentCID is empty' };
  if (command.mqAll === null || command.mqAll.length === 0) return { error: 'IllegalArgumentException', message: 'mqAll is null or mqAll empty' };
  if (command.cidAll === null || command.cidAll.length === 0) return { error: 'IllegalArgumentException', message: 'cidAll is null or cidAll empty' };
  return command.cidAll.includes(command.currentCID) ? undefined : 'empty';
}

/**
 * When every client of a shared view has allocated with it, AVG, AVG_BY_CIRCLE and CONSISTENT_HASH give each
 * queue of mqAll exactly one owner.
 */
export const sharedViewPartitionsQueues = (v: RocketmqAllocateView): string | undefined => {
  if (!isPartitioning(v.setup.strategy)) return undefined;
  for (const shared of wellFormedCompleteViews(v.after)) {
    const problem = ownershipProblem(shared.mqAll, shared.owners);
    if (problem !== undefined) {
      return `every client of cidAll ${showList([...shared.cidAll])} allocated with the same view of ${count(shared.mqAll.length, 'queue')}, yet ${problem}`;
    }
  }
  return undefined;
};

/** AVG and AVG_BY_CIRCLE give each client of cidAll ⌊n/c⌋ or ⌈n/c⌉ of the n queues. */
export const averageSharesAreBalanced = (v: RocketmqAllocateView): string | undefined => {
  const call = successfulCall(v);
  const name = v.setup.strategy.name;
  if (call === undefined || (name !== 'AVG' && name !== 'AVG_BY_CIRCLE') || !call.cidAll.includes(call.cid) || !distinct(call.cidAll)) return undefined;
  const n = call.mqAll.length;
  const c = call.cidAll.length;
  const low = Math.floor(n / c);
  const high = Math.ceil(n / c);
  const size = call.queues.length;
  return size === low || size === high
    ? undefined
    : `${name} gave ${call.cid} ${size} of ${count(n, 'queue')} shared by ${count(c, 'client')} ${showList([...call.cidAll])}: a balanced share is ${low === high ? low : `${low} or ${high}`}`;
};

/** AVG gives each client one contiguous block of mqAll, in mqAll order. */
export const averageBlocksAreContiguous = (v: RocketmqAllocateView): string | undefined => {
  const call = successfulCall(v);
  if (call === undefined || v.setup.strategy.name !== 'AVG') return undefined;
  const positions = call.queues.map((mq) => call.mqAll.findIndex((q) => messageQueueKey(q) === messageQueueKey(mq)));
  const broken = positions.some((p, i) => p < 0 || (i > 0 && p !== (positions[i - 1] ?? -2) + 1));
  return broken ? `AVG gave ${call.cid} the queues at positions ${positions.join(', ')} of mqAll: not one contiguous block` : undefined;
};

/** The queues of `a` not in `b`. */
function missingFrom(a: readonly MessageQueue[], b: readonly MessageQueue[]): MessageQueue[] {
  const keys = new Set(b.map(messageQueueKey));
  return a.filter((mq) => !keys.has(messageQueueKey(mq)));
}

/** Every element of `a` is in `b`. */
const subset = (a: readonly string[], b: readonly string[]): boolean => a.every((x) => b.includes(x));

/**
 * CONSISTENT_HASH over the same mqAll: a client whose cidAll grows only loses queues (to the added clients), and
 * one whose cidAll shrinks only gains queues (the removed clients'), so nothing else moves.
 */
export const consistentHashMovesOnlyChangedClients = (v: RocketmqAllocateView): string | undefined => {
  const now = successfulCall(v);
  if (now === undefined || v.setup.strategy.name !== 'CONSISTENT_HASH' || !now.cidAll.includes(now.cid)) return undefined;
  for (const step of v.history.slice(0, -1)) {
    const then = successfulCall(step);
    if (then === undefined || then.cid !== now.cid || !then.cidAll.includes(then.cid) || !deepEqual(then.mqAll, now.mqAll)) continue;
    const from = showList([...then.cidAll]);
    const to = showList([...now.cidAll]);
    if (subset(then.cidAll, now.cidAll)) {
      const gained = missingFrom(now.queues, then.queues);
      if (gained.length > 0) return `${now.cid} gained ${gained.map(showQueue).join(', ')} when cidAll grew from ${from} to ${to}: only the added clients may take queues`;
    }
    if (subset(now.cidAll, then.cidAll)) {
      const lost = missingFrom(then.queues, now.queues);
      if (lost.length > 0) return `${now.cid} lost ${lost.map(showQueue).join(', ')} when cidAll shrank from ${from} to ${to}: only the removed clients' queues may move`;
    }
  }
  return undefined;
};

/**
 * An answer depends only on the arguments: the same client calling again with the same (sorted) view gets the same
 * answer, whatever other clients did in between.
 */
export const answerDependsOnlyOnArguments = (v: RocketmqAllocateView): string | undefined => {
  const earlier = v.history.slice(0, -1).find((step) => deepEqual(step.command, v.command));
  if (earlier === undefined || deepEqual(earlier.outcome, v.outcome)) return undefined;
  return `${v.command.currentCID || '""'} called allocate at steps ${earlier.index} and ${v.index} with the same arguments and got ${JSON.stringify(earlier.outcome)} then ${JSON.stringify(v.outcome)}`;
};

/**
 * Empty currentCID, mqAll or cidAll throw IllegalArgumentException (in that order), a client not in cidAll gets
 * `[]`, and a call that throws changes nothing.
 */
export const argumentsAreChecked = (v: RocketmqAllocateView): string | undefined => {
  if (v.setup.strategy.name === 'CONFIG') return undefined; // AllocateMessageQueueByConfig runs no checks
  // A strategy Java cannot construct (e.g. virtualNodeCnt -1) throws its constructor's exception before any check.
  const verdict = createStrategy(v.setup.strategy).ok ? argumentVerdict(v.command) : undefined;
  const got = JSON.stringify(v.outcome);
  if (verdict === 'empty') {
    const value = v.outcome.ok ? v.outcome.value : undefined;
    if (!v.outcome.ok || !Array.isArray(value) || value.length > 0) return `${v.command.currentCID} is not in cidAll ${showList(v.command.cidAll ?? [])}, so allocate should answer [], not ${got}`;
  } else if (verdict !== undefined && (v.outcome.ok || v.outcome.error !== verdict.error)) {
    return `allocate should throw ${verdict.error} ("${verdict.message}"), not answer ${got}`;
  }
  if (!v.outcome.ok && !deepEqual(v.before, v.after)) return `allocate failed with ${v.outcome.error} but changed the observation`;
  return undefined;
};

/** After a successful call the observation holds the client's answer and the view it used; no other client changes. */
export const latestAllocationIsObserved = (v: RocketmqAllocateView): string | undefined => {
  const call = successfulCall(v);
  if (call === undefined) return undefined;
  if (!deepEqual(own(v.after.allocations, call.cid), call.queues)) return `after allocate, ${call.cid}'s observed allocation is not the answer ${JSON.stringify(call.queues)}`;
  if (!deepEqual(own(v.after.views, call.cid), { mqAll: call.mqAll, cidAll: call.cidAll })) return `after allocate, ${call.cid}'s observed view is not the one it allocated with`;
  for (const cid of new Set([...Object.keys(v.before.allocations), ...Object.keys(v.after.allocations)])) {
    if (cid === call.cid) continue;
    if (!deepEqual(own(v.before.allocations, cid), own(v.after.allocations, cid)) || !deepEqual(own(v.before.views, cid), own(v.after.views, cid))) {
      return `${call.cid}'s allocate changed the observed allocation of ${cid}`;
    }
  }
  return undefined;
};

const strategyCode = 'apache/rocketmq 4.9.8, client/.../consumer/rebalance/';

/** The invariants, in spec order. */
export const rocketmqAllocateInvariants: readonly RocketmqAllocateInvariant[] = [
  { id: 'RA-01', name: 'sharedViewPartitionsQueues', check: sharedViewPartitionsQueues, reads: ['allocations', 'views'], statement: 'When every client of a shared view (the same sorted mqAll and cidAll) has allocated with it, AVG, AVG_BY_CIRCLE and CONSISTENT_HASH give each queue of mqAll exactly one owner.', why: `${strategyCode}: each strategy is a function of (index of currentCID, mqAll, cidAll) that deals every position of mqAll to exactly one index; with one view all clients agree on the indexes.` },
  { id: 'RA-02', name: 'averageSharesAreBalanced', check: averageSharesAreBalanced, strategies: [{ name: 'AVG' }, { name: 'AVG_BY_CIRCLE' }], statement: 'AVG and AVG_BY_CIRCLE give each client of cidAll ⌊n/c⌋ or ⌈n/c⌉ of the n queues, so a shared view is balanced within one queue.', why: 'AVG: the first n % c clients take ⌊n/c⌋+1, the rest ⌊n/c⌋ (the mod correction); AVG_BY_CIRCLE deals one queue a client per round.' },
  { id: 'RA-03', name: 'averageBlocksAreContiguous', check: averageBlocksAreContiguous, strategies: [{ name: 'AVG' }], statement: 'AVG gives each client one contiguous block of the sorted mqAll.', why: 'AllocateMessageQueueAveragely takes `range` consecutive queues from `startIndex` (the `% n` never wraps).' },
  { id: 'RA-04', name: 'consistentHashMovesOnlyChangedClients', check: consistentHashMovesOnlyChangedClients, strategies: [{ name: 'CONSISTENT_HASH' }, { name: 'CONSISTENT_HASH', virtualNodeCnt: 2 }], statement: "CONSISTENT_HASH over the same mqAll: adding clients moves queues only to them, removing clients moves only their queues.", why: "A queue goes to the first virtual node at or after its hash; other clients' virtual nodes do not move when one client's are added or removed." },
  { id: 'RA-05', name: 'answerDependsOnlyOnArguments', check: answerDependsOnlyOnArguments, statement: 'An allocation depends only on the arguments: the same client calling again with the same view (drawn in any order, then sorted as RebalanceImpl sorts it) gets the same answer, whatever other clients did in between.', why: 'The strategies are stateless functions of (currentCID, mqAll, cidAll); RebalanceImpl sorts both lists first, so the order the broker listed them in cannot matter.' },
  { id: 'RA-06', name: 'argumentsAreChecked', check: argumentsAreChecked, statement: 'With a strategy Java can construct, an empty currentCID, mqAll or cidAll throws IllegalArgumentException and a client not in cidAll gets []; a call that throws changes nothing.', why: 'AbstractAllocateMessageQueueStrategy.check runs first in every strategy but CONFIG (which the generators do not draw here); a strategy whose constructor throws answers that exception to every call instead.' },
  { id: 'RA-07', name: 'latestAllocationIsObserved', check: latestAllocationIsObserved, reads: ['allocations', 'views'], statement: "After a successful allocate the client's observed allocation and view are the answer and the arguments it used, and no other client's change.", why: "The system keeps each client's latest answer with its arguments, as a client's processQueueTable holds the queues of its latest rebalance; every other rule reads this observation, so it must be faithful." },
];
