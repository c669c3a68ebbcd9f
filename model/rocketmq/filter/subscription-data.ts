/**
 * Mirrors `org.apache.rocketmq.common.filter.FilterAPI.buildSubscriptionData` and the TAG part of
 * `org.apache.rocketmq.common.protocol.heartbeat.SubscriptionData` (apache/rocketmq rocketmq-all-4.9.8): how a
 * consumer's tag expression (`"TagA || TagB"`, `"*"`) becomes the subscription sent to the broker.
 */
import { javaSplit, javaStringHashCode, javaTrim } from '../../java/java-string.js';

/** `SubscriptionData.SUB_ALL`: the expression that matches every message. */
export const SUB_ALL = '*';

/**
 * The TAG-type subscription of one topic. Java keeps `tagsSet`/`codeSet` in `HashSet`s (hash order); the model
 * keeps insertion order, deduplicated, so that results are deterministic and readable.
 */
export interface SubscriptionData {
  readonly topic: string;
  /** `"*"` for "all", else the expression exactly as given (untrimmed). */
  readonly subString: string;
  /** The trimmed, non-empty tags; empty for `"*"`. */
  readonly tagsSet: readonly string[];
  /** `String.hashCode` of each tag, deduplicated (so colliding tags like `Aa`/`BB` share one code). */
  readonly codeSet: readonly number[];
}

/** `buildSubscriptionData`'s outcome; Java throws a plain `java.lang.Exception` when the split yields no parts. */
export type BuildSubscriptionResult =
  | { ok: true; data: SubscriptionData }
  | { ok: false; error: 'Exception'; message: 'subString split error' };

/**
 * `FilterAPI.buildSubscriptionData(topic, subString)`:
 * - `null`, `""` or exactly `"*"` ⇒ subString `"*"`, no tags (match all). Only the exact string: `" * "` and
 *   `"* || TagA"` are not "all"; they contain the literal tag `*`.
 * - otherwise Java `subString.split("\\|\\|")` (trailing empty parts dropped, a leading empty part kept), each part
 *   Java-trimmed, empty ones skipped; the subString is kept as given.
 * - zero parts (`"||"`, `"||||"`) ⇒ `Exception("subString split error")`.
 * - parts that all trim to empty (`" "`, `" || "`) give no error and no tags, with subString ≠ `"*"`: the broker
 *   then matches no message at all (see broker-filter.ts) while the client filter lets everything through.
 */
export function buildSubscriptionData(topic: string, subString: string | null): BuildSubscriptionResult {
  if (subString === null || subString === SUB_ALL || subString.length === 0) {
    return { ok: true, data: { topic, subString: SUB_ALL, tagsSet: [], codeSet: [] } };
  }
  const parts = javaSplit(subString, '||');
  if (parts.length === 0) return { ok: false, error: 'Exception', message: 'subString split error' };
  const tagsSet: string[] = [];
  const codeSet: number[] = [];
  for (const part of parts) {
    const tag = javaTrim(part);
    if (tag.length === 0) continue;
    if (!tagsSet.includes(tag)) tagsSet.push(tag);
    const code = javaStringHashCode(tag);
    if (!codeSet.includes(code)) codeSet.push(code);
  }
  return { ok: true, data: { topic, subString, tagsSet, codeSet } };
}
