/**
 * Hand-written scenario tests of the `kafkajs-offsets` target (kafkajs@2.2.4's consumer offsets and seeks through the
 * worker bridge): short scenarios where it agrees with the model, and one per divergence judged against apache/kafka
 * 1.0.0 (see conformance/expectations.json and the report's "What mqspec found in real libraries").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { kafkajsOffsets } from '../../../../conformance/targets/kafkajs/kafkajs-offsets.js';
import { disposeKafkajsBridge } from '../../../../conformance/targets/kafkajs/kafkajs-round-robin.js';
import { firstDifference, runTarget, type ScenarioCommand } from '../lockstep.js';

afterAll(disposeKafkajsBridge);

const t0 = (partition: number): { topic: string; partition: number } => ({ topic: 't0', partition });
const subscribe: ScenarioCommand = { type: 'subscribe', topics: ['t0'] };
const rebalance = (...partitions: number[]): ScenarioCommand => ({ type: 'rebalance', partitions: partitions.map(t0) });
const produce = (count: number, partition = 0): ScenarioCommand => ({ type: 'produce', topic: 't0', partition, count });
const poll: ScenarioCommand = { type: 'poll' };
const commitAll: ScenarioCommand = { type: 'commitSync' };
const committed: ScenarioCommand = { type: 'committed', partition: t0(0) };
const seek = (offset: number, partition = 0): ScenarioCommand => ({ type: 'seek', partition: t0(partition), offset });
const records = (...offsets: number[]): Array<{ topic: string; partition: number; offset: number }> => offsets.map((offset) => ({ ...t0(0), offset }));
const oneTopic = { topics: { t0: 1 } };
const check = (setup: unknown, commands: ScenarioCommand[]): ReturnType<typeof firstDifference> => firstDifference(kafkajsOffsets, 'kafka.consumer', setup, commands);

describe('kafkajs@2.2.4 consumer offsets and seeks: where it agrees with Java', () => {
  it('starts at the log end without a committed offset, fetches what is produced after, and commits the consumed position', () => {
    expect(check(oneTopic, [subscribe, produce(3), rebalance(0), poll, produce(2), poll, commitAll, committed])).toBeUndefined();
    // The target really ran: the second poll returned the two new records and the group holds the position.
    const run = runTarget(kafkajsOffsets, 'kafka.consumer', { ...oneTopic, profile: 'kafka-1.0', autoOffsetReset: 'latest' }, [subscribe, produce(3), rebalance(0), poll, produce(2), poll, commitAll, committed]);
    expect(run.outcomes[5]).toEqual({ ok: true, value: records(3, 4) });
    expect(run.outcomes[7]).toEqual({ ok: true, value: 5 });
  });

  it('starts from the group\'s committed offset', () => {
    expect(check({ ...oneTopic, committed: [{ ...t0(0), offset: 1 }] }, [subscribe, produce(3), rebalance(0), poll, commitAll, committed])).toBeUndefined();
  });

  it('fetches from a seek inside the log, and resets an offset past the log end to the end (no committed offset)', () => {
    expect(check(oneTopic, [subscribe, produce(5), rebalance(0), seek(2), poll])).toBeUndefined();
    expect(check(oneTopic, [subscribe, produce(3), rebalance(0), seek(7), poll, produce(1), poll])).toBeUndefined();
  });

  it('commits given offsets, which the next assignment starts from', () => {
    expect(check(oneTopic, [subscribe, produce(6), rebalance(0), { type: 'commitSync', offsets: [{ ...t0(0), offset: 4 }] }, committed, poll])).toBeUndefined();
  });

  it('returns at most maxRecords and continues from the next record', () => {
    expect(check(oneTopic, [subscribe, rebalance(0), poll, produce(5), { type: 'poll', maxRecords: 2 }, { type: 'poll', maxRecords: 2 }, poll])).toBeUndefined();
  });

  it('returns the records of two partitions when the poll takes them all (listed in ConsumerRecords\' partition order)', () => {
    expect(check({ topics: { t0: 2 } }, [subscribe, rebalance(0, 1), poll, produce(3, 0), produce(2, 1), poll, produce(1, 1), poll])).toBeUndefined();
  });
});

describe('kafkajs@2.2.4 consumer offsets and seeks: divergences from Java (1.0.0)', () => {
  it('joins the group and takes an assignment without any subscription, where Java\'s assignFromSubscribed throws IllegalArgumentException (the recorded counterexample)', () => {
    expect(check(oneTopic, [rebalance()])).toMatchObject({ step: 0, model: { ok: false, error: 'IllegalArgumentException' }, target: { ok: true } });
  });

  it('never commits the offset it reset to: commitSync() after starting at the log end leaves the group without an offset (Java commits position 3)', () => {
    expect(check(oneTopic, [subscribe, produce(3), rebalance(0), poll, commitAll, committed])).toEqual({ step: 5, what: 'outcome', model: { ok: true, value: 3 }, target: { ok: true, value: null } });
  });

  it('seeks to the end (LATEST) by fetching from offset 0: the records already consumed come again (Java\'s seekToEnd fetches nothing)', () => {
    const difference = check(oneTopic, [subscribe, produce(3), rebalance(0), poll, { type: 'seekToBeginning', partitions: [] }, poll, { type: 'seekToEnd', partitions: [t0(0)] }, poll]);
    expect(difference).toEqual({ step: 7, what: 'outcome', model: { ok: true, value: [] }, target: { ok: true, value: records(0, 1, 2) } });
  });

  it('seeks to the beginning (EARLIEST) by fetching from offset 0, out of range once records were deleted, and lands at the log end (Java fetches from the log start)', () => {
    const deleted: ScenarioCommand = { type: 'deleteRecords', topic: 't0', partition: 0, beforeOffset: 2 };
    const difference = check(oneTopic, [subscribe, produce(5), deleted, rebalance(0), poll, { type: 'seekToBeginning', partitions: [] }, poll]);
    expect(difference).toEqual({ step: 6, what: 'outcome', model: { ok: true, value: records(2, 3, 4) }, target: { ok: true, value: [] } });
  });

  it('accepts a seek of a partition it is not assigned, where Java throws IllegalStateException', () => {
    expect(check({ topics: { t0: 2 } }, [subscribe, rebalance(1), seek(2, 0)])).toMatchObject({ step: 2, model: { ok: false, error: 'IllegalStateException' }, target: { ok: true } });
  });

  it('keeps a seek not yet fetched across a rebalance, where Java starts every assigned partition afresh', () => {
    expect(check(oneTopic, [subscribe, produce(5), rebalance(0), seek(2), rebalance(0)])).toEqual({ step: 4, what: 'partitions.*.position', model: { 't0-0': null }, target: { 't0-0': 2 } });
  });

  it('resets an out-of-range offset by committing the LATEST marker to the group, wiping its committed offset (Java resets the position only)', () => {
    const difference = check({ ...oneTopic, committed: [{ ...t0(0), offset: 1 }] }, [subscribe, produce(3), rebalance(0), seek(7), poll, committed]);
    expect(difference).toEqual({ step: 5, what: 'outcome', model: { ok: true, value: 1 }, target: { ok: true, value: null } });
  });

  it('drops the whole fetch when one partition is out of range: that poll returns no records of the other partitions (Java returns them and resets the one)', () => {
    const difference = check({ topics: { t0: 2 } }, [subscribe, rebalance(0, 1), poll, produce(2, 1), seek(5, 0), poll]);
    expect(difference).toEqual({ step: 5, what: 'outcome', model: { ok: true, value: [{ ...t0(1), offset: 0 }, { ...t0(1), offset: 1 }] }, target: { ok: true, value: [] } });
  });

  it('refuses subscribe once the consumer runs (KafkaJSNonRetriableError), where Java changes the subscription', () => {
    expect(check(oneTopic, [subscribe, rebalance(0), subscribe])).toMatchObject({ step: 2, model: { ok: true }, target: { ok: false, error: 'KafkaJSNonRetriableError' } });
  });
});
