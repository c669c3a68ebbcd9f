import { describe, expect, it } from 'vitest';
import {
  platformaticCooperativeStickyTarget,
  platformaticRoundRobinAllTopicsTarget,
  platformaticRoundRobinTarget,
} from '../../../../conformance/targets/platformatic-kafka/platformatic-assignors.js';
import type { KafkaGroupObservation } from '../../../../model/kafka/group/observation.js';
import { firstDifference, runTarget, type ScenarioCommand } from '../lockstep.js';

// The library has a package of its own (libraries/platformatic-kafka, installed by .ci/install-libraries); without
// it these tests are skipped, visibly: the reason is in the suites' titles and on stderr.
const unavailable = platformaticRoundRobinTarget.unavailable?.();
if (unavailable !== undefined) process.stderr.write(`@platformatic/kafka targets skipped: ${unavailable}\n`);
const skipped = unavailable === undefined ? '' : ` (skipped: ${unavailable})`;

const join = (...ids: string[]): ScenarioCommand[] => ids.map((consumer) => ({ type: 'join', consumer }));
const subscribe = (consumer: string, ...topics: string[]): ScenarioCommand => ({ type: 'subscribe', consumer, topics });
const rebalance: ScenarioCommand = { type: 'rebalance' };
const setup = { topics: { t0: 2, t1: 2 } };

/** Each member's owned partition keys after the last step. */
function owned(observations: readonly unknown[]): Record<string, string[]> {
  const last = observations.at(-1) as KafkaGroupObservation;
  return Object.fromEntries(Object.entries(last.members).map(([id, m]) => [id, Object.keys(m.partitions).sort()]));
}

describe.skipIf(unavailable !== undefined)(`@platformatic/kafka@2.12.1 roundRobinAssigner${skipped}`, () => {
  it('agrees with Java for one member', () => {
    expect(firstDifference(platformaticRoundRobinTarget, 'kafka.group', setup, [...join('c0'), subscribe('c0', 't0', 't1'), rebalance])).toBeUndefined();
  });

  it('as the library calls it, assigns only the leader\'s topics and deals to members in join order, not sorted', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0'), subscribe('c0', 't0', 't1'), rebalance];
    const difference = firstDifference(platformaticRoundRobinTarget, 'kafka.group', setup, commands);
    expect(difference?.step).toBe(4);
    expect(difference?.target).toMatchObject({ ok: true, value: { assignment: { c1: [{ topic: 't0', partition: 0 }], c0: [{ topic: 't0', partition: 1 }] } } });
  });

  it('called with every member\'s topics, hands a member partitions of a topic it does not subscribe to, which a Java member refuses', () => {
    const commands = [...join('c1', 'c0'), subscribe('c1', 't0'), subscribe('c0', 't0', 't1'), rebalance];
    const difference = firstDifference(platformaticRoundRobinAllTopicsTarget, 'kafka.group', setup, commands);
    expect(difference?.target).toMatchObject({ ok: false, error: 'IllegalArgumentException' });
  });

  it('fails the rebalance with its NetworkError when a subscribed topic has no metadata, where Java skips the topic', () => {
    const difference = firstDifference(platformaticRoundRobinTarget, 'kafka.group', setup, [...join('c0'), subscribe('c0', 't0', 'missing'), rebalance]);
    expect(difference?.target).toMatchObject({ ok: false, error: 'NetworkError' });
  });
});

describe.skipIf(unavailable !== undefined)(`@platformatic/kafka@2.12.1 cooperativeStickyAssigner (invariants only)${skipped}`, () => {
  it('declares invariants mode, round-robin balance and the assignor invariants only', () => {
    expect(platformaticCooperativeStickyTarget.systems[0]).toMatchObject({ mode: 'invariants', setup: { assignor: 'roundrobin' }, properties: ['KG-01', 'KG-02', 'KG-03', 'KG-04', 'KG-05'] });
  });

  it('keeps a member\'s partitions when another joins, and hands moved partitions over within the rebalance', () => {
    const first = [...join('c0'), subscribe('c0', 't0', 't1'), rebalance];
    const run = runTarget(platformaticCooperativeStickyTarget, 'kafka.group', { ...setup, assignor: 'roundrobin' }, [...first, ...join('c1'), subscribe('c1', 't0', 't1'), rebalance]);
    const after = owned(run.observations);
    expect(after['c0']?.length).toBe(2);
    expect(after['c1']?.length).toBe(2);
    expect(new Set([...(after['c0'] ?? []), ...(after['c1'] ?? [])]).size).toBe(4);
  });
});
