/**
 * Where consumed offsets live, after `RemoteBrokerOffsetStore` (CLUSTERING: the broker's `ConsumerOffsetManager`)
 * and `LocalFileOffsetStore` (BROADCASTING: a file per client), apache/rocketmq rocketmq-all-4.9.8. Clients read the
 * stored offset when they take a queue, commit their consumed offset with every pull (CLUSTERING only), and persist
 * it when they drop a queue or shut down. The 5-second `persistAllConsumerOffset` timer is not modelled.
 */
import type { ClientState, ProcessQueue } from './client-state.js';
import { queryConsumerOffset } from './consumer-manage-processor.js';
import type { QueueKey } from './queue-key.js';
import type { RocketmqGroupState } from './state.js';

/**
 * `readOffset(mq, READ_FROM_STORE)`: CLUSTERING asks the broker (`queryConsumerOffset`: the committed offset, else 0
 * on a young queue, else nothing); BROADCASTING reads the client's file. Null when there is none (Java: -1).
 */
export function readStoredOffset(state: RocketmqGroupState, client: ClientState, key: QueueKey): number | null {
  if (state.setup.messageModel !== 'CLUSTERING') return client.localOffsets[key] ?? null;
  const queue = state.queues[key];
  return queue === undefined ? (state.committed[key] ?? null) : queryConsumerOffset(state.committed[key], queue);
}

/**
 * The pull's commit flag: a CLUSTERING client sends its consumed offset with each pull when it is positive, and the
 * broker stores it (`storeOffsetEnable`).
 */
export function commitWithPull(state: RocketmqGroupState, key: QueueKey, processQueue: ProcessQueue): RocketmqGroupState['committed'] {
  const offset = processQueue.consumedOffset;
  if (state.setup.messageModel !== 'CLUSTERING' || offset === null || offset <= 0) return state.committed;
  return state.committed[key] === offset ? state.committed : { ...state.committed, [key]: offset };
}

/** Stores after `persist(mq)` of some queues: the group's committed offsets and the client's file. */
export interface Persisted {
  readonly committed: RocketmqGroupState['committed'];
  readonly localOffsets: ClientState['localOffsets'];
}

/** `persist(mq)` for each key: a consumed offset in memory is written to the broker (CLUSTERING) or the file. */
export function persist(state: RocketmqGroupState, client: ClientState, keys: readonly QueueKey[]): Persisted {
  const clustering = state.setup.messageModel === 'CLUSTERING';
  let committed = state.committed;
  let localOffsets = client.localOffsets;
  for (const key of keys) {
    const offset = client.processQueues[key]?.consumedOffset ?? null;
    if (offset === null) continue;
    if (clustering) committed = { ...committed, [key]: offset };
    else localOffsets = { ...localOffsets, [key]: offset };
  }
  return { committed, localOffsets };
}
