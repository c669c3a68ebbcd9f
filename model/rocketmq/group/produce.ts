/**
 * The environment's `produce`: a producer sends one message to a chosen queue (`send(msg, mq)`) and the broker
 * stores it (apache/rocketmq rocketmq-all-4.9.8 `SendMessageProcessor` → `CommitLog` → `ConsumeQueue`), stamped
 * with the logical clock. The ledger gets an entry for it. `count` sends a batch of alike messages
 * (`send(Collection<Message>, mq)`): they get consecutive offsets, and the answer is the first one, as in Java.
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { appendMessages, maxOffset, storedMessage } from './consume-queue.js';
import { recordProduced } from './delivery-ledger.js';
import { ownValue } from './own-key.js';
import { queueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';

/** What the producer asked for. */
export interface ProduceRequest {
  readonly topic: string;
  readonly broker?: string | undefined;
  readonly queueId: number;
  readonly tags?: string | undefined;
  /** Messages in the batch (default 1). */
  readonly count?: number | undefined;
}

/** Stores the message (or batch) at time `now`; answers `{queue, queueOffset}` like `SendResult`. */
export function produceMessage(state: RocketmqGroupState, request: ProduceRequest, now: number): StepResult<RocketmqGroupState> {
  const brokerName = request.broker ?? state.setup.brokers[0] ?? '';
  if (ownValue(state.routes, request.topic) === undefined) {
    return { state, outcome: fail('MQClientException', `No route info of this topic: ${request.topic}`) };
  }
  if (!state.setup.brokers.includes(brokerName)) return { state, outcome: fail('MQClientException', `The broker[${brokerName}] not exist`) };
  const mq = { topic: request.topic, brokerName, queueId: request.queueId };
  const key = queueKey(mq);
  const queue = state.queues[key];
  if (queue === undefined) {
    return { state, outcome: fail('SYSTEM_ERROR', `request queueId[${request.queueId}] is illegal, topic: ${request.topic} on ${brokerName}`) };
  }
  const tags = request.tags ?? null;
  const count = request.count ?? 1;
  return {
    state: {
      ...state,
      queues: { ...state.queues, [key]: appendMessages(queue, storedMessage(tags, now), count) },
      ledger: recordProduced(state.ledger, key, tags, now, count),
    },
    outcome: ok({ queue: mq, queueOffset: maxOffset(queue) }),
  };
}
