/**
 * Unit tests of `model/kafka/consumer/kafka-consumer.ts`, written for the checks the mutation run found unguarded:
 * `KafkaConsumer.position`, `KafkaConsumer.committed` and `seekToEnd` (apache/kafka 1.0.0, and 0.10.0.0 under the
 * `kafka-0.10.0` profile).
 */
import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer, stepKafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerObservation } from '../../../../model/kafka/consumer/observation.js';
import type { KafkaConsumerState } from '../../../../model/kafka/consumer/state.js';
import type { Outcome } from '../../../../model/outcome.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';
type Committed = { topic: string; partition: number; offset: number }[];

/** Runs commands through the model's step from a setup with topic t (3 partitions), auto.offset.reset=earliest. */
function run(profile: Profile, committed: Committed, commands: KafkaConsumerCommand[]): { outcomes: Outcome[]; final: KafkaConsumerObservation } {
  let state: KafkaConsumerState = kafkaConsumer.init(
    kafkaConsumer.setupSchema.parse({ profile, topics: { t: 3 }, autoOffsetReset: 'earliest', committed }),
  );
  const outcomes: Outcome[] = [];
  for (const command of commands) {
    const step = stepKafkaConsumer(state, command);
    state = step.state;
    outcomes.push(step.outcome);
  }
  return { outcomes, final: kafkaConsumer.observe(state) };
}

const p = (topic: string, partition: number) => ({ topic, partition });
const assign = (...partitions: { topic: string; partition: number }[]): KafkaConsumerCommand => ({ type: 'assign', partitions });
const position = (topic: string, partition: number): KafkaConsumerCommand => ({ type: 'position', partition: p(topic, partition) });
const committedCmd = (topic: string, partition: number): KafkaConsumerCommand => ({ type: 'committed', partition: p(topic, partition) });
const stored: Committed = [
  { topic: 't', partition: 0, offset: 4 },
  { topic: 't', partition: 1, offset: 7 },
];

describe('position(tp) (KafkaConsumer.position)', () => {
  it('refuses a partition not assigned to this consumer with IllegalArgumentException', () => {
    const { outcomes } = run('kafka-1.0', [], [assign(p('t', 0)), position('t', 1)]);
    expect(outcomes[1]).toEqual({
      ok: false,
      error: 'IllegalArgumentException',
      message: 'You can only check the position for partitions assigned to this consumer.',
    });
  });

  it('answers a known position as it is, resolving no other partition (1.0)', () => {
    const { outcomes, final } = run('kafka-1.0', stored, [assign(p('t', 0), p('t', 1)), { type: 'seek', partition: p('t', 0), offset: 2 }, position('t', 0)]);
    expect(outcomes[2]).toEqual({ ok: true, value: 2 });
    expect(final.partitions['t-1']).toMatchObject({ position: null, committed: null });
  });

  it('resolves a missing position from the committed offset (updateFetchPositions)', () => {
    const { outcomes, final } = run('kafka-1.0', stored, [assign(p('t', 0)), position('t', 0)]);
    expect(outcomes[1]).toEqual({ ok: true, value: 4 });
    expect(final.partitions['t-0']).toMatchObject({ position: 4 });
  });

  for (const profile of ['kafka-1.0', 'kafka-0.10.0'] as const) {
    it(`answers TimeoutException for a partition whose topic has no log (Java blocks) (${profile})`, () => {
      const { outcomes, final } = run(profile, [], [assign(p('x', 0)), position('x', 0)]);
      expect(outcomes[1]).toEqual({ ok: false, error: 'TimeoutException', message: 'position: x-0 has no log to resolve a position from' });
      expect(final.partitions['x-0']).toMatchObject({ position: null });
    });
  }
});

describe('committed(tp) (KafkaConsumer.committed)', () => {
  for (const profile of ['kafka-1.0', 'kafka-0.10.0'] as const) {
    it(`asks the group for a partition not assigned to this consumer (${profile})`, () => {
      const { outcomes } = run(profile, stored, [assign(p('t', 2)), committedCmd('t', 0)]);
      expect(outcomes[1]).toEqual({ ok: true, value: 4 });
    });
  }

  it('1.0 asks the group even for an assigned partition and leaves the committed cache alone', () => {
    const { outcomes, final } = run('kafka-1.0', stored, [assign(p('t', 0), p('t', 1)), committedCmd('t', 0)]);
    expect(outcomes[1]).toEqual({ ok: true, value: 4 });
    expect(final.partitions['t-0']).toMatchObject({ committed: null });
    expect(final.partitions['t-1']).toMatchObject({ committed: null });
  });

  it('0.10.0 answers an assigned partition from its cache without refreshing the others', () => {
    const { outcomes, final } = run('kafka-0.10.0', stored, [
      assign(p('t', 0), p('t', 1)),
      { type: 'commitSync', offsets: [{ ...p('t', 0), offset: 3 }] },
      committedCmd('t', 0),
    ]);
    expect(outcomes[2]).toEqual({ ok: true, value: 3 });
    expect(final.partitions['t-1']).toMatchObject({ committed: null });
  });

  it('0.10.0 fills the cache of every assigned partition when it must (refreshCommittedOffsetsIfNeeded)', () => {
    const { outcomes, final } = run('kafka-0.10.0', stored, [assign(p('t', 0), p('t', 1)), committedCmd('t', 0)]);
    expect(outcomes[1]).toEqual({ ok: true, value: 4 });
    expect(final.partitions['t-1']).toMatchObject({ committed: 7 });
  });
});

describe('seekToEnd (KafkaConsumer.seekToEnd: a LATEST reset, resolved lazily)', () => {
  it('leaves a pending LATEST reset that resolves to the high watermark', () => {
    const pending = run('kafka-1.0', [], [{ type: 'produce', topic: 't', partition: 0, count: 5 }, assign(p('t', 0)), { type: 'seekToEnd', partitions: [p('t', 0)] }]);
    expect(pending.final.partitions['t-0']).toMatchObject({ position: null, resetStrategy: 'LATEST' });
    const resolved = run('kafka-1.0', [], [{ type: 'produce', topic: 't', partition: 0, count: 5 }, assign(p('t', 0)), { type: 'seekToEnd', partitions: [p('t', 0)] }, position('t', 0)]);
    expect(resolved.outcomes[3]).toEqual({ ok: true, value: 5 });
  });
});
