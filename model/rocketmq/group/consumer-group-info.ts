/**
 * The broker's record of one consumer group, after `ConsumerGroupInfo` (apache/rocketmq rocketmq-all-4.9.8,
 * `broker/.../client/ConsumerGroupInfo`): ONE subscription per topic for the whole group, and the channel table
 * of connected clients. `updateSubscription` is the heart of the "subscriptions must be consistent" rule: the
 * sender's topic set replaces the group's, and a topic's filter changes only for a higher subVersion.
 */
import { ownValue, recordOf } from './own-key.js';
import type { SubscriptionTable, VersionedSubscription } from './versioned-subscription.js';

/** One group's broker-side state. */
export interface ConsumerGroupInfo {
  /** topic → the group-level subscription (`subscriptionTable`). */
  readonly subscriptionTable: SubscriptionTable;
  /** Client ids of the channel table, in connection order (Java's map has no order; clients sort). */
  readonly channels: readonly string[];
}

/** A group with no channel and no subscription yet (`new ConsumerGroupInfo`). */
export const emptyGroupInfo: ConsumerGroupInfo = { subscriptionTable: {}, channels: [] };

/** The result of an update: the new record and whether it counts as a change (which notifies every client). */
export interface GroupUpdate {
  readonly info: ConsumerGroupInfo;
  readonly changed: boolean;
}

/** `updateChannel`: a client not yet in the channel table is added, and that is a change. */
export function updateChannel(info: ConsumerGroupInfo, clientId: string): GroupUpdate {
  if (info.channels.includes(clientId)) return { info, changed: false };
  return { info: { ...info, channels: [...info.channels, clientId] }, changed: true };
}

/**
 * `updateSubscription(subList)`: every sent topic that is absent is put (a change); a present one is replaced only
 * when the sent subVersion is strictly higher (not counted as a change); then every topic the sender did not send
 * is removed (a change). So the topic set becomes the sender's, whatever the other clients subscribe.
 */
export function updateSubscription(info: ConsumerGroupInfo, subList: SubscriptionTable): GroupUpdate {
  let changed = false;
  const entries: [string, VersionedSubscription][] = [];
  for (const [topic, sent] of Object.entries(subList)) {
    const old = ownValue(info.subscriptionTable, topic);
    if (old === undefined) {
      entries.push([topic, sent]);
      changed = true;
    } else {
      entries.push([topic, sent.subVersion > old.subVersion ? sent : old]);
    }
  }
  const table = recordOf(entries);
  for (const topic of Object.keys(info.subscriptionTable)) {
    if (!Object.hasOwn(subList, topic)) changed = true;
  }
  return { info: { ...info, subscriptionTable: table }, changed };
}

/** `unregisterChannel`: the client leaves the channel table; its subscriptions stay in the table. */
export function unregisterChannel(info: ConsumerGroupInfo, clientId: string): GroupUpdate {
  if (!info.channels.includes(clientId)) return { info, changed: false };
  return { info: { ...info, channels: info.channels.filter((c) => c !== clientId) }, changed: true };
}

/** `getAllClientId`: every client of the channel table, whatever it subscribes (what clients use as cidAll). */
export function getAllClientId(info: ConsumerGroupInfo): readonly string[] {
  return info.channels;
}

/** `findSubscriptionData(topic)`: the group-level subscription the broker filters pulls with. */
export function findSubscriptionData(info: ConsumerGroupInfo, topic: string): VersionedSubscription | undefined {
  return ownValue(info.subscriptionTable, topic);
}
