/**
 * The `rocketmq.group` system: one consumer group of RocketMQ push consumers (apache/rocketmq rocketmq-all-4.9.8) —
 * the brokers' group table with ONE subscription per topic, clients with their own subscriptions, heartbeats,
 * rebalances, pulls with broker and client tag filters, committed offsets — plus a delivery ledger that records
 * what happened to every produced message. Time is a logical clock that ticks once per successful command.
 */
import { match } from 'ts-pattern';
import { fail, ok } from '../../outcome.js';
import type { StepResult, SystemModel } from '../../system.js';
import type { ClientState } from './client-state.js';
import { rocketmqGroupCommandDocs, rocketmqGroupCommandSchema, type RocketmqGroupCommand } from './commands.js';
import { commitLogGrows } from './commit-log-grows.js';
import { runningClient, shutdownClient, startClient, existingClient } from './consumer-lifecycle.js';
import { sendHeartbeat } from './heartbeat.js';
import { observeRocketmqGroup, type RocketmqGroupObservation } from './observation.js';
import { produceMessage } from './produce.js';
import { DEFAULT_PULL_BATCH_SIZE, defaultPullQueue, pullQueue } from './pull.js';
import { queueKey } from './queue-key.js';
import { rebalanceClient } from './rebalance.js';
import { rocketmqGroupSetupSchema, type RocketmqGroupSetup } from './setup.js';
import { initialState, type RocketmqGroupState } from './state.js';
import { subscribeTopic, unsubscribeTopic } from './subscription.js';

type Result = StepResult<RocketmqGroupState>;

/** Runs `operation` on a running client, or answers MQClientException for one that is not. */
function withRunning(state: RocketmqGroupState, clientId: string, operation: (client: ClientState) => Result): Result {
  const found = runningClient(state, clientId);
  return found.ok ? operation(found.client) : { state, outcome: found.failure };
}

/** Runs `operation` on a started client (running or shut down), or answers MQClientException for one never started. */
function withStarted(state: RocketmqGroupState, clientId: string, operation: (client: ClientState) => Result): Result {
  const found = existingClient(state, clientId);
  return found.ok ? operation(found.client) : { state, outcome: found.failure };
}

/** `pull`: the named held queue, or the default one. */
function pull(state: RocketmqGroupState, clientId: string, client: ClientState, command: Extract<RocketmqGroupCommand, { type: 'pull' }>): Result {
  const key = command.queue === undefined ? defaultPullQueue(state, client) : queueKey(command.queue);
  if (key === undefined) return { state, outcome: fail('IllegalStateException', `pull: ${clientId} holds no message queue`) };
  return pullQueue(state, clientId, client, key, command.maxMsgs ?? DEFAULT_PULL_BATCH_SIZE);
}

/** One command at time `clock + 1`; a failure leaves the state (and the clock) unchanged. */
export function stepRocketmqGroup(state: RocketmqGroupState, command: RocketmqGroupCommand): Result {
  const now = state.clock + 1;
  const result = match(command)
    .with({ type: 'start' }, (c) => startClient(state, c.client, c.subscriptions, now))
    .with({ type: 'subscribe' }, (c) => withStarted(state, c.client, (client) => subscribeTopic(state, c.client, client, c.topic, c.expression, now)))
    .with({ type: 'unsubscribe' }, (c) => withStarted(state, c.client, (client) => unsubscribeTopic(state, c.client, client, c.topic, now)))
    .with({ type: 'heartbeat' }, (c) => withRunning(state, c.client, (client) => ({ state: sendHeartbeat(state, c.client, client, now), outcome: ok() })))
    .with({ type: 'rebalance' }, (c) => withRunning(state, c.client, (client) => ({ state: rebalanceClient(state, c.client, client, now), outcome: ok() })))
    .with({ type: 'pull' }, (c) => withRunning(state, c.client, (client) => pull(state, c.client, client, c)))
    .with({ type: 'shutdown' }, (c) => shutdownClient(state, c.client, now))
    .with({ type: 'produce' }, (c) => produceMessage(state, c, now))
    .with({ type: 'commitLogGrows' }, (c) => commitLogGrows(state, c.broker))
    .exhaustive();
  if (!result.outcome.ok) return { state, outcome: result.outcome };
  return { state: { ...result.state, clock: now }, outcome: result.outcome };
}

/** The reference model of `rocketmq.group`. */
export const rocketmqGroup: SystemModel<RocketmqGroupSetup, RocketmqGroupState, RocketmqGroupCommand, RocketmqGroupObservation> = {
  id: 'rocketmq.group',
  summary: "One consumer group: brokers' group table, clients with own subscriptions, heartbeats, rebalance, pull, offsets, delivery ledger.",
  setupSchema: rocketmqGroupSetupSchema,
  commandSchema: rocketmqGroupCommandSchema,
  commands: rocketmqGroupCommandDocs,
  exampleSetup: {
    group: 'myconsumerGroup',
    brokers: ['broker-a'],
    topics: { TopicTest: 4 },
    strategy: { name: 'AVG' },
    messageModel: 'CLUSTERING',
    consumeFromWhere: 'CONSUME_FROM_LAST_OFFSET',
    consumeTimestamp: 0,
    postSubscriptionWhenPull: false,
  },
  init: initialState,
  step: stepRocketmqGroup,
  observe: observeRocketmqGroup,
};
