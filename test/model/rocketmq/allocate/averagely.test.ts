import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { allocateAveragely, averagelyStrategy } from '../../../../model/rocketmq/allocate/averagely.js';
import type { AllocateResult } from '../../../../model/rocketmq/allocate/allocate-strategy.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const createConsumerIdList = (size: number): string[] => Array.from({ length: size }, (_, i) => `CID_PREFIX${i}`);
const createMessageQueueList = (size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({ topic: 'topic', brokerName: 'brokerName', queueId: i }));
const queueIds = (r: AllocateResult): number[] => (r.ok ? r.queues.map((q) => q.queueId) : []);

describe('allocateAveragely (AVG)', () => {
  it('scenario from AllocateMessageQueueAveragelyTest: 10 queues over 4 consumers give sizes 3,3,2,2', () => {
    const cids = createConsumerIdList(4);
    const mqs = createMessageQueueList(10);
    expect(cids.map((cid) => queueIds(allocateAveragely('', cid, mqs, cids)).length)).toEqual([3, 3, 2, 2]);
  });

  it('gives consecutive blocks, the extra queues to the first n % c consumers', () => {
    const cids = createConsumerIdList(4);
    const mqs = createMessageQueueList(10);
    expect(cids.map((cid) => queueIds(allocateAveragely('', cid, mqs, cids)))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
      [8, 9],
    ]);
  });

  it('gives one queue each to the first n consumers and nothing to the rest when n < c', () => {
    const cids = createConsumerIdList(5);
    const mqs = createMessageQueueList(3);
    expect(cids.map((cid) => queueIds(allocateAveragely('', cid, mqs, cids)))).toEqual([[0], [1], [2], [], []]);
  });

  it('gives queue i to consumer i when n == c', () => {
    const cids = createConsumerIdList(3);
    const mqs = createMessageQueueList(3);
    expect(cids.map((cid) => queueIds(allocateAveragely('', cid, mqs, cids)))).toEqual([[0], [1], [2]]);
  });

  it('uses the first occurrence of a duplicated id, leaving the duplicate slot unowned', () => {
    const cids = ['a', 'b', 'a'];
    const mqs = createMessageQueueList(6);
    expect(queueIds(allocateAveragely('', 'a', mqs, cids))).toEqual([0, 1]);
    expect(queueIds(allocateAveragely('', 'b', mqs, cids))).toEqual([2, 3]);
  });

  it('does not sort its inputs: the block follows the order given', () => {
    const cids = ['b', 'a'];
    const mqs = createMessageQueueList(4).reverse();
    expect(queueIds(allocateAveragely('', 'b', mqs, cids))).toEqual([3, 2]);
  });

  it('returns [] for a consumer not in cidAll and Java errors for empty arguments', () => {
    const mqs = createMessageQueueList(2);
    expect(allocateAveragely('', 'x', mqs, ['a'])).toEqual({ ok: true, queues: [] });
    expect(allocateAveragely('', 'a', [], ['a'])).toMatchObject({ ok: false, message: 'mqAll is null or mqAll empty' });
  });

  it('is named AVG', () => {
    expect(averagelyStrategy().name).toBe('AVG');
  });

  test.prop([fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 20 })])(
    'partitions mqAll exactly across all distinct consumers, sizes differing by at most one',
    (n, c) => {
      const cids = createConsumerIdList(c);
      const mqs = createMessageQueueList(n);
      const perConsumer = cids.map((cid) => queueIds(allocateAveragely('g', cid, mqs, cids)));
      expect(perConsumer.flat()).toEqual(mqs.map((q) => q.queueId)); // disjoint, complete, in order
      const sizes = perConsumer.map((ids) => ids.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    },
  );
});
