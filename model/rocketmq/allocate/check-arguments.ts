/**
 * Mirrors `AbstractAllocateMessageQueueStrategy.check` (apache/rocketmq rocketmq-all-4.9.8): the argument checks
 * shared by every strategy except `AllocateMessageQueueByConfig`, which skips them.
 */
import type { MessageQueue } from '../message-queue.js';
import { allocated, illegalArgument, type AllocateResult } from './allocate-strategy.js';

/**
 * Java's checks, in Java's order: empty currentCID, empty mqAll, empty cidAll (each an `IllegalArgumentException`),
 * then membership: currentCID not in cidAll ⇒ Java logs "[BUG] … not in cidAll" and the strategy returns `[]`.
 * Returns the result to short-circuit with, or `null` when the strategy should go on and allocate.
 */
export function checkAllocateArguments(
  currentCID: string,
  mqAll: readonly MessageQueue[] | null | undefined,
  cidAll: readonly string[] | null | undefined,
): AllocateResult | null {
  // StringUtils.isEmpty / CollectionUtils.isEmpty treat null and empty alike; null is accepted here for callers
  // that model Java's nulls.
  if (currentCID.length === 0) return illegalArgument('currentCID is empty');
  if (mqAll == null || mqAll.length === 0) return illegalArgument('mqAll is null or mqAll empty');
  if (cidAll == null || cidAll.length === 0) return illegalArgument('cidAll is null or cidAll empty');
  if (!cidAll.includes(currentCID)) return allocated([]);
  return null;
}

/**
 * Java's checks, then the strategy's own choice for a valid call by a listed client: `choose` gets the caller's
 * index in `cidAll` (first occurrence, as Java's `indexOf`). Every strategy that cannot fail after the checks is
 * this plus its choice.
 */
export function allocateChecked(
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
  choose: (index: number) => readonly MessageQueue[],
): AllocateResult {
  return checkAllocateArguments(currentCID, mqAll, cidAll) ?? allocated(choose(cidAll.indexOf(currentCID)));
}
