/**
 * Mirrors the tag re-filter in `org.apache.rocketmq.client.impl.consumer.PullAPIWrapper.processPullResult`
 * (apache/rocketmq rocketmq-all-4.9.8): the pulling client checks each found message against its own
 * subscription, by tag string (the broker compared only hash codes, and possibly with another client's tags).
 */
import type { SubscriptionData } from './subscription-data.js';

/** What the client filter reads from the client's own subscription (`classFilterMode` defaults to false). */
export type ClientFilterSubscription = Pick<SubscriptionData, 'tagsSet'> & { readonly classFilterMode?: boolean };

/**
 * Whether the client keeps a pulled message with tag `tag`: an empty tagsSet (`"*"`, or an expression of blanks)
 * or class filter mode keeps everything; otherwise keep iff the message has a tag (`null` is "no tag") and the
 * tag string is in tagsSet. An empty-string tag is never in tagsSet, so it is dropped.
 */
export function clientFilterMatches(subscription: ClientFilterSubscription, tag: string | null | undefined): boolean {
  if (subscription.tagsSet.length === 0 || subscription.classFilterMode === true) return true;
  return tag != null && subscription.tagsSet.includes(tag);
}
