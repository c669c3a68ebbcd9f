/**
 * The client side of a pull, after `DefaultMQPushConsumerImpl.pullMessage`, its `PullCallback` and
 * `PullAPIWrapper.processPullResult` (apache/rocketmq rocketmq-all-4.9.8): the client pulls one held queue from its
 * pull request's next offset, committing its consumed offset with the request; the broker filters by tag code with
 * the group's subscription; the client filters again by tag string with its OWN subscription; the next offset
 * moves past everything scanned, filtered or not. Delivered messages are consumed at once (consumption is not
 * modelled), so the consumed offset follows the last delivered message.
 */
import { clientFilterMatches } from '../filter/client-filter.js';
import { compareMessageQueues, type MessageQueue } from '../message-queue.js';
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import type { ClientState, ProcessQueue } from './client-state.js';
import { maxOffset, messageAt } from './consume-queue.js';
import { delivered, passed, updateLedger } from './delivery-ledger.js';
import { commitWithPull } from './offset-store.js';
import { ownValue } from './own-key.js';
import { processPullRequest } from './pull-message-processor.js';
import { queueKey, type QueueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';

/** `pullBatchSize`' default: at most this many messages per pull. */
export const DEFAULT_PULL_BATCH_SIZE = 32;

/** `PullStatus` values a pull can end with in the model (OFFSET_ILLEGAL needs offsets the model never produces). */
export type PullStatus = 'FOUND' | 'NO_NEW_MSG' | 'NO_MATCHED_MSG';

/** One delivered message. */
export interface PulledMessage {
  readonly queueOffset: number;
  readonly tags: string | null;
}

/** What `pull` answers: the queue, the status, the messages left after the client filter, the next offset. */
export interface PullAnswer {
  readonly queue: MessageQueue;
  readonly status: PullStatus;
  readonly messages: readonly PulledMessage[];
  readonly nextBeginOffset: number;
}

type Result = StepResult<RocketmqGroupState>;

/** The queue a pull without `queue` takes: the first held queue (MessageQueue order) with messages past its next offset, else the first held queue. */
export function defaultPullQueue(state: RocketmqGroupState, client: ClientState): QueueKey | undefined {
  const held = Object.keys(client.processQueues)
    .map((key) => state.queues[key])
    .filter((q) => q !== undefined)
    .sort((a, b) => compareMessageQueues(a.mq, b.mq));
  const pending = held.find((q) => (client.processQueues[queueKey(q.mq)]?.nextOffset ?? 0) < maxOffset(q));
  const chosen = pending ?? held[0];
  return chosen === undefined ? undefined : queueKey(chosen.mq);
}

/** `updateOffset(mq, offset, increaseOnly=true)`. */
function increaseOnly(current: number | null, offset: number): number {
  return current === null ? offset : Math.max(current, offset);
}

/**
 * One pull of the held queue `key` by `clientId`. Errors (response codes, or the client's own
 * subscription missing because it unsubscribed the topic) only postpone the pull: nothing changes.
 */
export function pullQueue(state: RocketmqGroupState, clientId: string, client: ClientState, key: QueueKey, maxMsgs: number): Result {
  const processQueue = client.processQueues[key];
  const queue = state.queues[key];
  if (processQueue === undefined || queue === undefined) {
    return { state, outcome: fail('IllegalStateException', `pull: ${clientId} holds no process queue for ${key}`) };
  }
  const own = ownValue(client.subscriptions, queue.mq.topic);
  if (own === undefined) {
    return { state, outcome: fail('IllegalStateException', `find the consumer's subscription failed: ${clientId} does not subscribe ${queue.mq.topic}`) };
  }
  const response = processPullRequest(state.registry, queue, {
    topic: queue.mq.topic,
    queueOffset: processQueue.nextOffset,
    maxMsgNums: maxMsgs,
    subscription: own,
    postSubscription: state.setup.postSubscriptionWhenPull,
  });
  if (!response.ok) return { state, outcome: response.failure };
  const { result } = response;
  const kept = result.found.filter((offset) => clientFilterMatches(own, messageAt(queue, offset)?.tags));
  const dropped = result.found.filter((offset) => !kept.includes(offset));
  // PULL_RETRY_IMMEDIATELY (no match) ⇒ NO_MATCHED_MSG; PULL_NOT_FOUND (at the end, or an empty queue) ⇒ NO_NEW_MSG.
  const status: PullStatus = result.status === 'FOUND' ? 'FOUND' : result.status === 'NO_MATCHED_MESSAGE' ? 'NO_MATCHED_MSG' : 'NO_NEW_MSG';
  const lastKept = kept[kept.length - 1];
  // FOUND: consumption moves the consumed offset past the last delivered message (nothing if the client filter
  // dropped them all); NO_NEW_MSG / NO_MATCHED_MSG: correctTagsOffset moves it to the next offset.
  const consumedOffset =
    status === 'FOUND'
      ? lastKept === undefined
        ? processQueue.consumedOffset
        : increaseOnly(processQueue.consumedOffset, lastKept + 1)
      : increaseOnly(processQueue.consumedOffset, result.nextBeginOffset);
  const nextProcessQueue: ProcessQueue = { nextOffset: result.nextBeginOffset, consumedOffset };
  let ledger = state.ledger;
  if (kept.length > 0) ledger = updateLedger(ledger, key, delivered(kept, clientId));
  if (result.filtered.length > 0) ledger = updateLedger(ledger, key, passed(result.filtered, clientId, 'broker-filter'));
  if (dropped.length > 0) ledger = updateLedger(ledger, key, passed(dropped, clientId, 'client-filter'));
  const answer: PullAnswer = {
    queue: queue.mq,
    status,
    messages: kept.map((offset) => ({ queueOffset: offset, tags: messageAt(queue, offset)?.tags ?? null })),
    nextBeginOffset: result.nextBeginOffset,
  };
  return {
    state: {
      ...state,
      committed: commitWithPull(state, key, processQueue),
      clients: { ...state.clients, [clientId]: { ...client, processQueues: { ...client.processQueues, [key]: nextProcessQueue } } },
      ledger,
    },
    outcome: ok(answer),
  };
}
