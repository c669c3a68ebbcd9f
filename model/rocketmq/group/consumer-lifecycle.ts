/**
 * Starting and shutting down a push consumer, after `DefaultMQPushConsumerImpl.start` / `shutdown`
 * (apache/rocketmq rocketmq-all-4.9.8). `start` builds the subscriptions (`copySubscription`), registers the client
 * and heartbeats (`sendHeartbeatToAllBrokerWithLock`); its first rebalance is a separate step. `shutdown` persists
 * the held queues' offsets, unregisters the client from the brokers and drops every queue.
 */
import { fail, ok, type Failure } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { buildSubscriptionData } from '../filter/subscription-data.js';
import { startedClient, type ClientState } from './client-state.js';
import { unregisterConsumer } from './consumer-manager.js';
import { sendHeartbeat } from './heartbeat.js';
import { persist } from './offset-store.js';
import { ownValue, recordOf } from './own-key.js';
import { CLIENTS_MAX } from '../limits.js';
import type { RocketmqGroupState } from './state.js';
import { versioned, type VersionedSubscription } from './versioned-subscription.js';

type Result = StepResult<RocketmqGroupState>;

/** `makeSureStateOK`: the client must have been started and not shut down. */
export function runningClient(state: RocketmqGroupState, clientId: string): { ok: true; client: ClientState } | { ok: false; failure: Failure } {
  const client = ownValue(state.clients, clientId);
  if (client === undefined || client.serviceState !== 'RUNNING') {
    const serviceState = client === undefined ? 'CREATE_JUST' : client.serviceState;
    return { ok: false, failure: fail('MQClientException', `The consumer service state not OK, ${serviceState} (client ${clientId})`) };
  }
  return { ok: true, client };
}

/**
 * A client that has been started, running or shut down: `subscribe` and `unsubscribe` do not check the service
 * state. A client id never started answers MQClientException (CREATE_JUST): the model has no consumer object before
 * `start`, whose subscriptions stand for the calls made before it.
 */
export function existingClient(state: RocketmqGroupState, clientId: string): { ok: true; client: ClientState } | { ok: false; failure: Failure } {
  const client = ownValue(state.clients, clientId);
  if (client === undefined) return { ok: false, failure: fail('MQClientException', `The consumer service state not OK, CREATE_JUST (client ${clientId})`) };
  return { ok: true, client };
}

/** `FilterAPI.buildSubscriptionData` for one topic at time `now`; Java wraps a failure as "subscription exception". */
export function buildVersioned(topic: string, expression: string, now: number): VersionedSubscription | Failure {
  const built = buildSubscriptionData(topic, expression);
  if (!built.ok) return fail('MQClientException', `subscription exception: ${built.message} (${topic}: ${JSON.stringify(expression)})`);
  return versioned(built.data, now);
}

/**
 * `start()` of a new client with its subscriptions at time `now`: register and heartbeat. A client starts once. The
 * model serves at most `CLIENTS_MAX` clients per run (a documented limit): one more is refused, nothing changes.
 */
export function startClient(state: RocketmqGroupState, clientId: string, expressions: Readonly<Record<string, string>>, now: number): Result {
  const existing = ownValue(state.clients, clientId);
  if (existing !== undefined) {
    const serviceState = existing.serviceState;
    return { state, outcome: fail('MQClientException', `The PushConsumer service state not OK, maybe started once, ${serviceState}`) };
  }
  if (Object.keys(state.clients).length >= CLIENTS_MAX) {
    return { state, outcome: fail('MQClientException', `mqspec limit: at most ${CLIENTS_MAX} clients per rocketmq.group run (client ${clientId})`) };
  }
  const subscriptions: [string, VersionedSubscription][] = [];
  for (const [topic, expression] of Object.entries(expressions)) {
    const built = buildVersioned(topic, expression, now);
    if ('ok' in built) return { state, outcome: built };
    subscriptions.push([topic, built]);
  }
  return { state: sendHeartbeat(state, clientId, startedClient(recordOf(subscriptions), now), now), outcome: ok() };
}

/** `shutdown()` at time `now`: persist every held queue's offset, unregister, drop the queues. Idempotent. */
export function shutdownClient(state: RocketmqGroupState, clientId: string, now: number): Result {
  const client = ownValue(state.clients, clientId);
  // Java's shutdown does nothing in CREATE_JUST or SHUTDOWN_ALREADY.
  if (client === undefined || client.serviceState !== 'RUNNING') return { state, outcome: ok() };
  const stores = persist(state, client, Object.keys(client.processQueues));
  const stopped: ClientState = { ...client, serviceState: 'SHUTDOWN_ALREADY', processQueues: {}, localOffsets: stores.localOffsets };
  return {
    state: {
      ...state,
      committed: stores.committed,
      registry: unregisterConsumer(state.registry, clientId, now),
      clients: { ...state.clients, [clientId]: stopped },
    },
    outcome: ok(),
  };
}
