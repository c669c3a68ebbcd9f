/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMachineRoomNearby` and its `MachineRoomResolver`
 * (apache/rocketmq rocketmq-all-4.9.8), strategy name `MACHINE_ROOM_NEARBY-<inner>`: a proxy that keeps each
 * machine room's queues inside that room when the room has a live consumer, and shares the queues of rooms without
 * consumers among everybody, delegating each split to an inner strategy.
 */
import { javaSplit, javaStringCompare } from '../../java/java-string.js';
import { messageQueueToString, type MessageQueue } from '../message-queue.js';
import { allocated, illegalArgument, type AllocateResult, type AllocateStrategy } from './allocate-strategy.js';
import { checkAllocateArguments } from './check-arguments.js';

/** Java `MachineRoomResolver`: where a broker's queue and a consumer are deployed. Must be pure. */
export interface MachineRoomResolver {
  /** The machine room of the broker hosting `mq`; `null`/`""` is rejected like Java's null. */
  brokerDeployIn(mq: MessageQueue): string | null;
  /** The machine room of consumer `clientID`; `null`/`""` is rejected like Java's null. */
  consumerDeployIn(clientID: string): string | null;
}

/**
 * The resolver used by `AllocateMachineRoomNearByTest`: the room is the part before the first `separator`
 * (Java `split(separator)[0]`) of the broker name and of the client id, e.g. `IDC1-brokerName` ⇒ `IDC1`. Where
 * Java's `[0]` would throw (the name is only separators), the model answers `null`, i.e. "no machine room".
 */
export function prefixMachineRoomResolver(separator = '-'): MachineRoomResolver {
  const roomOf = (name: string): string | null => javaSplit(name, separator)[0] ?? null;
  return { brokerDeployIn: (mq) => roomOf(mq.brokerName), consumerDeployIn: roomOf };
}

/** Adds `value` to the list at `key`, creating it (Java's `mr2Mq` / `mr2c` grouping). */
function push<T>(groups: Map<string, T[]>, key: string, value: T): void {
  const list = groups.get(key);
  if (list === undefined) groups.set(key, [value]);
  else list.push(value);
}

/**
 * MACHINE_ROOM_NEARBY allocation. After the shared checks, every queue and every consumer must resolve to a
 * non-empty room (else `IllegalArgumentException("Machine room is null for mq <toString>" / "… for consumer id
 * <cid>")`, queues checked first). Then, concatenated in this order:
 * 1. `inner(currentCID, queues of my room, consumers of my room)` if my room has queues;
 * 2. for each other room with queues and no consumer, in Java `String` order of room names (a `TreeMap`):
 *    `inner(currentCID, that room's queues, cidAll)`.
 * An inner error is returned as is (Java propagates the exception). Queue order within a room follows `mqAll`.
 */
export function allocateMachineRoomNearby(
  inner: AllocateStrategy,
  resolver: MachineRoomResolver,
  group: string,
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  const rejected = checkAllocateArguments(currentCID, mqAll, cidAll);
  if (rejected !== null) return rejected;

  const queuesByRoom = new Map<string, MessageQueue[]>();
  for (const mq of mqAll) {
    const room = resolver.brokerDeployIn(mq);
    if (room === null || room.length === 0) return illegalArgument(`Machine room is null for mq ${messageQueueToString(mq)}`);
    push(queuesByRoom, room, mq);
  }
  const consumersByRoom = new Map<string, string[]>();
  for (const cid of cidAll) {
    const room = resolver.consumerDeployIn(cid);
    if (room === null || room.length === 0) return illegalArgument(`Machine room is null for consumer id ${cid}`);
    push(consumersByRoom, room, cid);
  }

  const result: MessageQueue[] = [];
  const myRoom = resolver.consumerDeployIn(currentCID) ?? '';
  const myQueues = queuesByRoom.get(myRoom);
  queuesByRoom.delete(myRoom);
  if (myQueues !== undefined && myQueues.length > 0) {
    const mine = inner.allocate(group, currentCID, myQueues, consumersByRoom.get(myRoom) ?? []);
    if (!mine.ok) return mine;
    result.push(...mine.queues);
  }
  const otherRooms = [...queuesByRoom.keys()].sort(javaStringCompare);
  for (const room of otherRooms) {
    if (consumersByRoom.has(room)) continue; // that room's own consumers take its queues
    const shared = inner.allocate(group, currentCID, queuesByRoom.get(room) ?? [], cidAll);
    if (!shared.ok) return shared;
    result.push(...shared.queues);
  }
  return allocated(result);
}

/** The `MACHINE_ROOM_NEARBY` proxy (`new AllocateMachineRoomNearby(inner, resolver)`), named `MACHINE_ROOM_NEARBY-<inner>`. */
export function machineRoomNearbyStrategy(inner: AllocateStrategy, resolver: MachineRoomResolver): AllocateStrategy {
  return {
    name: `MACHINE_ROOM_NEARBY-${inner.name}`,
    allocate: (group, currentCID, mqAll, cidAll) => allocateMachineRoomNearby(inner, resolver, group, currentCID, mqAll, cidAll),
  };
}
