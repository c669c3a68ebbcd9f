import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import {
  allocateConsistentHash,
  buildHashRing,
  consistentHashStrategy,
  DEFAULT_VIRTUAL_NODE_CNT,
  md5RingHash,
  routeNode,
  type HashFunction,
} from '../../../../model/rocketmq/allocate/consistent-hash.js';
import type { AllocateStrategy } from '../../../../model/rocketmq/allocate/allocate-strategy.js';
import { messageQueueKey, type MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const CID_PREFIX = 'CID-';
const topic = 'topic_test';
const createConsumerIdList = (size: number): string[] => Array.from({ length: size }, (_, i) => `${CID_PREFIX}${i}`);
const createMessageQueueList = (size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({ topic, brokerName: 'brokerName', queueId: i }));

function strategy(virtualNodeCnt?: number): AllocateStrategy {
  const built = consistentHashStrategy(virtualNodeCnt);
  if (!built.ok) throw new Error(built.message);
  return built.strategy;
}

/** queue key ⇒ owning consumer, asking every consumer of `cidAll` (like the Java test's allocateToAll maps). */
function ownership(s: AllocateStrategy, mqAll: readonly MessageQueue[], cidAll: readonly string[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const cid of cidAll) {
    const r = s.allocate('testConsumerGroup', cid, mqAll, cidAll);
    if (!r.ok) throw new Error(r.message);
    for (const mq of r.queues) owners.set(messageQueueKey(mq), [...(owners.get(messageQueueKey(mq)) ?? []), cid]);
  }
  return owners;
}

/** The Java test's testAllocate(queueSize, consumerSize) with 3 virtual nodes: all / remove first / add one. */
function checkAllocateRemoveAdd(queueSize: number, consumerSize: number): void {
  const s = strategy(3);
  const mqAll = createMessageQueueList(queueSize);
  const cidAll = createConsumerIdList(consumerSize);
  const keys = mqAll.map(messageQueueKey);

  const before = ownership(s, mqAll, cidAll);
  expect([...before.keys()].sort()).toEqual([...keys].sort()); // every queue allocated...
  for (const owners of before.values()) expect(owners).toHaveLength(1); // ...to exactly one consumer

  const removed = cidAll[0] ?? '';
  const afterRemove = ownership(s, mqAll, cidAll.slice(1));
  if (consumerSize > 1) {
    expect([...afterRemove.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const was = before.get(key)?.[0];
      if (was !== removed) expect(afterRemove.get(key)).toEqual([was]); // only the removed consumer's queues move
    }
  } else {
    expect(afterRemove.size).toBe(0);
  }

  const newCid = `${CID_PREFIX}NEW`;
  const afterAdd = ownership(s, mqAll, [...cidAll.slice(1), newCid]);
  expect([...afterAdd.keys()].sort()).toEqual([...keys].sort());
  for (const key of keys) {
    const now = afterAdd.get(key)?.[0];
    if (now !== newCid) expect(now).toBe(afterRemove.get(key)?.[0]); // queues move only to the new consumer
  }
}

describe('allocateConsistentHash (CONSISTENT_HASH)', () => {
  it('scenario from AllocateMessageQueueConsitentHashTest: testCurrentCIDNotExists gives no queue', () => {
    const r = strategy().allocate('', String(2 ** 31 - 1), createMessageQueueList(6), createConsumerIdList(2));
    expect(r).toEqual({ ok: true, queues: [] });
  });

  it('scenario from AllocateMessageQueueConsitentHashTest: testCurrentCIDIllegalArgument (empty currentCID)', () => {
    expect(strategy().allocate('', '', createMessageQueueList(6), createConsumerIdList(2))).toEqual({
      ok: false,
      error: 'IllegalArgumentException',
      message: 'currentCID is empty',
    });
  });

  it('scenario from AllocateMessageQueueConsitentHashTest: testMessageQueueIllegalArgument (no queues)', () => {
    expect(strategy().allocate('', '0', [], createConsumerIdList(2))).toMatchObject({
      ok: false,
      error: 'IllegalArgumentException',
    });
  });

  it('scenario from AllocateMessageQueueConsitentHashTest: testConsumerIdIllegalArgument (no consumers)', () => {
    expect(strategy().allocate('', '0', createMessageQueueList(6), [])).toMatchObject({
      ok: false,
      error: 'IllegalArgumentException',
    });
  });

  it('scenario from AllocateMessageQueueConsitentHashTest: testAllocate1 (20 queues, 10 consumers)', () => {
    checkAllocateRemoveAdd(20, 10);
  });

  it('scenario from AllocateMessageQueueConsitentHashTest: testAllocate2 (10 queues, 20 consumers)', () => {
    checkAllocateRemoveAdd(10, 20);
  });

  test.prop([fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })])(
    'scenario from AllocateMessageQueueConsitentHashTest: testRun100RandomCase (allocate all, remove one, add one)',
    (queueSize, consumerSize) => {
      checkAllocateRemoveAdd(queueSize, consumerSize);
    },
  );

  // Owners computed by an independent JDK 17 program (MessageDigest MD5 + TreeMap ring), queue k = toString of
  // (topic_test, brokerName, k), consumers CID-0..CID-(c-1).
  it.each([
    [20, 10, 3, 'CID-7 CID-8 CID-7 CID-0 CID-2 CID-0 CID-3 CID-3 CID-0 CID-3 CID-5 CID-5 CID-7 CID-8 CID-8 CID-5 CID-9 CID-5 CID-0 CID-0'],
    [10, 20, 3, 'CID-7 CID-10 CID-12 CID-15 CID-2 CID-15 CID-3 CID-3 CID-15 CID-3'],
    [10, 4, 10, 'CID-2 CID-0 CID-3 CID-2 CID-2 CID-2 CID-3 CID-3 CID-2 CID-3'],
    [6, 2, 10, 'CID-1 CID-0 CID-1 CID-0 CID-0 CID-0'],
  ])('routes %i queues over %i consumers with %i virtual nodes as the JDK does', (n, c, v, expected) => {
    const mqAll = createMessageQueueList(n);
    const owners = ownership(strategy(v), mqAll, createConsumerIdList(c));
    expect(mqAll.map((mq) => owners.get(messageQueueKey(mq))?.join('+')).join(' ')).toBe(expected);
  });

  it('uses 10 virtual nodes by default', () => {
    expect(DEFAULT_VIRTUAL_NODE_CNT).toBe(10);
    const ring = buildHashRing(createConsumerIdList(3), DEFAULT_VIRTUAL_NODE_CNT, md5RingHash);
    expect(ring.keys).toHaveLength(30);
  });

  it('rejects a negative virtualNodeCnt at construction with the Java message', () => {
    expect(consistentHashStrategy(-1)).toEqual({
      ok: false,
      error: 'IllegalArgumentException',
      message: 'illegal virtualNodeCnt :-1',
    });
  });

  it('allocates nothing to anybody with 0 virtual nodes (empty ring)', () => {
    const cids = createConsumerIdList(3);
    for (const cid of cids) expect(strategy(0).allocate('', cid, createMessageQueueList(5), cids)).toEqual({ ok: true, queues: [] });
  });

  it('continues replica indexes for an id listed twice, as getExistingReplicas does', () => {
    const seen: string[] = [];
    const recording: HashFunction = (key) => {
      seen.push(key);
      return seen.length;
    };
    buildHashRing(['a', 'b', 'a'], 2, recording);
    expect(seen).toEqual(['a-0', 'a-1', 'b-0', 'b-1', 'a-2', 'a-3']);
  });

  it("counts only an id's live virtual nodes when it is listed again: one overwritten by a collision is not counted (getExistingReplicas)", () => {
    // 'b-0' lands on 'a-0''s ring key and replaces it, so 'a' has one live virtual node ('a-1') when listed again.
    const keys: Record<string, number> = { 'a-0': 100, 'a-1': 200, 'b-0': 100, 'b-1': 300, 'a-2': 400 };
    const seen: string[] = [];
    const table: HashFunction = (key) => {
      seen.push(key);
      return keys[key] ?? 500 + seen.length;
    };
    const ring = buildHashRing(['a', 'b', 'a'], 2, table);
    expect(seen).toEqual(['a-0', 'a-1', 'b-0', 'b-1', 'a-1', 'a-2']);
    expect(ring).toEqual({ keys: [100, 200, 300, 400], owners: ['b', 'a', 'b', 'a'] });
  });

  it('lets a later virtual node overwrite an earlier one on a hash collision (TreeMap.put)', () => {
    const constant: HashFunction = () => 7;
    const ring = buildHashRing(['a', 'b'], 3, constant);
    expect(ring).toEqual({ keys: [7], owners: ['b'] });
    expect(allocateConsistentHash(3, constant, '', 'a', createMessageQueueList(2), ['a', 'b'])).toEqual({ ok: true, queues: [] });
  });

  it('routes to the first ring key at or above the hash, wrapping to the smallest', () => {
    const ring = { keys: [10, 20, 30], owners: ['x', 'y', 'z'] };
    const fixed = (h: number): HashFunction => () => h;
    expect(routeNode(ring, 'k', fixed(20))).toBe('y');
    expect(routeNode(ring, 'k', fixed(21))).toBe('z');
    expect(routeNode(ring, 'k', fixed(31))).toBe('x');
    expect(routeNode(ring, 'k', fixed(0))).toBe('x');
    expect(routeNode({ keys: [], owners: [] }, 'k', fixed(0))).toBeNull();
  });

  it('hashes keys like the JDK MD5Hash (values printed by JDK 17)', () => {
    expect(md5RingHash('CID-0-0')).toBe(1900518137);
    expect(md5RingHash('CID-1-2')).toBe(1973204088);
    expect(md5RingHash('MessageQueue [topic=topic_test, brokerName=brokerName, queueId=0]')).toBe(2171879703);
  });

  test.prop([fc.string({ unit: 'grapheme' })])('hashes like node:crypto MD5 (first 4 bytes, unsigned big-endian)', (key) => {
    expect(md5RingHash(key)).toBe(createHash('md5').update(key, 'utf8').digest().readUInt32BE(0));
  });

  test.prop([fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 30 })])(
    'partitions mqAll exactly across distinct consumers',
    (cidAll, n) => {
      const mqAll = createMessageQueueList(n);
      const owners = ownership(strategy(), mqAll, cidAll);
      expect(owners.size).toBe(n);
      for (const o of owners.values()) expect(o).toHaveLength(1);
    },
  );
});
