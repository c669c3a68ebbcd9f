import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import {
  allocateMachineRoomNearby,
  machineRoomNearbyStrategy,
  prefixMachineRoomResolver,
  type MachineRoomResolver,
} from '../../../../model/rocketmq/allocate/machine-room-nearby.js';
import { averagelyStrategy } from '../../../../model/rocketmq/allocate/averagely.js';
import { byConfigStrategy } from '../../../../model/rocketmq/allocate/by-config.js';
import { illegalArgument, type AllocateStrategy } from '../../../../model/rocketmq/allocate/allocate-strategy.js';
import { messageQueueKey, type MessageQueue } from '../../../../model/rocketmq/message-queue.js';

// Fixtures of AllocateMachineRoomNearByTest: rooms IDC1..IDCn, brokers "<room>-brokerName", consumers "<room>-CID-i",
// and a resolver taking the part before the first "-".
const CID_PREFIX = 'CID-';
const topic = 'topic_test';
const machineRoomResolver = prefixMachineRoomResolver('-');
const strategy = machineRoomNearbyStrategy(averagelyStrategy(), machineRoomResolver);

const createConsumerIdList = (room: string, size: number): string[] =>
  Array.from({ length: size }, (_, i) => `${room}-${CID_PREFIX}${i}`);
const createMessageQueueList = (room: string, size: number): MessageQueue[] =>
  Array.from({ length: size }, (_, i) => ({ topic, brokerName: `${room}-brokerName`, queueId: i }));
const prepareMQ = (rooms: number, queueSize: number): MessageQueue[] =>
  Array.from({ length: rooms }, (_, i) => createMessageQueueList(`IDC${i + 1}`, queueSize)).flat();
const prepareConsumer = (rooms: number, consumerSize: number): string[] =>
  Array.from({ length: rooms }, (_, i) => createConsumerIdList(`IDC${i + 1}`, consumerSize)).flat();

function allocateOrFail(cid: string, mqAll: readonly MessageQueue[], cidAll: readonly string[]): readonly MessageQueue[] {
  const r = strategy.allocate('Test-C-G', cid, mqAll, cidAll);
  if (!r.ok) throw new Error(r.message);
  return r.queues;
}

/** Java hasAllocateAllQ: every queue allocated exactly once overall (or nothing when there is no consumer). */
function expectAllocatedAllOnce(cidAll: readonly string[], mqAll: readonly MessageQueue[], resAll: readonly MessageQueue[]): void {
  if (cidAll.length === 0) {
    expect(resAll).toEqual([]);
    return;
  }
  expect(resAll.map(messageQueueKey).sort()).toEqual(mqAll.map(messageQueueKey).sort());
}

function testWhenIDCSizeEquals(idcSize: number, queueSize: number, consumerSize: number): void {
  const cidAll = prepareConsumer(idcSize, consumerSize);
  const mqAll = prepareMQ(idcSize, queueSize);
  const resAll: MessageQueue[] = [];
  for (const cid of cidAll) {
    const res = allocateOrFail(cid, mqAll, cidAll);
    for (const mq of res) expect(machineRoomResolver.brokerDeployIn(mq)).toBe(machineRoomResolver.consumerDeployIn(cid));
    resAll.push(...res);
  }
  expectAllocatedAllOnce(cidAll, mqAll, resAll);
}

function testWhenConsumerIDCIsMore(brokerIdcSize: number, consumerMore: number, queueSize: number, consumerSize: number): void {
  const cidAll = prepareConsumer(brokerIdcSize + consumerMore, consumerSize);
  const mqAll = prepareMQ(brokerIdcSize, queueSize);
  const brokerRooms = new Set(mqAll.map((mq) => machineRoomResolver.brokerDeployIn(mq)));
  const resAll: MessageQueue[] = [];
  for (const cid of cidAll) {
    const res = allocateOrFail(cid, mqAll, cidAll);
    for (const mq of res) {
      // A room with consumers keeps its queues to itself.
      if (brokerRooms.has(machineRoomResolver.brokerDeployIn(mq))) {
        expect(machineRoomResolver.brokerDeployIn(mq)).toBe(machineRoomResolver.consumerDeployIn(cid));
      }
    }
    resAll.push(...res);
  }
  expectAllocatedAllOnce(cidAll, mqAll, resAll);
}

