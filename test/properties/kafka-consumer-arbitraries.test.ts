import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kafkaConsumerScenarios, realize } from '../../properties/kafka/consumer/arbitraries.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import { kafkaGroupScenarios } from '../../properties/kafka/group/arbitraries.js';

describe('kafka.consumer scenario generation', () => {
  const fresh = kafkaConsumer.init({ profile: 'kafka-1.0', topics: { t0: 1, t1: 1 }, autoOffsetReset: 'earliest', committed: [] });

  it('turns a poll that waits for a subscription into an assign or a subscribe, and only a subscribe when the mix draws no assign', () => {
    const waiting = { type: 'poll' as const, a: 2, b: 0, wild: false };
    expect(realize(fresh, waiting).type).toBe('assign');
    expect(realize(fresh, waiting, { assigns: false }).type).toBe('subscribe');
    expect(realize(fresh, { ...waiting, a: 3 }).type).toBe('subscribe');
  });

  it('honours minTopics, minCommands and commitPositionsOnly', () => {
    const scenarios = fc.sample(
      kafkaConsumerScenarios({ mix: { subscribe: 1, commitSync: 3 }, minTopics: 2, minCommands: 6, maxCommands: 8, commitPositionsOnly: true, wildPerMille: 0 }),
      { seed: 1, numRuns: 50 },
    );
    for (const s of scenarios) {
      expect(Object.keys(s.setup.topics)).toHaveLength(2);
      expect(s.commands.length).toBeGreaterThanOrEqual(6);
      expect(s.commands.length).toBeLessThanOrEqual(8);
      expect(s.commands.every((c) => c.type !== 'commitSync' || c.offsets === undefined)).toBe(true);
    }
  });
});

describe('subscription lists in the user order', () => {
  const subscribes = <C extends { type: string }>(commands: readonly C[]) => commands.filter((c): c is C & { topics: string[] } => c.type === 'subscribe');
  /** True when some list of several topics also appears in the reverse order. */
  const bothOrders = (lists: readonly string[][]) => {
    const seen = new Set(lists.map((l) => l.join(',')));
    return lists.some((l) => l.length > 1 && seen.has([...l].reverse().join(',')));
  };

  it('kafka.consumer subscribes to the same topics in one order and in the other', () => {
    const lists = fc
      .sample(kafkaConsumerScenarios({ mix: { subscribe: 1 }, minTopics: 2, minCommands: 4, maxCommands: 8, wildPerMille: 0 }), { seed: 3, numRuns: 100 })
      .flatMap((s) => subscribes(s.commands).map((c) => c.topics));
    expect(bothOrders(lists)).toBe(true);
  });

  it('kafka.group members subscribe to the same topics in either order, also when their subscriptions are identical as sets', () => {
    for (const identicalSubscriptions of [false, true]) {
      const lists = fc.sample(kafkaGroupScenarios({ identicalSubscriptions }), { seed: 5, numRuns: 200 }).flatMap((s) => subscribes(s.commands).map((c) => c.topics));
      expect(bothOrders(lists), `identical ${identicalSubscriptions}`).toBe(true);
    }
  });
});
