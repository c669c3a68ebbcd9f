/**
 * Beliefs about RocketMQ tag filtering that it does not guarantee. The suite must find a counterexample to each by
 * generation and shrinking; a hazard that can no longer be found fails the run.
 */
import { javaStringHashCode } from '../../../model/java/java-string.js';
import { delivered, isBlank, specSubscription, type RocketmqFilterView } from './invariants.js';

/** A false belief with the check that refutes it and an explanation written from the trace. */
export interface RocketmqFilterHazard {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly check: (view: RocketmqFilterView) => string | undefined;
  readonly explain: (view: RocketmqFilterView, message: string) => string;
}

const show = (s: string | null): string => JSON.stringify(s);

/** The belief "a subscription to some tags makes the broker ship only messages with those tags". */
export const brokerShipsOnlySubscribedTags = (v: RocketmqFilterView): string | undefined => {
  const d = delivered(v);
  const subscription = d === undefined ? undefined : specSubscription(d.command.subscription);
  if (d === undefined || subscription === undefined || subscription.tagsSet.length === 0 || !d.verdict.broker) return undefined;
  const tags = d.command.tags;
  if (tags !== null && subscription.tagsSet.includes(tags)) return undefined;
  return `the broker shipped a message tagged ${show(tags)} (tagsCode ${d.verdict.tagsCode}) to the subscription ${show(d.command.subscription)}`;
};

/** One sentence: which tag collided with which subscribed tag, and what the client then did. */
export function explainCollision(v: RocketmqFilterView, message: string): string {
  const d = delivered(v);
  const subscription = d === undefined ? undefined : specSubscription(d.command.subscription);
  if (d === undefined || subscription === undefined) return message;
  const tags = d.command.tags;
  const partner = subscription.tagsSet.find((t) => javaStringHashCode(t) === d.verdict.tagsCode);
  const client = d.verdict.client ? `the client (own expression ${show(d.command.own)}) kept it` : `the client's own filter (${show(d.command.own)}) dropped it, and the pull's offset moves past it`;
  return partner === undefined
    ? `The broker shipped ${show(tags)} to ${show(d.command.subscription)} although no subscribed tag has its tagsCode ${d.verdict.tagsCode}; ${client}.`
    : `Tag ${show(tags)} collides with the subscribed tag ${show(partner)} (Java hashCode ${d.verdict.tagsCode} for both), so the broker, which compares only hash codes, shipped it; ${client}.`;
}

/** The belief "an expression that names no tag subscribes to everything, like `*`". */
export const blankExpressionSubscribesAll = (v: RocketmqFilterView): string | undefined => {
  const d = delivered(v);
  if (d === undefined || !isBlank(d.command.subscription) || d.verdict.broker) return undefined;
  return `the broker dropped a message tagged ${show(d.command.tags)} for the blank subscription ${show(d.command.subscription)}`;
}

/** One sentence: what the blank expression parsed to and what each side did. */
export function explainBlank(v: RocketmqFilterView, message: string): string {
  const d = delivered(v);
  if (d === undefined) return message;
  const client = d.verdict.client ? 'while the client filter, seeing no tags, would have kept it' : 'and the client filter dropped it too';
  return `${show(d.command.subscription)} is not null, "" or "*", so it parses to subString ${show(d.command.subscription)} with no tags and an empty codeSet: the broker matched the message tagged ${show(d.command.tags)} against no code and dropped it, ${client}.`;
}

/** The rocketmq.filter hazards. */
export const rocketmqFilterHazards: readonly RocketmqFilterHazard[] = [
  {
    id: 'RF-H1',
    name: 'brokerShipsOnlySubscribedTags',
    check: brokerShipsOnlySubscribedTags,
    explain: explainCollision,
    statement: 'A subscription to some tags makes the broker ship only messages carrying one of those tags.',
    why: "The broker compares only the tag's 32-bit hash code (the consume queue stores no tag string), so a tag whose Java hashCode collides with a subscribed one (Aa and BB are both 2112) is shipped too; the client's string check drops it, and the pull's offset has moved past it.",
  },
  {
    id: 'RF-H2',
    name: 'blankExpressionSubscribesAll',
    check: blankExpressionSubscribesAll,
    explain: explainBlank,
    statement: 'A tag expression that names no tag (only spaces, or spaces around "||") subscribes to every message, like "*".',
    why: 'Only null, "" and exactly "*" mean all; a blank expression parses without error to no tags with subString ≠ "*", so the broker\'s codeSet check matches nothing and the group receives no message at all, although the client filter (empty tagsSet) would keep everything.',
  },
];
