/**
 * Mirrors the TAG branch of `org.apache.rocketmq.broker.filter.ExpressionMessageFilter.isMatchedByConsumeQueue`
 * (apache/rocketmq rocketmq-all-4.9.8): the broker's filter on a pull, applied with the group-level subscription
 * (`ConsumerGroupInfo.findSubscriptionData(topic)`) to each consume-queue entry's tagsCode.
 */
import { SUB_ALL, type SubscriptionData } from './subscription-data.js';

/** What the broker filter reads from a subscription (`classFilterMode` defaults to false, as in Java). */
export type BrokerFilterSubscription = Pick<SubscriptionData, 'subString' | 'codeSet'> & {
  readonly classFilterMode?: boolean;
};

/**
 * Whether the broker lets an entry with `tagsCode` through, in Java's order: no subscription ⇒ true; class
 * filter mode ⇒ true; tagsCode `null` (the store could not read the consume-queue extension) ⇒ true; subString
 * `"*"` ⇒ true; else `codeSet` contains the tagsCode (compared as a Java int). So a subscription with tags whose
 * code is missing, or with an empty codeSet (subString `" "`), filters the entry out; an untagged message
 * (tagsCode 0) passes only if some subscribed tag hashes to 0.
 */
export function brokerFilterMatches(subscription: BrokerFilterSubscription | null, tagsCode: number | null): boolean {
  if (subscription === null) return true;
  if (subscription.classFilterMode === true) return true;
  if (tagsCode === null) return true;
  if (subscription.subString === SUB_ALL) return true;
  // Java: codeSet.contains(tagsCode.intValue()) — the stored long truncated to an int.
  return subscription.codeSet.includes(tagsCode | 0);
}
