import { describe, expect, it } from 'vitest';
import { allocateByConfig, byConfigStrategy } from '../../../../model/rocketmq/allocate/by-config.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const createConsumerIdList = (size: number): string[] => Array.from({ length: size }, (_, i) => `CID_PREFIX${i}`);
const createMessageQueueList = (size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({ topic: 'topic', brokerName: 'brokerName', queueId: i }));

describe('allocateByConfig (CONFIG)', () => {
  it('scenario from AllocateMessageQueueByConfigTest: every consumer gets the whole configured list', () => {
    const cids = createConsumerIdList(2);
    const mqs = createMessageQueueList(4);
    const s = byConfigStrategy(mqs);
    for (const cid of cids) {
      const r = s.allocate('', cid, mqs, cids);
      expect(r.ok && r.queues.map((q) => q.queueId)).toEqual([0, 1, 2, 3]);
    }
  });

  it('runs none of the shared checks: empty or foreign arguments still get the list', () => {
    const list = createMessageQueueList(2);
    expect(allocateByConfig(list, '', '', [], [])).toEqual({ ok: true, queues: list });
    expect(allocateByConfig(list, 'g', 'stranger', createMessageQueueList(1), ['a'])).toEqual({ ok: true, queues: list });
  });

  it('defaults to no queues (Java: a null list, which RebalanceImpl treats as none) and is named CONFIG', () => {
    const s = byConfigStrategy();
    expect(s.name).toBe('CONFIG');
    expect(s.allocate('g', 'a', createMessageQueueList(3), ['a'])).toEqual({ ok: true, queues: [] });
  });
});
