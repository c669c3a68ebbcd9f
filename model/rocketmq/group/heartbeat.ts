/**
 * `MQClientInstance.sendHeartbeatToAllBroker` (apache/rocketmq rocketmq-all-4.9.8): a client's consumer data —
 * its own subscriptions with their subVersions — is registered on every broker (`ClientManageProcessor.heartBeat`
 * → `ConsumerManager.registerConsumer`). The `%RETRY%group` subscription every CLUSTERING heartbeat also carries
 * is left out: no scenario produces to retry topics.
 */
import type { ClientState } from './client-state.js';
import { registerConsumer } from './consumer-manager.js';
import type { RocketmqGroupState } from './state.js';

/** The state after `clientId` (holding `client`, its newest state) heartbeats at time `now`. */
export function sendHeartbeat(state: RocketmqGroupState, clientId: string, client: ClientState, now: number): RocketmqGroupState {
  return {
    ...state,
    registry: registerConsumer(state.registry, clientId, client.subscriptions, now),
    clients: { ...state.clients, [clientId]: { ...client, heartbeatAt: now } },
  };
}
