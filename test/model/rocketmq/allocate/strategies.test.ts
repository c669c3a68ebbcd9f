import { describe, expect, it, vi } from 'vitest';
import {
  createResolver,
  createStrategy,
  STRATEGY_NAMES,
  strategySpecSchema,
  type StrategySpec,
} from '../../../../model/rocketmq/allocate/strategies.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';
import type { AnySystemModel } from '../../../../model/system.js';
import { parseScenario } from '../../../../model/parse-scenario.js';
import { QUEUE_LIST_MAX, TABLE_ENTRIES_MAX, VIRTUAL_NODES_MAX } from '../../../../model/rocketmq/limits.js';

const queues = (n: number, brokerName = 'room1@b'): MessageQueue[] =>
  Array.from({ length: n }, (_, i) => ({ topic: 't', brokerName, queueId: i }));

describe('createStrategy', () => {
  const specs: Record<(typeof STRATEGY_NAMES)[number], StrategySpec> = {
    AVG: { name: 'AVG' },
    AVG_BY_CIRCLE: { name: 'AVG_BY_CIRCLE' },
    CONSISTENT_HASH: { name: 'CONSISTENT_HASH' },
    CONFIG: { name: 'CONFIG', messageQueueList: queues(1) },
    MACHINE_ROOM: { name: 'MACHINE_ROOM', consumeridcs: ['room1'] },
    MACHINE_ROOM_NEARBY: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { kind: 'prefix', separator: '@' } },
  };

  it.each(STRATEGY_NAMES)('builds %s with its Java name', (name) => {
    const built = createStrategy(specs[name]);
    expect(built.ok && built.strategy.name).toBe(name === 'MACHINE_ROOM_NEARBY' ? 'MACHINE_ROOM_NEARBY-AVG' : name);
  });

  it('builds strategies that allocate (AVG over 4 queues and 2 consumers)', () => {
    const built = createStrategy({ name: 'AVG' });
    expect(built.ok && built.strategy.allocate('g', 'b', queues(4), ['a', 'b'])).toEqual({ ok: true, queues: queues(4).slice(2) });
  });

  it('reports a negative virtualNodeCnt, also when nested in MACHINE_ROOM_NEARBY', () => {
    const error = { ok: false, error: 'IllegalArgumentException', message: 'illegal virtualNodeCnt :-2' };
    expect(createStrategy({ name: 'CONSISTENT_HASH', virtualNodeCnt: -2 })).toEqual(error);
    expect(
      createStrategy({
        name: 'MACHINE_ROOM_NEARBY',
        inner: { name: 'CONSISTENT_HASH', virtualNodeCnt: -2 },
        resolver: { kind: 'prefix', separator: '-' },
      }),
    ).toEqual(error);
  });
});

describe('createResolver', () => {
  it('looks rooms up in a table, own keys only', () => {
    const r = createResolver({ kind: 'table', brokerRooms: { b1: 'east' }, consumerRooms: { c1: 'west' } });
    expect(r.brokerDeployIn({ topic: 't', brokerName: 'b1', queueId: 0 })).toBe('east');
    expect(r.brokerDeployIn({ topic: 't', brokerName: 'constructor', queueId: 0 })).toBeNull();
    expect(r.consumerDeployIn('c1')).toBe('west');
    expect(r.consumerDeployIn('c2')).toBeNull();
  });

  it('resolves a prefix resolver to the part before the separator (AllocateMachineRoomNearByTest), used by the built proxy', () => {
    const r = createResolver({ kind: 'prefix', separator: '@' });
    expect(r.brokerDeployIn({ topic: 't', brokerName: 'room1@b', queueId: 0 })).toBe('room1');
    expect(r.consumerDeployIn('room2@c')).toBe('room2');
    const built = createStrategy({ name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { kind: 'prefix', separator: '@' } });
    // room1's queues stay with room1's consumer; room2 has no queues.
    expect(built.ok && built.strategy.allocate('g', 'room1@c', queues(2), ['room1@c', 'room2@c'])).toEqual({ ok: true, queues: queues(2) });
    expect(built.ok && built.strategy.allocate('g', 'room2@c', queues(2), ['room1@c', 'room2@c'])).toEqual({ ok: true, queues: [] });
  });
});

