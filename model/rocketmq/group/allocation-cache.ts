/**
 * A memo of `AllocateMessageQueueStrategy.allocate` results. Strategies are pure functions of (strategy, group,
 * client, mqAll, cidAll), and CONSISTENT_HASH rebuilds an MD5 hash ring on every call, so the model remembers
 * answers by value. Deterministic: a hit returns exactly what the call would.
 */
import type { AllocateResult } from '../allocate/allocate-strategy.js';
import { createStrategy, type StrategySpec } from '../allocate/strategies.js';
import type { MessageQueue } from '../message-queue.js';

/** Entries kept before the memo starts afresh (scenarios are small; this only bounds memory). */
const LIMIT = 50_000;

const answers = new Map<string, AllocateResult>();
const specKeys = new WeakMap<StrategySpec, string>();
const queueListKeys = new WeakMap<readonly MessageQueue[], string>();

function specKey(spec: StrategySpec): string {
  let key = specKeys.get(spec);
  if (key === undefined) {
    key = JSON.stringify(spec);
    specKeys.set(spec, key);
  }
  return key;
}

function queueListKey(mqAll: readonly MessageQueue[]): string {
  let key = queueListKeys.get(mqAll);
  if (key === undefined) {
    key = JSON.stringify(mqAll.map((mq) => [mq.topic, mq.brokerName, mq.queueId]));
    queueListKeys.set(mqAll, key);
  }
  return key;
}

/** `strategy.allocate(group, clientId, mqAll, cidAll)` for the strategy `spec` describes, or its construction error. */
export function allocateMemo(spec: StrategySpec, group: string, clientId: string, mqAll: readonly MessageQueue[], cidAll: readonly string[]): AllocateResult {
  const key = JSON.stringify([specKey(spec), group, clientId, queueListKey(mqAll), cidAll]);
  const cached = answers.get(key);
  if (cached !== undefined) return cached;
  const strategy = createStrategy(spec);
  const answer: AllocateResult = strategy.ok ? strategy.strategy.allocate(group, clientId, mqAll, cidAll) : strategy;
  if (answers.size >= LIMIT) answers.clear();
  answers.set(key, answer);
  return answer;
}
