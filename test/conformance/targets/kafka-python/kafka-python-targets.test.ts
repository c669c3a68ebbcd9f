import { afterAll, describe, expect, it } from 'vitest';
import { kafkaPythonTargets, kafkaPythonUnavailable } from '../../../../conformance/targets/kafka-python/kafka-python-target.js';
import type { Target } from '../../../../conformance/target.js';
import { firstDifference, type ScenarioCommand } from '../lockstep.js';

const unavailable = kafkaPythonUnavailable();
// Visible, never silent: the reason is in the suite's title and on stderr.
if (unavailable !== undefined) process.stderr.write(`kafka-python targets skipped: ${unavailable}\n`);

const started: Target[] = [];
/** A started protocol target for one role. */
function start(name: string): Target {
  const entry = kafkaPythonTargets.find((t) => t.name === name);
  if (entry === undefined) throw new Error(`no ${name}`);
  const target = entry.start({ timeout: 10_000 });
  started.push(target);
  return target;
}
afterAll(() => {
  for (const target of started) target.dispose?.();
});

const join = (...ids: string[]): ScenarioCommand[] => ids.map((consumer) => ({ type: 'join', consumer }));
const subscribe = (consumer: string, ...topics: string[]): ScenarioCommand => ({ type: 'subscribe', consumer, topics });
const t0 = (partition: number): { topic: string; partition: number } => ({ topic: 't0', partition });

describe.skipIf(unavailable !== undefined)(`kafka-python 2.0.2 over the protocol${unavailable === undefined ? '' : ` (skipped: ${unavailable})`}`, () => {
  it('its Range and RoundRobin assignors agree with Java on members subscribing differently', () => {
    const commands = [...join('c1', 'c0', 'c2'), subscribe('c1', 't0'), subscribe('c0', 't0', 't1'), subscribe('c2', 't1'), { type: 'rebalance' }, { type: 'leave', consumer: 'c0' }, { type: 'rebalance' }];
    for (const name of ['kafka-python-range', 'kafka-python-roundrobin']) {
      expect(firstDifference(start(name), 'kafka.group', { topics: { t0: 3, t1: 2 } }, commands), name).toBeUndefined();
    }
  });

  it('its SubscriptionState agrees with Java 0.10.0 on subscribe, rebalance, seek and pause', () => {
    const commands: ScenarioCommand[] = [{ type: 'subscribe', topics: ['t0'] }, { type: 'rebalance', partitions: [t0(0)] }, { type: 'seek', partition: t0(0), offset: 3 }, { type: 'pause', partitions: [t0(0)] }, { type: 'seekToEnd', partitions: [] }];
    expect(firstDifference(start('kafka-python-subscription-state'), 'kafka.consumer', { topics: { t0: 2 } }, commands)).toBeUndefined();
  });

  it('its KafkaConsumer.subscribe([]) raises AssertionError, where Java unsubscribes', () => {
    const difference = firstDifference(start('kafka-python-subscription-state'), 'kafka.consumer', { topics: { t0: 2 } }, [{ type: 'subscribe', topics: ['t0'] }, { type: 'subscribe', topics: [] }]);
    expect(difference).toMatchObject({ step: 1, model: { ok: true }, target: { ok: false, error: 'AssertionError' } });
  });
});
