/**
 * Mirrors `MessageExtBrokerInner.tagsString2tagsCode` as called from `CommitLog.checkMessageAndReturnSize`
 * (apache/rocketmq rocketmq-all-4.9.8): the tags code the store writes into the consume queue for each message,
 * which the broker-side tag filter compares.
 */
import { javaStringHashCode } from '../../java/java-string.js';

/**
 * A message's tagsCode: Java `String.hashCode` of the whole tag string (a tag `"A||B"` is hashed as is), or 0
 * when the message has no tag or an empty one. Collisions are real: `Aa` and `BB` both give 2112, and a
 * non-empty tag can hash to 0 like an untagged message. (Delayed messages in the schedule topic store their
 * delivery time here instead; the model does not cover that topic.)
 */
export function tagsCode(tag: string | null | undefined): number {
  if (tag == null || tag.length === 0) return 0;
  return javaStringHashCode(tag);
}
