import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import {
  allocateAveragelyByCircle,
  averagelyByCircleStrategy,
} from '../../../../model/rocketmq/allocate/averagely-by-circle.js';
import type { AllocateResult } from '../../../../model/rocketmq/allocate/allocate-strategy.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const createConsumerIdList = (size: number): string[] => Array.from({ length: size }, (_, i) => `CID_PREFIX${i}`);
const createMessageQueueList = (size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({ topic: 'topic', brokerName: 'brokerName', queueId: i }));
const queueIds = (r: AllocateResult): number[] => (r.ok ? r.queues.map((q) => q.queueId) : []);

describe('allocateAveragelyByCircle (AVG_BY_CIRCLE)', () => {
  it('scenario from AllocateMessageQueueAveragelyByCircleTest: a consumer id not in cidAll gets no queue', () => {
    expect(allocateAveragelyByCircle('', 'CID_PREFIX', createMessageQueueList(10), createConsumerIdList(4))).toEqual({
      ok: true,
      queues: [],
    });
  });

  it('scenario from AllocateMessageQueueAveragelyByCircleTest: 10 queues over 4 consumers go round-robin', () => {
    const cids = createConsumerIdList(4);
    const mqs = createMessageQueueList(10);
    const byConsumer = Object.fromEntries(cids.map((cid) => [cid, queueIds(allocateAveragelyByCircle('', cid, mqs, cids))]));
    expect(byConsumer).toEqual({
      CID_PREFIX0: [0, 4, 8],
      CID_PREFIX1: [1, 5, 9],
      CID_PREFIX2: [2, 6],
      CID_PREFIX3: [3, 7],
    });
  });

  it('gives nothing to consumers past the last queue when n < c', () => {
    const cids = createConsumerIdList(4);
    expect(queueIds(allocateAveragelyByCircle('', 'CID_PREFIX3', createMessageQueueList(2), cids))).toEqual([]);
  });

  it('is named AVG_BY_CIRCLE', () => {
    expect(averagelyByCircleStrategy().name).toBe('AVG_BY_CIRCLE');
  });

  test.prop([fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 20 })])(
    'partitions mqAll exactly across all distinct consumers',
    (n, c) => {
      const cids = createConsumerIdList(c);
      const mqs = createMessageQueueList(n);
      const all = cids.flatMap((cid) => queueIds(allocateAveragelyByCircle('g', cid, mqs, cids)));
      expect([...all].sort((a, b) => a - b)).toEqual(mqs.map((q) => q.queueId));
    },
  );
});
