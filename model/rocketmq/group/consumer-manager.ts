/**
 * The broker's consumer table for the scenario's group, after `ConsumerManager.registerConsumer` /
 * `unregisterConsumer` (apache/rocketmq rocketmq-all-4.9.8). Besides the `ConsumerGroupInfo` it records when the
 * broker last told the group's clients `NOTIFY_CONSUMER_IDS_CHANGED` (a CHANGE event), on the logical clock: a
 * client that has not rebalanced since then may still work from an old view.
 *
 * One table stands for every broker: in the modelled cluster every topic lives on every broker, so each client's
 * route table lists every broker and `sendHeartbeatToAllBroker` / `unregisterClient` reach all of them in the same
 * order; the brokers' tables are therefore identical and `findConsumerIdList` answers the same on any of them.
 */
import {
  emptyGroupInfo,
  unregisterChannel,
  updateChannel,
  updateSubscription,
  type ConsumerGroupInfo,
} from './consumer-group-info.js';
import type { SubscriptionTable } from './versioned-subscription.js';

/** The group's entry in `consumerTable` (null when absent) and its notification clock. */
export interface GroupRegistry {
  readonly info: ConsumerGroupInfo | null;
  /** Logical time of the last CHANGE notification (0: never). */
  readonly notifiedAt: number;
  /** Logical time the channel table last changed (a client joined or left; 0: never). */
  readonly membershipChangedAt: number;
}

/** No group registered yet. */
export const emptyRegistry: GroupRegistry = { info: null, notifiedAt: 0, membershipChangedAt: 0 };

/**
 * `registerConsumer` (a heartbeat's consumer data): create the group if absent, `updateChannel`, then
 * `updateSubscription`; if either changed, every client of the group is notified (CHANGE).
 */
export function registerConsumer(registry: GroupRegistry, clientId: string, subList: SubscriptionTable, now: number): GroupRegistry {
  const channel = updateChannel(registry.info ?? emptyGroupInfo, clientId);
  const subscription = updateSubscription(channel.info, subList);
  const changed = channel.changed || subscription.changed;
  return {
    info: subscription.info,
    notifiedAt: changed ? now : registry.notifiedAt,
    membershipChangedAt: channel.changed ? now : registry.membershipChangedAt,
  };
}

/**
 * `unregisterConsumer` (a client's shutdown): the channel leaves; a group left without channels is removed from the
 * consumer table, subscriptions and all; the remaining clients are notified either way.
 */
export function unregisterConsumer(registry: GroupRegistry, clientId: string, now: number): GroupRegistry {
  if (registry.info === null) return registry;
  const left = unregisterChannel(registry.info, clientId);
  return {
    info: left.info.channels.length === 0 ? null : left.info,
    notifiedAt: now,
    membershipChangedAt: left.changed ? now : registry.membershipChangedAt,
  };
}