describe('strategySpecSchema', () => {
  it('accepts nested specs and rejects unknown names', () => {
    const spec = {
      name: 'MACHINE_ROOM_NEARBY',
      inner: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'CONSISTENT_HASH', virtualNodeCnt: 3 }, resolver: { kind: 'prefix', separator: '-' } },
      resolver: { kind: 'table', brokerRooms: {}, consumerRooms: {} },
    };
    expect(strategySpecSchema.parse(spec)).toEqual(spec);
    expect(strategySpecSchema.safeParse({ name: 'RANDOM' }).success).toBe(false);
    expect(strategySpecSchema.safeParse({ name: 'CONSISTENT_HASH', virtualNodeCnt: 1.5 }).success).toBe(false);
  });
});

/**
 * The `rocketmq.allocate` setup as a scenario gives it, parsed by a fresh copy of the model: `strategySpecSchema` is
 * a `z.lazy` built at its first parse, so without a fresh module the test that happens to parse first (in another
 * file) would be the only one exercising the schema, and mutation testing would credit only that test.
 */
async function parseAllocateSetup(strategy: unknown): Promise<ReturnType<typeof parseScenario>> {
  vi.resetModules();
  const { rocketmqAllocate } = await import('../../../../model/rocketmq/allocate/allocate-system.js');
  const fresh = new Map<string, AnySystemModel>([[rocketmqAllocate.id, rocketmqAllocate as AnySystemModel]]);
  return parseScenario({ system: 'rocketmq.allocate', setup: { group: 'G', strategy }, commands: [] }, fresh);
}

describe('the rocketmq.allocate setup: strategies by their Java getName()', () => {
  const accepted: Record<(typeof STRATEGY_NAMES)[number], Record<string, unknown>> = {
    AVG: { name: 'AVG' },
    AVG_BY_CIRCLE: { name: 'AVG_BY_CIRCLE' },
    CONSISTENT_HASH: { name: 'CONSISTENT_HASH', virtualNodeCnt: VIRTUAL_NODES_MAX },
    CONFIG: { name: 'CONFIG', messageQueueList: queues(QUEUE_LIST_MAX) },
    MACHINE_ROOM: { name: 'MACHINE_ROOM', consumeridcs: Array.from({ length: TABLE_ENTRIES_MAX }, (_, i) => `room${i}`) },
    MACHINE_ROOM_NEARBY: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG_BY_CIRCLE' }, resolver: { kind: 'prefix', separator: '-' } },
  };

  it.each(STRATEGY_NAMES)('accepts %s with its options up to their limits', async (name) => {
    const parsed = await parseAllocateSetup(accepted[name]);
    expect(parsed.ok && parsed.scenario.setup).toEqual({ group: 'G', strategy: accepted[name] });
  });

  it.each([
    [{ name: 'CONSISTENT_HASH', virtualNodeCnt: VIRTUAL_NODES_MAX + 1 }, 'setup.strategy.virtualNodeCnt: virtualNodeCnt must be at most 100'],
    [{ name: 'CONFIG', messageQueueList: queues(QUEUE_LIST_MAX + 1) }, 'setup.strategy.messageQueueList: at most 4096 queues'],
    [
      { name: 'MACHINE_ROOM', consumeridcs: Array.from({ length: TABLE_ENTRIES_MAX + 1 }, (_, i) => `room${i}`) },
      'setup.strategy.consumeridcs: at most 1024 rooms',
    ],
  ])('refuses one over the limit in one positioned line (%#)', async (strategy, reason) => {
    expect(await parseAllocateSetup(strategy)).toEqual({ ok: false, reason });
  });
});
