import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kafkaConsumerScenarios, realize } from '../../properties/kafka/consumer/arbitraries.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';

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
