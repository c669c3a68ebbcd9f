/**
 * `SubscriptionData` as the client keeps it and the heartbeat carries it (apache/rocketmq rocketmq-all-4.9.8,
 * `common/.../protocol/heartbeat/SubscriptionData`): the TAG filter of one topic plus `subVersion`, the client's
 * clock when the data was built or last bumped. The broker keeps the entry with the highest subVersion.
 */
import type { SubscriptionData } from '../filter/subscription-data.js';

/** One topic's subscription with its version (the topic is the key of the table holding it). */
export interface VersionedSubscription {
  readonly subString: string;
  readonly tagsSet: readonly string[];
  readonly codeSet: readonly number[];
  readonly subVersion: number;
}

/** topic → subscription, as in `subscriptionInner` (client) and `subscriptionTable` (broker). */
export type SubscriptionTable = Readonly<Record<string, VersionedSubscription>>;

/** Built data stamped with the clock. */
export function versioned(data: SubscriptionData, subVersion: number): VersionedSubscription {
  return { subString: data.subString, tagsSet: data.tagsSet, codeSet: data.codeSet, subVersion };
}