function testWhenConsumerIDCIsLess(brokerIdcSize: number, consumerIdcLess: number, queueSize: number, consumerSize: number): void {
  const cidAll = prepareConsumer(brokerIdcSize - consumerIdcLess, consumerSize);
  const mqAll = prepareMQ(brokerIdcSize, queueSize);
  const healthyRooms = new Set(cidAll.map((cid) => machineRoomResolver.consumerDeployIn(cid) ?? ''));
  const resAll: MessageQueue[] = [];
  const byRoom = new Map<string, MessageQueue[]>();
  for (const cid of cidAll) {
    const room = machineRoomResolver.consumerDeployIn(cid) ?? '';
    const res = allocateOrFail(cid, mqAll, cidAll);
    byRoom.set(room, [...(byRoom.get(room) ?? []), ...res]);
    resAll.push(...res);
  }
  for (const room of healthyRooms) {
    const got = new Set((byRoom.get(room) ?? []).map(messageQueueKey));
    for (const mq of createMessageQueueList(room, queueSize)) expect(got.has(messageQueueKey(mq))).toBe(true);
  }
  expectAllocatedAllOnce(cidAll, mqAll, resAll);
}

describe('allocateMachineRoomNearby (MACHINE_ROOM_NEARBY)', () => {
  it('scenario from AllocateMachineRoomNearByTest: test1, every room has consumers, queues stay in their room', () => {
    testWhenIDCSizeEquals(5, 20, 10);
    testWhenIDCSizeEquals(5, 20, 20);
    testWhenIDCSizeEquals(5, 20, 30);
    testWhenIDCSizeEquals(5, 20, 0);
  });

  it('scenario from AllocateMachineRoomNearByTest: test2, consumers in more rooms than brokers', () => {
    testWhenConsumerIDCIsMore(5, 1, 10, 10);
    testWhenConsumerIDCIsMore(5, 1, 10, 5);
    testWhenConsumerIDCIsMore(5, 1, 10, 20);
    testWhenConsumerIDCIsMore(5, 1, 10, 0);
  });

  it('scenario from AllocateMachineRoomNearByTest: test3, rooms without consumers are shared by everybody', () => {
    testWhenConsumerIDCIsLess(5, 2, 10, 10);
    testWhenConsumerIDCIsLess(5, 2, 10, 5);
    testWhenConsumerIDCIsLess(5, 2, 10, 20);
    testWhenConsumerIDCIsLess(5, 2, 10, 0);
  });

  test.prop(
    [fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 })],
    { numRuns: 10 }, // the Java test's 10 random cases; each one is large
  )('scenario from AllocateMachineRoomNearByTest: testRun10RandomCase', (consumerSize, queueSize, brokerIdcSize, consumerIdcSize) => {
    if (brokerIdcSize === consumerIdcSize) testWhenIDCSizeEquals(brokerIdcSize, queueSize, consumerSize);
    else if (brokerIdcSize > consumerIdcSize) testWhenConsumerIDCIsLess(brokerIdcSize, brokerIdcSize - consumerIdcSize, queueSize, consumerSize);
    else testWhenConsumerIDCIsMore(brokerIdcSize, consumerIdcSize - brokerIdcSize, queueSize, consumerSize);
  });

  it('appends the shared rooms in Java String order of room names (TreeMap), after my own room', () => {
    const mqAll = [...createMessageQueueList('b', 1), ...createMessageQueueList('a', 1), ...createMessageQueueList('B', 1), ...createMessageQueueList('me', 1)];
    const r = strategy.allocate('g', 'me-1', mqAll, ['me-1']);
    expect(r.ok && r.queues.map((q) => q.brokerName)).toEqual(['me-brokerName', 'B-brokerName', 'a-brokerName', 'b-brokerName']);
  });

  it('rejects a queue without machine room first, then a consumer without one, with Java messages', () => {
    const mqAll = [...createMessageQueueList('a', 1), { topic, brokerName: '-x', queueId: 3 }];
    expect(strategy.allocate('g', 'a-1', mqAll, ['a-1', '-2'])).toEqual(
      illegalArgument('Machine room is null for mq MessageQueue [topic=topic_test, brokerName=-x, queueId=3]'),
    );
    expect(strategy.allocate('g', 'a-1', createMessageQueueList('a', 1), ['a-1', '-2'])).toEqual(
      illegalArgument('Machine room is null for consumer id -2'),
    );
  });

  it('resolves rooms like the MachineRoomResolver of AllocateMachineRoomNearByTest: the part before the first "-" by default', () => {
    const resolver = prefixMachineRoomResolver();
    expect(resolver.brokerDeployIn({ topic, brokerName: 'IDC1-brokerName', queueId: 0 })).toBe('IDC1');
    expect(resolver.consumerDeployIn('IDC2-CID-0')).toBe('IDC2');
    // Java split drops trailing empty parts: a name of separators only has no [0] (Java would throw), so no room.
    expect(resolver.brokerDeployIn({ topic, brokerName: '--', queueId: 0 })).toBeNull();
    const byAt = prefixMachineRoomResolver('@');
    expect(byAt.brokerDeployIn({ topic, brokerName: 'IDC3@b-1', queueId: 0 })).toBe('IDC3');
    expect(byAt.consumerDeployIn('IDC4@c-1')).toBe('IDC4');
  });

  it('rejects a queue or a consumer whose resolver answers null (Java: "Machine room is null for …")', () => {
    const rooms = new Map([['IDC1-brokerName', 'IDC1'], ['IDC1-CID-0', 'IDC1']]);
    const partial: MachineRoomResolver = {
      brokerDeployIn: (mq) => rooms.get(mq.brokerName) ?? null,
      consumerDeployIn: (cid) => rooms.get(cid) ?? null,
    };
    const mine = createMessageQueueList('IDC1', 1);
    const unknownBroker = { topic, brokerName: 'IDC9-brokerName', queueId: 0 };
    expect(allocateMachineRoomNearby(averagelyStrategy(), partial, 'g', 'IDC1-CID-0', [...mine, unknownBroker], ['IDC1-CID-0'])).toEqual(
      illegalArgument('Machine room is null for mq MessageQueue [topic=topic_test, brokerName=IDC9-brokerName, queueId=0]'),
    );
    expect(allocateMachineRoomNearby(averagelyStrategy(), partial, 'g', 'IDC1-CID-0', mine, ['IDC1-CID-0', 'IDC9-CID-0'])).toEqual(
      illegalArgument('Machine room is null for consumer id IDC9-CID-0'),
    );
  });

  it("returns an inner strategy's error from a shared room's split as is (Java propagates it)", () => {
    // The inner strategy fails only when handed the queues of room "b", which has no consumer and so is shared.
    const failsOnB: AllocateStrategy = {
      name: 'FAILS_ON_B',
      allocate: (group, cid, mqAll, cidAll) =>
        mqAll.some((mq) => mq.brokerName === 'b-brokerName') ? illegalArgument('boom in b') : averagelyStrategy().allocate(group, cid, mqAll, cidAll),
    };
    const mqAll = [...createMessageQueueList('a', 1), ...createMessageQueueList('b', 1)];
    expect(machineRoomNearbyStrategy(failsOnB, prefixMachineRoomResolver('-')).allocate('g', 'a-1', mqAll, ['a-1'])).toEqual(illegalArgument('boom in b'));
  });

  it('runs the shared checks before resolving rooms', () => {
    const nowhere: MachineRoomResolver = { brokerDeployIn: () => null, consumerDeployIn: () => null };
    expect(allocateMachineRoomNearby(averagelyStrategy(), nowhere, 'g', 'x', createMessageQueueList('a', 1), ['y'])).toEqual({
      ok: true,
      queues: [],
    });
  });

  it('returns an inner strategy error as is', () => {
    const failing: AllocateStrategy = { name: 'FAIL', allocate: () => illegalArgument('boom') };
    expect(machineRoomNearbyStrategy(failing, machineRoomResolver).allocate('g', 'a-1', createMessageQueueList('a', 2), ['a-1'])).toEqual(
      illegalArgument('boom'),
    );
  });

  it('concatenates inner results without deduplication (an inner CONFIG repeats its list per room)', () => {
    const list = createMessageQueueList('z', 1);
    const proxy = machineRoomNearbyStrategy(byConfigStrategy(list), machineRoomResolver);
    const mqAll = [...createMessageQueueList('a', 1), ...createMessageQueueList('b', 1)];
    expect(proxy.allocate('g', 'a-1', mqAll, ['a-1'])).toEqual({ ok: true, queues: [...list, ...list] });
  });

  it('is named after its inner strategy', () => {
    expect(strategy.name).toBe('MACHINE_ROOM_NEARBY-AVG');
  });
});
