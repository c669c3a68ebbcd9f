/**
 * Unit tests of `model/kafka/consumer/cluster.ts`, written for the checks the mutation run found unguarded: the log's
 * `produce` / `deleteRecords` (one replica, so the high watermark is the log end offset; `AdminClient.deleteRecords`
 * refuses an offset beyond it with OffsetOutOfRangeException) and `KafkaConsumer.commitSync` (apache/kafka 1.0.0, and
 * 0.10.0.0 under the `kafka-0.10.0` profile).
 */
import { describe, expect, it } from 'vitest';
import { commitSync, deleteRecords, metadataUpdate, produce } from '../../../../model/kafka/consumer/cluster.js';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer, stepKafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerState } from '../../../../model/kafka/consumer/state.js';

type Profile = 'kafka-1.0' | 'kafka-0.10.0';

const fresh = (profile: Profile = 'kafka-1.0', committed: { topic: string; partition: number; offset: number }[] = []): KafkaConsumerState =>
  kafkaConsumer.init(kafkaConsumer.setupSchema.parse({ profile, topics: { t: 3 }, autoOffsetReset: 'earliest', committed }));

/** The state after the commands, each of which must succeed. */
function after(state: KafkaConsumerState, commands: KafkaConsumerCommand[]): KafkaConsumerState {
  let current = state;
  for (const command of commands) {
    const step = stepKafkaConsumer(current, command);
    expect(step.outcome.ok, `${command.type} succeeds`).toBe(true);
    current = step.state;
  }
  return current;
}

const p = (topic: string, partition: number) => ({ topic, partition });

/** The committed cache of each assigned partition (null kept apart from a missing value). */
const cacheOf = (state: KafkaConsumerState): Record<string, number | null> =>
  Object.fromEntries(state.assignment.map((a) => [`${a.tp.topic}-${a.tp.partition}`, a.committed]));

/** The broker's answer for a partition it does not host (Java's UnknownTopicOrPartitionException message). */
const notHosted = (partition: string) => ({
  ok: false,
  error: 'UnknownTopicOrPartitionException',
  message: `This server does not host this topic-partition: ${partition}`,
});

describe('produce (the log appends at its end)', () => {
  it('refuses a partition the cluster does not host with UnknownTopicOrPartitionException', () => {
    const state = fresh();
    const result = produce(state, p('t', 3), 2);
    expect(result.outcome).toEqual(notHosted('t-3'));
    expect(result.state).toBe(state);
  });
});

describe('deleteRecords (AdminClient.deleteRecords: the log start moves up, never past the high watermark)', () => {
  it('refuses a partition the cluster does not host with UnknownTopicOrPartitionException', () => {
    const state = fresh();
    const result = deleteRecords(state, p('x', 0), 1);
    expect(result.outcome).toEqual(notHosted('x-0'));
    expect(result.state).toBe(state);
  });

  it('refuses an offset beyond the high watermark with OffsetOutOfRangeException and leaves the log alone', () => {
    const state = produce(fresh(), p('t', 0), 3).state;
    const result = deleteRecords(state, p('t', 0), 4);
    expect(result.outcome).toEqual({
      ok: false,
      error: 'OffsetOutOfRangeException',
      message: 'deleteRecords: offset 4 is beyond the high watermark 3 of t-0',
    });
    expect(result.state.logs['t-0']).toEqual({ logStartOffset: 0, highWatermark: 3 });
  });

  it('takes the high watermark itself: the log start reaches the log end (an empty log)', () => {
    const state = produce(fresh(), p('t', 0), 3).state;
    const result = deleteRecords(state, p('t', 0), 3);
    expect(result.outcome).toEqual({ ok: true });
    expect(result.state.logs['t-0']).toEqual({ logStartOffset: 3, highWatermark: 3 });
  });
});

describe('metadataUpdate (new partitions get logs; existing logs keep their offsets)', () => {
  it('keeps the offsets of the logs it already had when a topic is added', () => {
    const state = produce(fresh(), p('t', 0), 5).state;
    const updated = metadataUpdate(state, { t: 3, v: 1 }).state;
    expect(updated.logs['t-0']).toEqual({ logStartOffset: 0, highWatermark: 5 });
    expect(updated.logs['v-0']).toEqual({ logStartOffset: 0, highWatermark: 0 });
  });
});

describe('commitSync (KafkaConsumer.commitSync / ConsumerCoordinator.commitOffsetsSync)', () => {
  it('commitSync() commits allConsumed(): only the assigned partitions that have a position', () => {
    const state = after(fresh(), [
      { type: 'assign', partitions: [p('t', 0), p('t', 1)] },
      { type: 'seek', partition: p('t', 0), offset: 0 },
    ]);
    const result = commitSync(state, undefined);
    expect(result.outcome).toEqual({ ok: true });
    expect(result.state.groupCommitted).toEqual({ 't-0': 0 });
    expect(cacheOf(result.state)).toEqual({ 't-0': 0, 't-1': null });
  });

  it('refuses a negative offset with IllegalArgumentException, committing nothing (OffsetAndMetadata)', () => {
    const state = after(fresh(), [{ type: 'assign', partitions: [p('t', 0), p('t', 1)] }]);
    const result = commitSync(state, [{ ...p('t', 0), offset: 2 }, { ...p('t', 1), offset: -1 }]);
    expect(result.outcome).toEqual({ ok: false, error: 'IllegalArgumentException', message: 'Invalid negative offset -1 for t-1' });
    expect(result.state).toBe(state);
  });

  it('leaves the committed cache of the partitions it did not commit as it was', () => {
    const state = after(fresh(), [{ type: 'assign', partitions: [p('t', 0), p('t', 1)] }]);
    const result = commitSync(state, [{ ...p('t', 1), offset: 4 }]);
    expect(result.outcome).toEqual({ ok: true });
    expect(cacheOf(result.state)).toEqual({ 't-0': null, 't-1': 4 });
  });

  it('fails a partition the cluster does not have with KafkaException, worded per version', () => {
    const offsets = [{ ...p('t', 5), offset: 1 }];
    const v10 = commitSync(after(fresh('kafka-1.0'), [{ type: 'assign', partitions: [p('t', 0)] }]), offsets);
    expect(v10.outcome).toEqual({ ok: false, error: 'KafkaException', message: 'Topic or Partition t-5 does not exist' });
    const v0100 = commitSync(after(fresh('kafka-0.10.0'), [{ type: 'assign', partitions: [p('t', 0)] }]), offsets);
    expect(v0100.outcome).toEqual({
      ok: false,
      error: 'KafkaException',
      message: 'Unexpected error in commit: This server does not host this topic-partition.',
    });
  });

  it('0.10.0 commits with its last generation (-1 before any join): a subscribed consumer that never joined commits', () => {
    const state = after(fresh('kafka-0.10.0'), [{ type: 'subscribe', topics: ['t'] }]);
    const result = commitSync(state, [{ ...p('t', 0), offset: 2 }]);
    expect(result.outcome).toEqual({ ok: true });
    expect(result.state.groupCommitted).toEqual({ 't-0': 2 });
    // 1.0 has no generation before the join completes.
    const v10 = commitSync(after(fresh('kafka-1.0'), [{ type: 'subscribe', topics: ['t'] }]), [{ ...p('t', 0), offset: 2 }]);
    expect(v10.outcome).toMatchObject({ ok: false, error: 'CommitFailedException' });
  });
});
