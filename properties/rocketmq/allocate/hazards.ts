/**
 * Beliefs about `rocketmq.allocate` that RocketMQ does not guarantee. The suite must find a counterexample to each
 * by generation and shrinking; a hazard that can no longer be found fails the run.
 */
import type { MessageQueue } from '../../../model/rocketmq/message-queue.js';
import { messageQueueKey } from '../../../model/rocketmq/message-queue.js';
import { own, ownershipProblem, showList, showQueue, successfulCall, type RocketmqAllocateView } from './invariants.js';

/** A false belief with the check that refutes it and an explanation written from the trace. */
export interface RocketmqAllocateHazard {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly check: (view: RocketmqAllocateView) => string | undefined;
  readonly explain: (view: RocketmqAllocateView, message: string) => string;
}

/** The group as the clients see it: every client any allocated client's view lists. */
function groupMembers(v: RocketmqAllocateView): string[] {
  const members = new Set<string>();
  for (const view of Object.values(v.after.views)) for (const cid of view.cidAll) members.add(cid);
  return [...members];
}

/**
 * The belief "however the clients' views differ, once every client of the group has allocated, each queue has
 * exactly one owner" — for clients that all see the same mqAll.
 */
export const everyQueueOneOwnerAcrossViews = (v: RocketmqAllocateView): string | undefined => {
  const members = groupMembers(v);
  if (members.length === 0 || !members.every((cid) => own(v.after.allocations, cid) !== undefined)) return undefined;
  const mqAlls = new Set(members.map((cid) => JSON.stringify(own(v.after.views, cid)?.mqAll.map(messageQueueKey))));
  if (mqAlls.size !== 1) return undefined;
  const mqAll = own(v.after.views, members[0] ?? '')?.mqAll ?? [];
  const problem = ownershipProblem(mqAll, members.map((cid) => [cid, own(v.after.allocations, cid) ?? []] as const));
  return problem === undefined ? undefined : `every client of the group ${showList(members)} has allocated, yet ${problem}`;
};

/** The queue a violation names: the first queue of mqAll without exactly one owner. */
function troubledQueue(v: RocketmqAllocateView, members: readonly string[]): { queue: MessageQueue; owners: string[] } | undefined {
  const mqAll = own(v.after.views, members[0] ?? '')?.mqAll ?? [];
  for (const queue of mqAll) {
    const key = messageQueueKey(queue);
    const owners = members.filter((cid) => (own(v.after.allocations, cid) ?? []).some((mq) => messageQueueKey(mq) === key));
    if (owners.length !== 1) return { queue, owners };
  }
  return undefined;
}

/** The step at which a client made its latest successful call. */
function lastCallStep(v: RocketmqAllocateView, cid: string): number | undefined {
  for (let i = v.history.length - 1; i >= 0; i--) {
    const step = v.history[i];
    if (step !== undefined && successfulCall(step)?.cid === cid) return step.index;
  }
  return undefined;
}

/** `a`, `a and b`, `a, b and c`. */
const sentenceList = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`);

/** One sentence from the trace: which queue got two owners or none, from which views. */
export function explainOwnership(v: RocketmqAllocateView, message: string): string {
  const members = groupMembers(v);
  const trouble = troubledQueue(v, members);
  if (trouble === undefined) return message;
  const byStep = (cids: readonly string[]): string[] => [...cids].sort((a, b) => (lastCallStep(v, a) ?? 0) - (lastCallStep(v, b) ?? 0));
  const view = (cid: string): string => `cidAll ${showList([...(own(v.after.views, cid)?.cidAll ?? [])])}`;
  const step = (cid: string): string => `step ${lastCallStep(v, cid) ?? '?'}`;
  const queue = showQueue(trouble.queue);
  if (trouble.owners.length > 1) {
    const took = byStep(trouble.owners).map((cid) => `${cid} took it at ${step(cid)} with ${view(cid)}`);
    return `${queue} has ${trouble.owners.length} owners because the clients' views differ: ${sentenceList(took)}.`;
  }
  const dealt = byStep(members).map((cid) => `${cid} (${step(cid)}, ${view(cid)})`);
  return `${queue} has no owner because the clients' views differ: ${sentenceList(dealt)} each dealt it to another client.`;
}

/** The rocketmq.allocate hazards. */
export const rocketmqAllocateHazards: readonly RocketmqAllocateHazard[] = [
  {
    id: 'RA-H1',
    name: 'everyQueueOneOwnerAcrossViews',
    check: everyQueueOneOwnerAcrossViews,
    explain: explainOwnership,
    statement: 'Clients of a group that allocate with different cidAll views (as during a rebalance) still give each queue exactly one owner.',
    why: "Each client allocates alone with the client list it fetched; while a join or leave propagates, two clients' lists differ, so both can count themselves a queue's owner (consumed twice) or both leave it to the other (not consumed until the next rebalance).",
  },
];
