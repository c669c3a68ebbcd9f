import { describe, expect, it } from 'vitest';
import { getMessage, offsetByTime, storedMessage, type ConsumeQueue } from '../../../../model/rocketmq/group/consume-queue.js';

const queue = (tags: (string | null)[], times?: number[], inMemoryFrom = 0): ConsumeQueue => ({
  mq: { topic: 'T', brokerName: 'broker-a', queueId: 0 },
  messages: tags.map((t, i) => storedMessage(t, times?.[i] ?? i + 1)),
  inMemoryFrom,
});
const onlyA = (m: { tags: string | null }) => m.tags === 'A';

describe('getMessage', () => {
  it('answers NO_MESSAGE_IN_QUEUE for an empty queue and OFFSET_OVERFLOW_ONE at the end', () => {
    expect(getMessage(queue([]), 0, 32, onlyA)).toEqual({ status: 'NO_MESSAGE_IN_QUEUE', found: [], filtered: [], nextBeginOffset: 0 });
    expect(getMessage(queue(['A']), 1, 32, onlyA)).toEqual({ status: 'OFFSET_OVERFLOW_ONE', found: [], filtered: [], nextBeginOffset: 1 });
  });

  it('moves the next offset past filtered entries, and NO_MATCHED_MESSAGE when nothing matched', () => {
    expect(getMessage(queue(['B', 'A', 'B']), 0, 32, onlyA)).toEqual({ status: 'FOUND', found: [1], filtered: [0, 2], nextBeginOffset: 3 });
    expect(getMessage(queue(['B', null]), 0, 32, onlyA)).toEqual({ status: 'NO_MATCHED_MESSAGE', found: [], filtered: [0, 1], nextBeginOffset: 2 });
  });

  it('stops right after the maxMsgNums-th match, leaving later entries unscanned', () => {
    expect(getMessage(queue(['A', 'B', 'A']), 0, 1, onlyA)).toEqual({ status: 'FOUND', found: [0], filtered: [], nextBeginOffset: 1 });
  });
});

describe('offsetByTime', () => {
  it('finds the exact store time, else the nearer neighbour (the earlier on a tie), the first or the last message at the ends', () => {
    const q = queue(['A', 'A', 'A'], [10, 20, 30]);
    expect([offsetByTime(q, 20), offsetByTime(q, 14), offsetByTime(q, 16), offsetByTime(q, 15), offsetByTime(q, 1), offsetByTime(q, 99)]).toEqual([1, 0, 1, 0, 0, 2]);
    expect(offsetByTime(queue([]), 5)).toBe(0);
  });
});
