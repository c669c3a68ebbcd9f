/**
 * Unit tests of `model/kafka/consumer/fetch-positions.ts`, written for the checks the mutation run found unguarded.
 * They follow `KafkaConsumer.updateFetchPositions` (apache/kafka 1.0.0 and 0.10.0.0): pending resets first, and the
 * committed offsets are refreshed only while some partition still has no position.
 */
import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import { runTrace } from '../../../../model/trace.js';
import type { KafkaConsumerObservation } from '../../../../model/kafka/consumer/observation.js';
import type { Outcome } from '../../../../model/outcome.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';

/** Runs commands through the model's step from a setup with topic t (3 partitions). */
function run(
  profile: Profile,
  autoOffsetReset: 'earliest' | 'none',
  committed: { topic: string; partition: number; offset: number }[],
  commands: KafkaConsumerCommand[],
): { outcomes: Outcome[]; final: KafkaConsumerObservation } {
  const trace = runTrace(kafkaConsumer, kafkaConsumer.setupSchema.parse({ profile, topics: { t: 3 }, autoOffsetReset, committed }), commands);
  return { outcomes: trace.steps.map((step) => step.outcome), final: trace.steps.at(-1)?.after ?? trace.initial };
}

const p = (topic: string, partition: number) => ({ topic, partition });
const poll: KafkaConsumerCommand = { type: 'poll' };

describe('updateFetchPositions', () => {
  it('does not fetch committed offsets when the pending resets leave every position known (1.0)', () => {
    const { final } = run('kafka-1.0', 'earliest', [{ topic: 't', partition: 0, offset: 2 }], [
      { type: 'assign', partitions: [p('t', 0)] },
      { type: 'seekToBeginning', partitions: [] },
      poll,
    ]);
    expect(final.partitions['t-0']).toMatchObject({ position: 0, committed: null });
  });

  it('does not fetch committed offsets when every position is known (0.10.0)', () => {
    const { final } = run('kafka-0.10.0', 'earliest', [{ topic: 't', partition: 0, offset: 2 }], [
      { type: 'assign', partitions: [p('t', 0)] },
      { type: 'seek', partition: p('t', 0), offset: 0 },
      poll,
    ]);
    expect(final.partitions['t-0']).toMatchObject({ position: 0, committed: null });
  });

  it('throws a pending NONE reset before resolving other partitions from their committed offsets (1.0)', () => {
    const { outcomes, final } = run('kafka-1.0', 'none', [{ topic: 't', partition: 2, offset: 4 }], [
      { type: 'assign', partitions: [p('t', 0)] },
      poll,
      { type: 'assign', partitions: [p('t', 0), p('t', 2)] },
      poll,
    ]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: 'NoOffsetForPartitionException' });
    expect(outcomes[3]).toMatchObject({ ok: false, error: 'NoOffsetForPartitionException', message: expect.stringContaining('t-0') });
    expect(final.partitions['t-2']).toMatchObject({ position: null });
  });

  for (const profile of ['kafka-1.0', 'kafka-0.10.0'] as const) {
    it(`leaves a reset pending on a partition whose topic has no log, resolving the others (${profile})`, () => {
      const { outcomes, final } = run(profile, 'earliest', [], [
        { type: 'assign', partitions: [p('t', 0), p('x', 0)] },
        { type: 'seekToBeginning', partitions: [] },
        poll,
      ]);
      expect(outcomes[2]).toEqual({ ok: true, value: [] });
      expect(final.partitions['t-0']).toMatchObject({ position: 0, resetStrategy: null });
      expect(final.partitions['x-0']).toMatchObject({ position: null, resetStrategy: 'EARLIEST' });
    });
  }
});
