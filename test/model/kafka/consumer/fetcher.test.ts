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

function run(
  profile: Profile,
  autoOffsetReset: 'earliest' | 'none',
  commands: KafkaConsumerCommand[],
  partitions = 2,
): { outcomes: Outcome[]; final: KafkaConsumerObservation } {
  const trace = runTrace(kafkaConsumer, kafkaConsumer.setupSchema.parse({ profile, topics: { t: partitions }, autoOffsetReset }), commands);
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
    expect(run('kafka-1.0', 'earliest', [{ type: 'poll' }]).outcomes[0]).toEqual({
      ok: false,
      error: 'IllegalStateException',
      message: 'Consumer is not subscribed to any topics or assigned any partitions',
    });
    expect(run('kafka-0.10.0', 'earliest', [{ type: 'poll' }]).outcomes[0]).toEqual({ ok: true, value: [] });
  });

  it('returns at most maxRecords, taking the rest of the next partition\'s response later', () => {
    const { outcomes, final } = run('kafka-1.0', 'earliest', [...both, { type: 'poll', maxRecords: 3 }]);
    expect(outcomes[3]).toEqual({ ok: true, value: [...records(1, 0, 1), ...records(0, 0)] });
    expect(final.partitions['t-0']?.position).toBe(1);
  });

  it('under 1.0 moves a partition to the end of its fetch order when its response is drained, which a poll whose maxRecords runs out at its end leaves to the next poll; 0.10.0 does not', () => {
    const poll2: KafkaConsumerCommand = { type: 'poll', maxRecords: 2 };
    const order = (commands: KafkaConsumerCommand[], profile: Profile = 'kafka-1.0') => Object.keys(run(profile, 'earliest', commands).final.partitions);
    expect(order(both)).toEqual(['t-1', 't-0']);
    // maxRecords 3: t-1's two records leave room, so its response is drained and t-1 moves; t-0 gives one of two.
    const roomLeft = run('kafka-1.0', 'earliest', [...both, { type: 'poll', maxRecords: 3 }]);
    expect(roomLeft.outcomes[3]).toEqual({ ok: true, value: [...records(1, 0, 1), ...records(0, 0)] });
    expect(Object.keys(roomLeft.final.partitions)).toEqual(['t-0', 't-1']);
    // maxRecords 2 ends at t-1's last record (PartitionRecords.fetchRecords stops there): the next poll drains it.
    const ranOut = run('kafka-1.0', 'earliest', [...both, poll2, poll2]);
    expect(ranOut.outcomes[3]).toEqual({ ok: true, value: records(1, 0, 1) });
    expect(ranOut.outcomes[4]).toEqual({ ok: true, value: records(0, 0, 1) });
    expect(order([...both, poll2])).toEqual(['t-1', 't-0']);
    expect(order([...both, poll2, poll2])).toEqual(['t-0', 't-1']);
    expect(order([...both, { type: 'poll', maxRecords: 3 }], 'kafka-0.10.0')).toEqual(['t-1', 't-0']);
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

  it('resets an out-of-range partition that is not last in the fetch order, then moves it to the end (Fetcher.parseCompletedFetch)', () => {
    const { outcomes, final } = run('kafka-1.0', 'earliest', [
      ...both,
      { type: 'deleteRecords', topic: 't', partition: 1, beforeOffset: 1 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'poll' },
      { type: 'poll' },
    ]);
    expect(outcomes[5]).toEqual({ ok: true, value: records(0, 0, 1) });
    expect(outcomes[6]).toEqual({ ok: true, value: records(1, 1) });
    const afterFirst = run('kafka-1.0', 'earliest', [...both, { type: 'deleteRecords', topic: 't', partition: 1, beforeOffset: 1 }, { type: 'seek', partition: t1, offset: 0 }, { type: 'poll' }]).final;
    expect(Object.values(afterFirst.partitions).map((p) => [p.partition, p.position, p.resetStrategy])).toEqual([[1, null, 'EARLIEST'], [0, 2, null]]);
    expect(Object.keys(final.partitions)).toEqual(['t-0', 't-1']);
  });

  it('under 1.0 moves a partition to the end for every error response parsed: reset, thrown, or dropped as paused (Fetcher.parseCompletedFetch)', () => {
    const outOfRange1: KafkaConsumerCommand[] = [
      { type: 'assign', partitions: [t0, t1] },
      { type: 'produce', topic: 't', partition: 1, count: 2 },
      { type: 'deleteRecords', topic: 't', partition: 1, beforeOffset: 1 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'poll' },
    ];
    // Reset: t-1 moves behind t-0, whose empty response moves nothing.
    expect(Object.keys(run('kafka-1.0', 'earliest', outOfRange1).final.partitions)).toEqual(['t-0', 't-1']);
    // Thrown (reset none): the poll that throws for t-0=9 first drains t-1's response (t-1 last), then moves t-0 last.
    const one: KafkaConsumerCommand = { type: 'poll', maxRecords: 1 };
    const thrown = run('kafka-1.0', 'none', [...both, { type: 'seek', partition: t0, offset: 9 }, { type: 'seek', partition: t1, offset: 0 }, one, one, one]);
    expect(thrown.outcomes[7]).toMatchObject({ ok: false, error: 'OffsetOutOfRangeException' });
    expect(Object.keys(thrown.final.partitions)).toEqual(['t-1', 't-0']);
    // Dropped: t-0's out-of-range response waits behind t-1's; t-0 is paused before it is parsed, and still moves.
    const dropped = run('kafka-1.0', 'earliest', [
      ...both,
      { type: 'deleteRecords', topic: 't', partition: 0, beforeOffset: 1 },
      { type: 'seek', partition: t0, offset: 0 },
      one,
      { type: 'pause', partitions: [t0] },
      { type: 'poll' },
    ]);
    expect(dropped.outcomes[7]).toEqual({ ok: true, value: records(1, 1) });
    expect(Object.keys(dropped.final.partitions)).toEqual(['t-1', 't-0']);
    expect(dropped.final.partitions['t-0']).toMatchObject({ position: 0, resetStrategy: null });
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

  it('under 1.0 leaves a partition whose response was empty where it is in the fetch order (Fetcher.PartitionRecords.drain: no bytes, no move)', () => {
    const assignBoth: KafkaConsumerCommand = { type: 'assign', partitions: [t0, t1] };
    // t-1 (first) answers nothing: only t-0, already last, moves.
    const lastHasRecords = run('kafka-1.0', 'earliest', [assignBoth, { type: 'produce', topic: 't', partition: 0, count: 2 }, { type: 'poll' }]);
    expect(lastHasRecords.outcomes[2]).toEqual({ ok: true, value: records(0, 0, 1) });
    expect(Object.keys(lastHasRecords.final.partitions)).toEqual(['t-1', 't-0']);
    // t-0 (last) answers nothing: t-1 moves behind it, and t-0 stays.
    const firstHasRecords = run('kafka-1.0', 'earliest', [assignBoth, { type: 'produce', topic: 't', partition: 1, count: 2 }, { type: 'poll' }]);
    expect(firstHasRecords.outcomes[2]).toEqual({ ok: true, value: records(1, 0, 1) });
    expect(Object.keys(firstHasRecords.final.partitions)).toEqual(['t-0', 't-1']);
  });

  it('under 1.0 moves the first of three partitions to the end, keeping the other two in order', () => {
    const t2 = { topic: 't', partition: 2 };
    const { outcomes, final } = run(
      'kafka-1.0',
      'earliest',
      [
        { type: 'assign', partitions: [t0, t1, t2] },
        { type: 'produce', topic: 't', partition: 0, count: 2 },
        { type: 'produce', topic: 't', partition: 1, count: 2 },
        { type: 'produce', topic: 't', partition: 2, count: 1 },
        { type: 'poll', maxRecords: 2 },
      ],
      3,
    );
    expect(Object.keys(run('kafka-1.0', 'earliest', [{ type: 'assign', partitions: [t0, t1, t2] }], 3).final.partitions)).toEqual(['t-2', 't-1', 't-0']);
    // t-2's one record is returned with room to spare (drained: moved); t-1 gives one of its two (not drained: stays).
    // Records in HashMap order: t-2 hashes to bucket 3, t-1 to bucket 4.
    expect(outcomes[4]).toEqual({ ok: true, value: [...records(2, 0), ...records(1, 0)] });
    expect(Object.keys(final.partitions)).toEqual(['t-1', 't-0', 't-2']);
  });

  it('drops a buffered response of a partition paused or unassigned since it was fetched', () => {
    const firstPoll: KafkaConsumerCommand = { type: 'poll', maxRecords: 1 };
    // The first poll returns t-1's offset 0 and buffers the rest of t-1's response and all of t-0's.
    const paused = run('kafka-1.0', 'earliest', [...both, firstPoll, { type: 'pause', partitions: [t0] }, { type: 'poll' }]);
    expect(paused.outcomes[3]).toEqual({ ok: true, value: records(1, 0) });
    expect(paused.outcomes[5]).toEqual({ ok: true, value: records(1, 1) });
    expect(paused.final.partitions['t-0']?.position).toBe(0);
    // t-1's response is drained (t-1 moves last); t-0's, never returned from and not an error, moves nothing.
    expect(Object.keys(paused.final.partitions)).toEqual(['t-0', 't-1']);
    const unassigned = run('kafka-1.0', 'earliest', [...both, firstPoll, { type: 'assign', partitions: [t1] }, { type: 'poll' }]);
    expect(unassigned.outcomes[5]).toEqual({ ok: true, value: records(1, 1) });
    // t-1's response, partly returned, is drained after t-1 left the assignment: nothing to move.
    const partlyReturned = run('kafka-1.0', 'earliest', [...both, firstPoll, { type: 'assign', partitions: [t0] }, { type: 'poll' }]);
    expect(partlyReturned.outcomes[5]).toEqual({ ok: true, value: records(0, 0, 1) });
    expect(Object.keys(partlyReturned.final.partitions)).toEqual(['t-0']);
  });

  it('does not fetch an assigned partition the cluster does not have', () => {
    const t5 = { topic: 't', partition: 5 };
    const { outcomes } = run('kafka-1.0', 'earliest', [
      { type: 'assign', partitions: [t0, t5] },
      { type: 'seek', partition: t5, offset: 0 },
      { type: 'produce', topic: 't', partition: 0, count: 2 },
      { type: 'poll' },
    ]);
    expect(outcomes[3]).toEqual({ ok: true, value: records(0, 0, 1) });
  });

  it('under 0.10.0 with reset none does not fetch a paused partition, so its position out of range raises nothing', () => {
    const { outcomes } = run('kafka-0.10.0', 'none', [
      ...both,
      { type: 'seek', partition: t0, offset: 9 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'pause', partitions: [t0] },
      { type: 'poll' },
    ]);
    expect(outcomes[6]).toEqual({ ok: true, value: records(1, 0, 1) });
  });

  it('under 0.10.0 with reset none returns the records of a fetch with nothing out of range', () => {
    const { outcomes } = run('kafka-0.10.0', 'none', [...both, { type: 'seek', partition: t0, offset: 0 }, { type: 'seek', partition: t1, offset: 0 }, { type: 'poll' }]);
    expect(outcomes[5]).toEqual({ ok: true, value: [...records(1, 0, 1), ...records(0, 0, 1)] });
  });

  it('under 0.10.0 forgets the out-of-range response it threw for (throwIfOffsetOutOfRange clears it): once in range, the next poll fetches', () => {
    const { outcomes } = run('kafka-0.10.0', 'none', [
      { type: 'assign', partitions: [t0, t1] },
      { type: 'produce', topic: 't', partition: 0, count: 2 },
      { type: 'seek', partition: t0, offset: 5 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'poll' },
      { type: 'produce', topic: 't', partition: 0, count: 5 },
      { type: 'poll' },
    ]);
    expect(outcomes[4]).toEqual({ ok: false, error: 'OffsetOutOfRangeException', message: expect.stringContaining('{t-0=5}') });
    expect(outcomes[6]).toEqual({ ok: true, value: records(0, 5, 6) });
  });

  it('under 1.0 with reset none throws from a fresh fetch that has no other records to return', () => {
    const { outcomes, final } = run('kafka-1.0', 'none', [
      { type: 'assign', partitions: [t0] },
      { type: 'produce', topic: 't', partition: 0, count: 2 },
      { type: 'seek', partition: t0, offset: 9 },
      { type: 'poll' },
    ]);
    expect(outcomes[3]).toEqual({ ok: false, error: 'OffsetOutOfRangeException', message: 'Offsets out of range with no configured reset policy for partitions: {t-0=9}' });
    expect(final.partitions['t-0']?.position).toBe(9);
  });

  it('under 1.0 a poll that throws for a buffered out-of-range response sends no fetch (KafkaConsumer.pollOnce)', () => {
    const { outcomes } = run('kafka-1.0', 'none', [
      ...both,
      { type: 'seek', partition: t0, offset: 9 },
      { type: 'seek', partition: t1, offset: 0 },
      { type: 'poll' },
      { type: 'produce', topic: 't', partition: 1, count: 3 },
      { type: 'poll' },
      { type: 'seek', partition: t0, offset: 0 },
      { type: 'produce', topic: 't', partition: 1, count: 2 },
      { type: 'poll' },
    ]);
    expect(outcomes[5]).toEqual({ ok: true, value: records(1, 0, 1) });
    expect(outcomes[7]).toMatchObject({ ok: false, error: 'OffsetOutOfRangeException' });
    // Nothing was fetched at the throw: this poll fetches both partitions afresh, t-1 up to its new end.
    expect(outcomes[10]).toEqual({ ok: true, value: [...records(1, 2, 3, 4, 5, 6), ...records(0, 0, 1)] });
  });
});
