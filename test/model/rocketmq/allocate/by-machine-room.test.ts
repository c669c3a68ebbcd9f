import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import {
  allocateByMachineRoom,
  byMachineRoomStrategy,
  inConsumerRooms,
} from '../../../../model/rocketmq/allocate/by-machine-room.js';
import type { AllocateResult } from '../../../../model/rocketmq/allocate/allocate-strategy.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const createConsumerIdList = (size: number): string[] => Array.from({ length: size }, (_, i) => `CID_PREFIX${i}`);
/** The Java test's queues: the first half on room1@broker-a, the rest on room2@broker-b. */
const createMessageQueueList = (size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({
    topic: 'topic',
    brokerName: i < Math.floor(size / 2) ? 'room1@broker-a' : 'room2@broker-b',
    queueId: i,
  }));
const queueIds = (r: AllocateResult): number[] => (r.ok ? r.queues.map((q) => q.queueId) : []);

describe('allocateByMachineRoom (MACHINE_ROOM)', () => {
  const strategy = byMachineRoomStrategy(['room1']);

  it('scenario from AllocateMessageQueueByMachineRoomTest: an empty mqAll is an IllegalArgumentException', () => {
    expect(strategy.allocate('', 'CID_PREFIX0', [], createConsumerIdList(2))).toEqual({
      ok: false,
      error: 'IllegalArgumentException',
      message: 'mqAll is null or mqAll empty',
    });
  });

  it("scenario from AllocateMessageQueueByMachineRoomTest: room1's 5 queues split {0,1,4} / {2,3}", () => {
    const cids = createConsumerIdList(2);
    const mqs = createMessageQueueList(10);
    expect(queueIds(strategy.allocate('', 'CID_PREFIX0', mqs, cids))).toEqual([0, 1, 4]);
    expect(queueIds(strategy.allocate('', 'CID_PREFIX1', mqs, cids))).toEqual([2, 3]);
  });

  it('builds a strategy that allocates over its consumeridcs (setConsumeridcs): room2 only', () => {
    const room2 = byMachineRoomStrategy(['room2']);
    const cids = createConsumerIdList(2);
    const mqs = createMessageQueueList(4); // 0,1 on room1@broker-a; 2,3 on room2@broker-b
    expect(queueIds(room2.allocate('', 'CID_PREFIX0', mqs, cids))).toEqual([2]);
    expect(queueIds(room2.allocate('', 'CID_PREFIX1', mqs, cids))).toEqual([3]);
  });

  it('reads the room with Java split("@") semantics', () => {
    const rooms = new Set(['r', '']);
    const eligible = (brokerName: string): boolean => inConsumerRooms({ topic: 't', brokerName, queueId: 0 }, rooms);
    expect(eligible('r@b')).toBe(true);
    expect(eligible('r@b@')).toBe(true); // trailing empty part dropped: still 2 parts
    expect(eligible('@b')).toBe(true); // room ""
    expect(eligible('r@')).toBe(false); // 1 part
    expect(eligible('r@b@c')).toBe(false); // 3 parts
    expect(eligible('r')).toBe(false);
    expect(eligible('x@b')).toBe(false);
  });

  it('gives nothing to anybody when no queue is in the consumer rooms, and is named MACHINE_ROOM', () => {
    const cids = createConsumerIdList(2);
    expect(allocateByMachineRoom(new Set(['room9']), '', 'CID_PREFIX0', createMessageQueueList(10), cids)).toEqual({
      ok: true,
      queues: [],
    });
    expect(strategy.name).toBe('MACHINE_ROOM');
  });

  test.prop([fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 12 })])(
    'partitions exactly the queues of the consumer rooms across distinct consumers',
    (n, c) => {
      const cids = createConsumerIdList(c);
      const mqs = createMessageQueueList(n);
      const all = cids.flatMap((cid) => queueIds(strategy.allocate('g', cid, mqs, cids)));
      const expected = mqs.filter((q) => q.brokerName.startsWith('room1@')).map((q) => q.queueId);
      expect([...all].sort((a, b) => a - b)).toEqual(expected);
    },
  );
});
