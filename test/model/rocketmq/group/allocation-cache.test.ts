import { describe, expect, it } from 'vitest';
import { createStrategy, type StrategySpec } from '../../../../model/rocketmq/allocate/strategies.js';
import { allocateMemo } from '../../../../model/rocketmq/group/allocation-cache.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const mqAll: MessageQueue[] = [0, 1, 2, 3].map((queueId) => ({ topic: 'T', brokerName: 'broker-a', queueId }));
const AVG: StrategySpec = { name: 'AVG' };
const direct = (spec: StrategySpec, clientId: string, cidAll: string[]) => {
  const s = createStrategy(spec);
  return s.ok ? s.strategy.allocate('G', clientId, mqAll, cidAll) : s;
};

/** The memo's bound (allocation-cache.ts LIMIT, not exported): entries held before it starts afresh. */
const LIMIT = 50_000;

describe('allocateMemo (a memo of AllocateMessageQueueStrategy.allocate)', () => {
  it('answers what the strategy answers, and a repeated call from the memo (the same answer object)', () => {
    const first = allocateMemo(AVG, 'G', 'c1', mqAll, ['c1', 'c2']);
    expect(first).toEqual(direct(AVG, 'c1', ['c1', 'c2']));
    expect(allocateMemo({ name: 'AVG' }, 'G', 'c1', [...mqAll], ['c1', 'c2'])).toBe(first);
    const other = allocateMemo(AVG, 'G', 'c2', mqAll, ['c1', 'c2']);
    expect(other).toEqual(direct(AVG, 'c2', ['c1', 'c2']));
    expect(allocateMemo(AVG, 'G', 'c1', mqAll, ['c1', 'c2'])).toBe(first);
  });

  it(`is bounded: it starts afresh when ${LIMIT} answers are held, so a remembered answer is recomputed (equal, not the same)`, () => {
    const probe = () => allocateMemo(AVG, 'G', 'probe', mqAll, ['probe']);
    let held = probe();
    // Insert new answers one by one; after each, the probe is a hit until the memo starts afresh.
    const evictions: number[] = [];
    for (let i = 0; i < 2 * LIMIT + 10 && evictions.length < 2; i++) {
      allocateMemo(AVG, 'G', 'c1', mqAll, ['c1', `k${i}`]);
      const now = probe();
      if (now !== held) {
        expect(now).toEqual(held);
        evictions.push(i);
        held = now;
      }
    }
    expect(evictions).toHaveLength(2);
    // After an eviction the memo holds the new answer and the probe: LIMIT - 1 more inserts fill it.
    expect((evictions[1] ?? 0) - (evictions[0] ?? 0)).toBe(LIMIT - 1);
  });
});
