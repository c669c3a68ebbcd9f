import { describe, expect, it } from 'vitest';
import { vectorOf } from '../../../../model/persistent-vector.js';
import { checkInDiskByConsumeOffset, getMessage, offsetByTime, storedMessage, type ConsumeQueue } from '../../../../model/rocketmq/group/consume-queue.js';

const queue = (tags: (string | null)[], times?: number[], inMemoryFrom = 0): ConsumeQueue => ({
  mq: { topic: 'T', brokerName: 'broker-a', queueId: 0 },
  runs: vectorOf(tags.map((t, i) => ({ from: i, count: 1, message: storedMessage(t, times?.[i] ?? i + 1) }))),
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

describe('getMessage limits (isTheBatchFull and the filter scan window)', () => {
  const all = () => true;
  const many = (n: number, tag: string | null = 'A') => Array.from({ length: n }, () => tag);

  it('transfers at most 32 messages from memory whatever maxMsgNums asks: 40 messages, maxMsgNums 64 → 32, next offset 32', () => {
    const result = getMessage(queue(many(40)), 0, 64, all);
    expect([result.found.length, result.nextBeginOffset]).toEqual([32, 32]);
  });

  it('transfers at most 8 messages read from disk, and counts them towards the 32 once memory starts', () => {
    expect(getMessage(queue(many(40), undefined, 40), 0, 64, all).nextBeginOffset).toBe(8);
    // 5 on disk, then memory: the disk limit applies only while the next entry is on disk.
    expect(getMessage(queue(many(40), undefined, 5), 0, 64, all).nextBeginOffset).toBe(32);
    // maxMsgNums below the cap still wins.
    expect(getMessage(queue(many(40), undefined, 40), 0, 3, all).nextBeginOffset).toBe(3);
  });

  it('scans at most max(16000, maxMsgNums × 20) bytes of entries: 801 filtered-out messages then a match → NO_MATCHED_MESSAGE at 800', () => {
    const q = queue([...many(801, 'B'), 'A']);
    const first = getMessage(q, 0, 32, onlyA);
    expect([first.status, first.nextBeginOffset, first.filtered.length]).toEqual(['NO_MATCHED_MESSAGE', 800, 800]);
    expect(getMessage(q, 800, 32, onlyA)).toMatchObject({ status: 'FOUND', found: [801], nextBeginOffset: 802 });
    expect(getMessage(q, 0, 1000, onlyA)).toMatchObject({ status: 'FOUND', found: [801], nextBeginOffset: 802 });
    expect(getMessage(queue(many(1200, 'B')), 0, 1000, onlyA).nextBeginOffset).toBe(1000);
  });

  it('knows which entries are read from disk: below inMemoryFrom, and never an offset with no entry', () => {
    const q = queue(['A', 'A', 'A'], undefined, 2);
    expect([0, 1, 2, 3].map((o) => checkInDiskByConsumeOffset(q, o))).toEqual([true, true, false, false]);
    expect(checkInDiskByConsumeOffset(queue([], undefined, 0), 0)).toBe(false);
  });
});

describe('offsetByTime', () => {
  it('finds the exact store time, else the nearer neighbour (the earlier on a tie), the first or the last message at the ends', () => {
    const q = queue(['A', 'A', 'A'], [10, 20, 30]);
    expect([offsetByTime(q, 20), offsetByTime(q, 14), offsetByTime(q, 16), offsetByTime(q, 15), offsetByTime(q, 1), offsetByTime(q, 99)]).toEqual([1, 0, 1, 0, 0, 2]);
    expect(offsetByTime(queue([]), 5)).toBe(0);
  });
});

describe('getMessage past the end (DefaultMessageStore.getMessage: offset > maxOffset)', () => {
  it('answers OFFSET_OVERFLOW_BADLY with nothing found or filtered, not a scan', () => {
    const result = getMessage(queue(['A', 'A']), 5, 32, onlyA);
    expect([result.status, result.found, result.filtered]).toEqual(['OFFSET_OVERFLOW_BADLY', [], []]);
  });
});

describe('offsetByTime edge cases (ConsumeQueue.getOffsetInQueueByTime)', () => {
  it('answers the only message for a time before it', () => {
    expect(offsetByTime(queue(['A'], [10]), 5)).toBe(0);
  });

  it('answers the entry the binary search hits first when a batch shares the store time, not the batch\'s first', () => {
    // One produce of 3 alike messages: one store time; Java's search compares the middle entry first and stops there.
    const batch: ConsumeQueue = { mq: { topic: 'T', brokerName: 'broker-a', queueId: 0 }, runs: vectorOf([{ from: 0, count: 3, message: storedMessage('A', 10) }]), inMemoryFrom: 0 };
    expect(offsetByTime(batch, 10)).toBe(1);
  });
});
