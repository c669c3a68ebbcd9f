/**
 * The registry of RocketMQ 4.9.8 queue-allocation strategies by their Java `getName()` (apache/rocketmq
 * rocketmq-all-4.9.8, `client/.../consumer/rebalance/`), with the options each Java constructor or setter takes:
 *
 * | name                  | Java class                             | options                                          |
 * | --------------------- | -------------------------------------- | ------------------------------------------------ |
 * | `AVG`                 | AllocateMessageQueueAveragely          | none                                             |
 * | `AVG_BY_CIRCLE`       | AllocateMessageQueueAveragelyByCircle  | none                                             |
 * | `CONSISTENT_HASH`     | AllocateMessageQueueConsistentHash     | `virtualNodeCnt` (default 10, ≥ 0); MD5 hash     |
 * | `CONFIG`              | AllocateMessageQueueByConfig           | `messageQueueList` (default `[]`)                |
 * | `MACHINE_ROOM`        | AllocateMessageQueueByMachineRoom      | `consumeridcs` (the consumer's rooms)            |
 * | `MACHINE_ROOM_NEARBY` | AllocateMachineRoomNearby              | `inner` strategy spec + `resolver`               |
 *
 * A spec is plain JSON so that scenarios can name a strategy; `strategySpecSchema` validates one. The nearby
 * proxy's resolver is data too: `prefix` (room = part before the first separator, as in AllocateMachineRoomNearByTest)
 * or `table` (explicit broker-name → room and client-id → room maps; an unknown name has no room, which the
 * strategy rejects with Java's `IllegalArgumentException`).
 */
import { z } from 'zod';
import { match } from 'ts-pattern';
import { messageQueueSchema, type MessageQueue } from '../message-queue.js';
import { nameRecord } from '../../name-record.js';
import { NAME_MAX_LENGTH, QUEUE_LIST_MAX, TABLE_ENTRIES_MAX, VIRTUAL_NODES_MAX, boundedString } from '../limits.js';
import type { AllocateStrategy, StrategyResult } from './allocate-strategy.js';
import { averagelyByCircleStrategy } from './averagely-by-circle.js';
import { averagelyStrategy } from './averagely.js';
import { byConfigStrategy } from './by-config.js';
import { byMachineRoomStrategy } from './by-machine-room.js';
import { consistentHashStrategy } from './consistent-hash.js';
import { machineRoomNearbyStrategy, prefixMachineRoomResolver, type MachineRoomResolver } from './machine-room-nearby.js';

/** The strategy names, as Java's `getName()` returns them (the nearby proxy's own name gets `-<inner>` appended). */
export const STRATEGY_NAMES = ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH', 'CONFIG', 'MACHINE_ROOM', 'MACHINE_ROOM_NEARBY'] as const;

/** One of `STRATEGY_NAMES`. */
export type StrategyName = (typeof STRATEGY_NAMES)[number];

/** How `MACHINE_ROOM_NEARBY` finds rooms, as data. */
export type ResolverSpec =
  | { readonly kind: 'prefix'; readonly separator: string }
  | {
      readonly kind: 'table';
      readonly brokerRooms: Readonly<Record<string, string>>;
      readonly consumerRooms: Readonly<Record<string, string>>;
    };

/** A strategy by name with its options. */
export type StrategySpec =
  | { readonly name: 'AVG' }
  | { readonly name: 'AVG_BY_CIRCLE' }
  | { readonly name: 'CONSISTENT_HASH'; readonly virtualNodeCnt?: number | undefined }
  | { readonly name: 'CONFIG'; readonly messageQueueList?: readonly MessageQueue[] | undefined }
  | { readonly name: 'MACHINE_ROOM'; readonly consumeridcs: readonly string[] }
  | { readonly name: 'MACHINE_ROOM_NEARBY'; readonly inner: StrategySpec; readonly resolver: ResolverSpec };

// Broker names, client ids, rooms and separators.
const name = boundedString(NAME_MAX_LENGTH, 'a name');

/** Validates a `ResolverSpec` given as JSON. */
export const resolverSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('prefix'), separator: name }),
  z.object({
    kind: z.literal('table'),
    brokerRooms: nameRecord(name, name, TABLE_ENTRIES_MAX),
    consumerRooms: nameRecord(name, name, TABLE_ENTRIES_MAX),
  }),
]);

/** Validates a `StrategySpec` given as JSON (recursive through `MACHINE_ROOM_NEARBY.inner`). */
export const strategySpecSchema: z.ZodType<StrategySpec> = z.lazy(() =>
  z.discriminatedUnion('name', [
    z.object({ name: z.literal('AVG') }),
    z.object({ name: z.literal('AVG_BY_CIRCLE') }),
    z.object({ name: z.literal('CONSISTENT_HASH'), virtualNodeCnt: z.number().int().max(VIRTUAL_NODES_MAX, `virtualNodeCnt must be at most ${VIRTUAL_NODES_MAX}`).optional() }),
    z.object({ name: z.literal('CONFIG'), messageQueueList: z.array(messageQueueSchema).max(QUEUE_LIST_MAX, `at most ${QUEUE_LIST_MAX} queues`).optional() }),
    z.object({ name: z.literal('MACHINE_ROOM'), consumeridcs: z.array(name).max(TABLE_ENTRIES_MAX, `at most ${TABLE_ENTRIES_MAX} rooms`) }),
    z.object({ name: z.literal('MACHINE_ROOM_NEARBY'), inner: strategySpecSchema, resolver: resolverSpecSchema }),
  ]),
);

/** The resolver a `ResolverSpec` describes. */
export function createResolver(spec: ResolverSpec): MachineRoomResolver {
  return match(spec)
    .with({ kind: 'prefix' }, (s) => prefixMachineRoomResolver(s.separator))
    .with({ kind: 'table' }, (s) => {
      // Own-property lookups only, so names like "constructor" do not hit Object.prototype.
      const lookup = (table: Readonly<Record<string, string>>, name: string): string | null =>
        Object.prototype.hasOwnProperty.call(table, name) ? (table[name] ?? null) : null;
      return {
        brokerDeployIn: (mq: MessageQueue) => lookup(s.brokerRooms, mq.brokerName),
        consumerDeployIn: (cid: string) => lookup(s.consumerRooms, cid),
      };
    })
    .exhaustive();
}

/**
 * The strategy a spec describes, or the `IllegalArgumentException` its Java constructor would throw
 * (only `CONSISTENT_HASH` with a negative `virtualNodeCnt`, also when nested as a nearby proxy's inner strategy).
 */
export function createStrategy(spec: StrategySpec): StrategyResult {
  const ok = (strategy: AllocateStrategy): StrategyResult => ({ ok: true, strategy });
  return match<StrategySpec, StrategyResult>(spec)
    .with({ name: 'AVG' }, () => ok(averagelyStrategy()))
    .with({ name: 'AVG_BY_CIRCLE' }, () => ok(averagelyByCircleStrategy()))
    .with({ name: 'CONSISTENT_HASH' }, (s) => consistentHashStrategy(s.virtualNodeCnt))
    .with({ name: 'CONFIG' }, (s) => ok(byConfigStrategy(s.messageQueueList)))
    .with({ name: 'MACHINE_ROOM' }, (s) => ok(byMachineRoomStrategy(s.consumeridcs)))
    .with({ name: 'MACHINE_ROOM_NEARBY' }, (s) => {
      const inner = createStrategy(s.inner);
      return inner.ok ? ok(machineRoomNearbyStrategy(inner.strategy, createResolver(s.resolver))) : inner;
    })
    .exhaustive();
}
