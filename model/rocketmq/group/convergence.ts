/**
 * When a group has settled: RocketMQ has no such notion — clients heartbeat and rebalance on their own timers — so
 * the model makes it explicit. A group has converged when every running client has heartbeated since it last
 * changed its subscriptions or their subVersions (so the brokers hold what it subscribes) and has rebalanced since
 * the last NOTIFY_CONSUMER_IDS_CHANGED and since its own last subscription change (so its queues follow the
 * current client list and its current topics). Then every client allocates from the same cidAll and mqAll.
 */
import type { ClientState } from './client-state.js';
import type { RocketmqGroupObservation } from './observation.js';

/** The latest subVersion among the client's own subscriptions (0 with none). */
function latestSubVersion(client: ClientState): number {
  let latest = 0;
  for (const sub of Object.values(client.subscriptions)) latest = Math.max(latest, sub.subVersion);
  return latest;
}

/** Why one running client is not settled, or undefined when it is. */
export function unsettledReason(observation: RocketmqGroupObservation, client: ClientState): string | undefined {
  const changed = Math.max(client.subscriptionChangedAt, latestSubVersion(client));
  if (client.heartbeatAt < changed) return `has not heartbeated since its subscription changed at ${changed}`;
  const notified = observation.group?.notifiedAt ?? 0;
  const mustRebalanceAfter = Math.max(notified, client.subscriptionChangedAt);
  if (client.rebalancedAt < mustRebalanceAfter) return `has not rebalanced since ${mustRebalanceAfter}`;
  return undefined;
}

/** True when every running client has heartbeated and rebalanced since the changes that concern it. */
export function hasConverged(observation: RocketmqGroupObservation): boolean {
  for (const client of Object.values(observation.clients)) {
    if (client.serviceState === 'RUNNING' && unsettledReason(observation, client) !== undefined) return false;
  }
  return true;
}
