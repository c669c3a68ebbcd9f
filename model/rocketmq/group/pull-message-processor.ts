/**
 * The broker side of a pull, after `PullMessageProcessor.processRequest` (apache/rocketmq rocketmq-all-4.9.8) for a
 * push consumer: which subscription filters the pull, the SUBSCRIPTION_NOT_EXIST / SUBSCRIPTION_NOT_LATEST checks,
 * then the store scan with the broker's tag-code filter (`ExpressionMessageFilter.isMatchedByConsumeQueue`).
 */
import { brokerFilterMatches } from '../filter/broker-filter.js';
import { fail, type Failure } from '../../outcome.js';
import { getMessage, type ConsumeQueue, type GetMessageResult } from './consume-queue.js';
import { findSubscriptionData } from './consumer-group-info.js';
import type { GroupRegistry } from './consumer-manager.js';
import type { VersionedSubscription } from './versioned-subscription.js';

/** What the client sends (`PullMessageRequestHeader`), reduced to what the model's broker reads. */
export interface PullRequestHeader {
  readonly topic: string;
  readonly queueOffset: number;
  readonly maxMsgNums: number;
  /** The client's own subscription of the topic: its subVersion always, its expression when posted. */
  readonly subscription: VersionedSubscription;
  /** `postSubscriptionWhenPull`: the request carries the expression, and the broker filters with it. */
  readonly postSubscription: boolean;
}

/** The broker's answer: the scan, or a response code. */
export type PullResponse = { readonly ok: true; readonly result: GetMessageResult } | { readonly ok: false; readonly failure: Failure };

/**
 * The subscription the broker filters with: the posted one, else the group's entry for the topic — refused with
 * SUBSCRIPTION_NOT_EXIST when the group or the topic is unknown, SUBSCRIPTION_NOT_LATEST when the entry is older
 * than the client's subVersion.
 */
export function filterSubscription(
  registry: GroupRegistry,
  request: PullRequestHeader,
): { readonly ok: true; readonly subscription: VersionedSubscription } | { readonly ok: false; readonly failure: Failure } {
  if (request.postSubscription) return { ok: true, subscription: request.subscription };
  if (registry.info === null) return { ok: false, failure: fail('SUBSCRIPTION_NOT_EXIST', "the consumer's group info not exist") };
  const subscription = findSubscriptionData(registry.info, request.topic);
  if (subscription === undefined) return { ok: false, failure: fail('SUBSCRIPTION_NOT_EXIST', "the consumer's subscription not exist") };
  if (subscription.subVersion < request.subscription.subVersion) {
    return { ok: false, failure: fail('SUBSCRIPTION_NOT_LATEST', "the consumer's subscription not latest") };
  }
  return { ok: true, subscription };
}

/** `processRequest`: the checks, then `getMessage` with the broker filter. */
export function processPullRequest(registry: GroupRegistry, queue: ConsumeQueue, request: PullRequestHeader): PullResponse {
  const filter = filterSubscription(registry, request);
  if (!filter.ok) return filter;
  const result = getMessage(queue, request.queueOffset, request.maxMsgNums, (m) => brokerFilterMatches(filter.subscription, m.tagsCode));
  return { ok: true, result };
}
