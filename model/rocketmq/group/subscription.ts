/**
 * Changing a started client's own subscriptions, after `DefaultMQPushConsumerImpl.subscribe` / `unsubscribe`
 * (apache/rocketmq rocketmq-all-4.9.8): `subscribe` rebuilds the topic's data with a fresh subVersion and heartbeats
 * at once; `unsubscribe` only forgets the topic locally — the broker's table keeps it until the client's next
 * heartbeat, and the client keeps the topic's queues until its next rebalance. Neither checks the service state: after
 * `shutdown()` both still change the client's own table, and `subscribe`'s heartbeat finds no consumer left in the
 * client instance to send (`sendHeartbeatToAllBroker` returns, "no consumer and no producer"), so the brokers see
 * nothing.
 */
import { ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import type { ClientState } from './client-state.js';
import { buildVersioned } from './consumer-lifecycle.js';
import { sendHeartbeat } from './heartbeat.js';
import { recordOf } from './own-key.js';
import type { RocketmqGroupState } from './state.js';

type Result = StepResult<RocketmqGroupState>;

/** `subscribe(topic, expression)` by a started client at time `now`: a running one heartbeats, a shut-down one cannot. */
export function subscribeTopic(state: RocketmqGroupState, clientId: string, client: ClientState, topic: string, expression: string, now: number): Result {
  const built = buildVersioned(topic, expression, now);
  if ('ok' in built) return { state, outcome: built };
  const changed: ClientState = { ...client, subscriptions: { ...client.subscriptions, [topic]: built }, subscriptionChangedAt: now };
  if (client.serviceState !== 'RUNNING') return { state: { ...state, clients: { ...state.clients, [clientId]: changed } }, outcome: ok() };
  return { state: sendHeartbeat(state, clientId, changed, now), outcome: ok() };
}

/** `unsubscribe(topic)` by a started client at time `now`; a topic it does not subscribe changes nothing. */
export function unsubscribeTopic(state: RocketmqGroupState, clientId: string, client: ClientState, topic: string, now: number): Result {
  if (!Object.hasOwn(client.subscriptions, topic)) return { state, outcome: ok() };
  const subscriptions = recordOf(Object.entries(client.subscriptions).filter(([t]) => t !== topic));
  const changed: ClientState = { ...client, subscriptions, subscriptionChangedAt: now };
  return { state: { ...state, clients: { ...state.clients, [clientId]: changed } }, outcome: ok() };
}
