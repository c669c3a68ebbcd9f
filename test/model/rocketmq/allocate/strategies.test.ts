import { describe, expect, it } from 'vitest';
import {
  createResolver,
  createStrategy,
  STRATEGY_NAMES,
  strategySpecSchema,
  type StrategySpec,
} from '../../../../model/rocketmq/allocate/strategies.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

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
