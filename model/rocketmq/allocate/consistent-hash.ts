/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash` together with the
 * hash ring it builds, `org.apache.rocketmq.common.consistenthash.ConsistentHashRouter` / `VirtualNode` and its
 * default `MD5Hash` (apache/rocketmq rocketmq-all-4.9.8), strategy name `CONSISTENT_HASH`.
 *
 * The ring holds `virtualNodeCnt` virtual nodes per consumer id, keyed `hash(cid + "-" + replicaIndex)`; a queue is
 * routed with `hash(toString(mq))` to the first ring key ≥ it, wrapping to the smallest key.
 */
import { javaUtf8Bytes } from '../../java/java-string.js';
import { md5 } from '../md5.js';
import { messageQueueToString, type MessageQueue } from '../message-queue.js';
import type { AllocateResult, StrategyResult } from './allocate-strategy.js';
import { allocateChecked } from './check-arguments.js';

/** `new AllocateMessageQueueConsistentHash()` uses 10 virtual nodes per consumer. */
export const DEFAULT_VIRTUAL_NODE_CNT = 10;

/** Java `HashFunction.hash(String): long`; the ring orders keys numerically (Java `Long` order). */
export type HashFunction = (key: string) => number;

/**
 * The default `MD5Hash`: the first 4 bytes of MD5 of the key's bytes as an unsigned big-endian 32-bit number.
 * Java uses `key.getBytes()` (platform charset); we assume UTF-8, the default since JDK 18 and the usual setting.
 */
export function md5RingHash(key: string): number {
  const digest = md5(javaUtf8Bytes(key));
  return (((digest[0] ?? 0) << 24) | ((digest[1] ?? 0) << 16) | ((digest[2] ?? 0) << 8) | (digest[3] ?? 0)) >>> 0;
}

/** A built hash ring: ring keys in ascending order and, at the same index, the consumer id owning each key. */
export interface HashRing {
  readonly keys: readonly number[];
  readonly owners: readonly string[];
}

/**
 * Builds the ring as `ConsistentHashRouter` does: consumers in `cidAll` order, replica indexes continuing after
 * the replicas the same id already has on the ring (so an id listed twice gets indexes 0..2v-1), and a later
 * virtual node overwriting an earlier one on a hash collision (`TreeMap.put`).
 */
export function buildHashRing(cidAll: readonly string[], virtualNodeCnt: number, hash: HashFunction): HashRing {
  const ring = new Map<number, string>();
  const replicas = new Map<string, number>(); // live virtual nodes per id, i.e. getExistingReplicas
  for (const cid of cidAll) {
    const existing = replicas.get(cid) ?? 0;
    for (let i = 0; i < virtualNodeCnt; i++) {
      const key = hash(`${cid}-${i + existing}`);
      const previous = ring.get(key);
      if (previous !== undefined) replicas.set(previous, (replicas.get(previous) ?? 0) - 1);
      ring.set(key, cid);
      replicas.set(cid, (replicas.get(cid) ?? 0) + 1);
    }
  }
  const keys = [...ring.keys()].sort((a, b) => a - b);
  return { keys, owners: keys.map((k) => ring.get(k) ?? '') };
}

/** `ConsistentHashRouter.routeNode`: the owner of the first ring key ≥ `hash(objectKey)`, wrapping; null if empty. */
export function routeNode(ring: HashRing, objectKey: string, hash: HashFunction): string | null {
  if (ring.keys.length === 0) return null;
  const h = hash(objectKey);
  // Binary search for the first key >= h (TreeMap.tailMap(h).firstKey()).
  let lo = 0;
  let hi = ring.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ring.keys[mid] ?? 0) < h) lo = mid + 1;
    else hi = mid;
  }
  return ring.owners[lo === ring.keys.length ? 0 : lo] ?? null;
}

/**
 * CONSISTENT_HASH allocation: the queues of `mqAll` (in `mqAll` order) whose key routes to `currentCID`.
 * `virtualNodeCnt == 0` leaves the ring empty, so every consumer gets `[]`.
 */
export function allocateConsistentHash(
  virtualNodeCnt: number,
  hash: HashFunction,
  _group: string, // Java only uses the group for logging.
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  return allocateChecked(currentCID, mqAll, cidAll, () => {
    const ring = buildHashRing(cidAll, virtualNodeCnt, hash);
    return mqAll.filter((mq) => routeNode(ring, messageQueueToString(mq), hash) === currentCID);
  });
}

/**
 * The `CONSISTENT_HASH` strategy (`new AllocateMessageQueueConsistentHash(virtualNodeCnt, hashFunction)`).
 * A negative count is the constructor's `IllegalArgumentException("illegal virtualNodeCnt :" + n)`; a
 * non-integer count cannot be expressed in Java and is rejected the same way.
 */
export function consistentHashStrategy(
  virtualNodeCnt: number = DEFAULT_VIRTUAL_NODE_CNT,
  hashFunction: HashFunction = md5RingHash,
): StrategyResult {
  if (virtualNodeCnt < 0 || !Number.isInteger(virtualNodeCnt)) {
    return { ok: false, error: 'IllegalArgumentException', message: `illegal virtualNodeCnt :${virtualNodeCnt}` };
  }
  return {
    ok: true,
    strategy: {
      name: 'CONSISTENT_HASH',
      allocate: (group, currentCID, mqAll, cidAll) =>
        allocateConsistentHash(virtualNodeCnt, hashFunction, group, currentCID, mqAll, cidAll),
    },
  };
}
