/**
 * Unit tests of `model/kafka/consumer/fetcher.ts` (`poll`), written for the checks the mutation run found unguarded.
 * They follow `KafkaConsumer.pollOnce` and `Fetcher.fetchedRecords` / `sendFetches` (apache/kafka 1.0.0, and 0.10.0.0
 * under the `kafka-0.10.0` profile). A setup with topic t of two partitions; `assign([t-0, t-1])` holds [t-1, t-0].
 */
import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import { runTrace } from '../../../../model/trace.js';
import type { KafkaConsumerObservation } from '../../../../model/kafka/consumer/observation.js';
import type { Outcome } from '../../../../model/outcome.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';

function run(profile: Profile, autoOffsetReset: 'earliest' | 'none', commands: KafkaConsumerCommand[]): { outcomes: Outcome[]; final: KafkaConsumerObservation } {
  const trace = runTrace(kafkaConsumer, kafkaConsumer.setupSchema.parse({ profile, topics: { t: 2 }, autoOffsetReset }), commands);
  return { outcomes: trace.steps.map((step) => step.outcome), final: trace.steps.at(-1)?.after ?? trace.initial };
}

const t0 = { topic: 't', partition: 0 };
const t1 = { topic: 't', partition: 1 };
const both: KafkaConsumerCommand[] = [
  { type: 'assign', partitions: [t0, t1] },
  { type: 'produce', topic: 't', partition: 0, count: 2 },
  { type: 'produce', topic: 't', partition: 1, count: 2 },
];
const records = (partition: number, ...offsets: number[]) => offsets.map((offset) => ({ topic: 't', partition, offset }));

describe('poll', () => {
  it('throws IllegalStateException with nothing subscribed or assigned under 1.0, and polls nothing under 0.10.0', () => {
    expect(run('kafka-1.0', 'earliest', [{ type: 'poll' }]).outcomes[0]).toMatchObject({ ok: false, error: 'IllegalStateException' });
    expect(run('kafka-0.10.0', 'earliest', [{ type: 'poll' }]).outcomes[0]).toEqual({ ok: true, value: [] });
  });

  it('returns at most maxRecords, taking the rest of the next partition\'s response later', () => {
    const { outcomes, final } = run('kafka-1.0', 'earliest', [...both, { type: 'poll', maxRecords: 3 }]);
    expect(outcomes[3]).toEqual({ ok: true, value: [...records(1, 0, 1), ...records(0, 0)] });
    expect(final.partitions['t-0']?.position).toBe(1);
  });

  it('under 1.0 moves a partition whose records are all returned to the end of its fetch order; 0.10.0 does not', () => {
    const poll2: KafkaConsumerCommand = { type: 'poll', maxRecords: 2 };
    expect(Object.keys(run('kafka-1.0', 'earliest', both).final.partitions)).toEqual(['t-1', 't-0']);
    const after10 = run('kafka-1.0', 'earliest', [...both, poll2]);
    expect(after10.outcomes[3]).toEqual({ ok: true, value: records(1, 0, 1) });
    expect(Object.keys(after10.final.partitions)).toEqual(['t-0', 't-1']);
    expect(Object.keys(run('kafka-0.10.0', 'earliest', [...both, poll2]).final.partitions)).toEqual(['t-1', 't-0']);
  });

  it('does not fetch a paused partition', () => {
    const { outcomes } = run('kafka-1.0', 'earliest', [...both, { type: 'pause', partitions: [t1] }, { type: 'poll' }, { type: 'poll' }]);
    expect(outcomes[4]).toEqual({ ok: true, value: records(0, 0, 1) });
    expect(outcomes[5]).toEqual({ ok: true, value: [] });
  });

  it('resets a position below the log start with the default strategy, without throwing', () => {
    const commands: KafkaConsumerCommand[] = [
      ...both,
      { type: 'deleteRecords', topic: 't', partition: 0, beforeOffset: 1 },
      { type: 'seek', partition: t0, offset: 0 },
      { type: 'pause', partitions: [t1] },
      { type: 'poll' },
      { type: 'poll' },
    ];
    for (const profile of ['kafka-1.0', 'kafka-0.10.0'] as const) {
      const { outcomes } = run(profile, 'earliest', commands);
      expect(outcomes[6]).toEqual({ ok: true, value: [] });
      expect(outcomes[7]).toEqual({ ok: true, value: records(0, 1) });
    }
  });

  it('with reset none throws OFFSET_OUT_OF_RANGE after returning other partitions\' records (1.0) or before them (0.10.0)', () => {
    const commands: KafkaConsumerCommand[] = [
      ...both,
      { type: 'seek', partition: t0, offset: 9 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'poll' },
      { type: 'poll' },
    ];
    const thrown = { ok: false, error: 'OffsetOutOfRangeException', message: expect.stringContaining('{t-0=9}') };
    const v10 = run('kafka-1.0', 'none', commands).outcomes;
    expect(v10[5]).toEqual({ ok: true, value: records(1, 0, 1) });
    expect(v10[6]).toEqual(thrown);
    const v0100 = run('kafka-0.10.0', 'none', commands).outcomes;
    expect(v0100[5]).toEqual(thrown);
    expect(v0100[6]).toEqual({ ok: true, value: records(1, 0, 1) });
  });
});
