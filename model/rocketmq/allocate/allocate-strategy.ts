/**
 * Mirrors `org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy` (apache/rocketmq rocketmq-all-4.9.8):
 * the contract every queue-allocation strategy fulfils. Java throws `IllegalArgumentException`; the model returns
 * it as a value so that step functions never throw.
 */
import type { MessageQueue } from '../message-queue.js';

/** The outcome of one `allocate` call: the queues this consumer takes, or the exception Java would throw. */
export type AllocateResult =
  | { ok: true; queues: readonly MessageQueue[] }
  | { ok: false; error: 'IllegalArgumentException'; message: string };

/**
 * A queue-allocation strategy. Like Java, it does not sort `mqAll` or `cidAll`: the caller (RebalanceImpl) passes
 * them sorted, and the result depends on the order given.
 */
export interface AllocateStrategy {
  /** Java `getName()`, e.g. `AVG`, `MACHINE_ROOM_NEARBY-AVG`. */
  readonly name: string;
  /** The queues of `mqAll` that `currentCID` should consume, given every consumer id `cidAll` of the group. */
  allocate(group: string, currentCID: string, mqAll: readonly MessageQueue[], cidAll: readonly string[]): AllocateResult;
}

/** A successful allocation of `queues`. */
export function allocated(queues: readonly MessageQueue[]): AllocateResult {
  return { ok: true, queues };
}

/** The `IllegalArgumentException` Java would throw, with its message. */
export function illegalArgument(message: string): AllocateResult {
  return { ok: false, error: 'IllegalArgumentException', message };
}

/**
 * The outcome of constructing a strategy whose Java constructor can throw (e.g. a negative `virtualNodeCnt`),
 * returned as a value for the same reason as `AllocateResult`.
 */
export type StrategyResult =
  | { ok: true; strategy: AllocateStrategy }
  | { ok: false; error: 'IllegalArgumentException'; message: string };
