/**
 * The whole state of a `rocketmq.group` run: the brokers' consume queues, the group's broker-side registry and
 * committed offsets, the clients, the delivery ledger and the logical clock. Plain data, updated immutably.
 */
import { compareMessageQueues, type MessageQueue } from '../message-queue.js';
import { emptyConsumeQueue, type ConsumeQueue } from './consume-queue.js';
import { emptyRegistry, type GroupRegistry } from './consumer-manager.js';
import type { ClientState } from './client-state.js';
import type { DeliveryLedger, LedgerEntry } from './delivery-ledger.js';
import { emptyVector, type Vector } from '../../persistent-vector.js';
import { recordOf } from './own-key.js';
import { queueKey, type QueueKey } from './queue-key.js';
import type { RocketmqGroupSetup } from './setup.js';

/** Everything a step reads and writes. */
export interface RocketmqGroupState {
  /** The validated setup (group, strategy, message model, consumeFromWhere…): fixed for the run. */
  readonly setup: RocketmqGroupSetup;
  /** The logical clock: +1 per successful command; what subVersions and store timestamps read. */
  readonly clock: number;
  /** topic → its queues on every broker, sorted like `Collections.sort(mqAll)` (the route data clients see). */
  readonly routes: Readonly<Record<string, readonly MessageQueue[]>>;
  /** Every broker's consume queues, by queue key. */
  readonly queues: Readonly<Record<QueueKey, ConsumeQueue>>;
  /** The group's entry in the brokers' consumer tables. */
  readonly registry: GroupRegistry;
  /** `ConsumerOffsetManager`: the group's committed offsets by queue key (CLUSTERING). */
  readonly committed: Readonly<Record<QueueKey, number>>;
  /** Every client ever started, by client id. */
  readonly clients: Readonly<Record<string, ClientState>>;
  readonly ledger: DeliveryLedger;
}

/** The sorted queues of every topic of the setup. */
function routesOf(setup: RocketmqGroupSetup): Record<string, MessageQueue[]> {
  return recordOf(
    Object.entries(setup.topics).map(([topic, count]) => {
      const mqs = setup.brokers.flatMap((brokerName) => Array.from({ length: count }, (_, queueId) => ({ topic, brokerName, queueId })));
      return [topic, mqs.sort(compareMessageQueues)] as const;
    }),
  );
}

/** Empty queues and ledger, no group, no client, clock 0. */
export function initialState(setup: RocketmqGroupSetup): RocketmqGroupState {
  const routes = routesOf(setup);
  const queues: Record<QueueKey, ConsumeQueue> = {};
  const ledger: Record<QueueKey, Vector<LedgerEntry>> = {};
  for (const mq of Object.values(routes).flat()) {
    queues[queueKey(mq)] = emptyConsumeQueue(mq);
    ledger[queueKey(mq)] = emptyVector();
  }
  return { setup, clock: 0, routes, queues, registry: emptyRegistry, committed: {}, clients: {}, ledger };
}
