import { afterAll, describe, expect, it } from 'vitest';
import { disposeKafkajsBridge, kafkajsRoundRobinAllTopicsTarget, kafkajsRoundRobinTarget } from '../../../../conformance/targets/kafkajs/kafkajs-round-robin.js';
import { kafkajsSubscriptionState } from '../../../../conformance/targets/kafkajs/kafkajs-subscription-state.js';
import { firstDifference, type ScenarioCommand } from '../lockstep.js';

const join = (...ids: string[]): ScenarioCommand[] => ids.map((consumer) => ({ type: 'join', consumer }));
const subscribe = (consumer: string, ...topics: string[]): ScenarioCommand => ({ type: 'subscribe', consumer, topics });
const rebalance: ScenarioCommand = { type: 'rebalance' };
const t0 = (partition: number): { topic: string; partition: number } => ({ topic: 't0', partition });

afterAll(disposeKafkajsBridge);

describe('kafkajs@2.2.4 round-robin assigner (through the worker bridge)', () => {
  it('agrees with Java when every member subscribes to the same topics', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0', 't1'), subscribe('c0', 't0', 't1'), rebalance];
    expect(firstDifference(kafkajsRoundRobinTarget, 'kafka.group', { topics: { t0: 3, t1: 2 } }, commands)).toBeUndefined();
  });

  it('as the library calls it, assigns only the leader\'s topics: partitions of a topic only another member subscribes to stay unowned', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0'), subscribe('c0', 't0', 't1'), rebalance];
    const difference = firstDifference(kafkajsRoundRobinTarget, 'kafka.group', { topics: { t0: 2, t1: 2 } }, commands);
    expect(difference?.target).toMatchObject({ ok: true, value: { assignment: { c0: [t0(0)], c1: [t0(1)] } } });
  });

  it('called with every member\'s topics, ignores subscriptions and hands a member a topic it does not subscribe to', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0'), subscribe('c0', 't0', 't1'), rebalance];
    const difference = firstDifference(kafkajsRoundRobinAllTopicsTarget, 'kafka.group', { topics: { t0: 2, t1: 2 } }, commands);
    expect(difference?.target).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
  });
});

describe('kafkajs@2.2.4 SubscriptionState', () => {
  const base: ScenarioCommand[] = [{ type: 'subscribe', topics: ['t0'] }, { type: 'rebalance', partitions: [t0(0), t0(1)] }];

  it('agrees with Java on pause and resume of assigned partitions', () => {
    expect(firstDifference(kafkajsSubscriptionState, 'kafka.consumer', { topics: { t0: 2 } }, [...base, { type: 'pause', partitions: [t0(0)] }, { type: 'resume', partitions: [t0(0)] }])).toBeUndefined();
  });

  it('keeps a partition paused across a rebalance that assigns it again, where Java starts it afresh (not paused)', () => {
    const difference = firstDifference(kafkajsSubscriptionState, 'kafka.consumer', { topics: { t0: 2 } }, [...base, { type: 'pause', partitions: [t0(0)] }, { type: 'rebalance', partitions: [t0(0)] }]);
    expect(difference).toEqual({ step: 3, what: 'partitions.*.paused', model: { 't0-0': false }, target: { 't0-0': true } });
  });

  it('once running, accepts pausing a partition it is not assigned, where Java throws IllegalStateException', () => {
    const commands: ScenarioCommand[] = [{ type: 'subscribe', topics: ['t0'] }, { type: 'rebalance', partitions: [t0(0)] }, { type: 'pause', partitions: [t0(1)] }];
    const difference = firstDifference(kafkajsSubscriptionState, 'kafka.consumer', { topics: { t0: 2 } }, commands);
    expect(difference).toMatchObject({ step: 2, model: { ok: false, error: 'IllegalStateException' }, target: { ok: true } });
  });

  it('refuses pause before the consumer runs and subscribe after, as consumer.pause and consumer.subscribe do', () => {
    const before = firstDifference(kafkajsSubscriptionState, 'kafka.consumer', { topics: { t0: 2 } }, [{ type: 'subscribe', topics: ['t0'] }, { type: 'pause', partitions: [t0(0)] }]);
    expect(before).toMatchObject({ step: 1, model: { ok: false, error: 'IllegalStateException' }, target: { ok: false, error: 'KafkaJSNonRetriableError', message: 'Consumer group was not initialized, consumer#run must be called first' } });
    const after = firstDifference(kafkajsSubscriptionState, 'kafka.consumer', { topics: { t0: 2, t1: 1 } }, [...base, { type: 'subscribe', topics: ['t1'] }]);
    expect(after).toMatchObject({ step: 2, model: { ok: true }, target: { ok: false, error: 'KafkaJSNonRetriableError', message: 'Cannot subscribe to topic while consumer is running' } });
  });
});
