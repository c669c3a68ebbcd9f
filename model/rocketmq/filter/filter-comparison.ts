/**
 * How `rocketmq.filter` implementations are compared: `SubscriptionData.tagsSet` and `codeSet` are Java `HashSet`s,
 * whose iteration order is unspecified, so a subscription's tags and codes are compared as sets (sorted here).
 */
import { ok, type Outcome } from '../../outcome.js';
import type { Comparison } from '../../system.js';
import { isRecord } from '../../json.js';
import type { RocketmqFilterCommand } from './filter-commands.js';
import type { RocketmqFilterState } from './filter-system.js';

/** A copy of an array sorted in code-point (strings) or numeric order; anything else as it is. */
function sortedSet(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return [...(value as unknown[])].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

/** buildSubscriptionData's answer with its sets sorted. */
function canonicalSubscription(outcome: Outcome): Outcome {
  if (!outcome.ok || !isRecord(outcome.value)) return outcome;
  return ok({ ...outcome.value, tagsSet: sortedSet(outcome.value['tagsSet']), codeSet: sortedSet(outcome.value['codeSet']) });
}

/** The comparison of `rocketmq.filter`. */
export const rocketmqFilterComparison: Comparison<RocketmqFilterCommand, RocketmqFilterState> = {
  outcome: (command, outcome) => (command.type === 'buildSubscriptionData' ? canonicalSubscription(outcome) : outcome),
};
