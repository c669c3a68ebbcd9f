import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../model/parse-scenario.js';
import { systems } from '../../../model/systems.js';
import { runTrace } from '../../../model/trace.js';
import type { RocketmqGroupObservation } from '../../../model/rocketmq/group/observation.js';
import { catalog } from '../../../properties/catalog.js';
import { runCli } from '../../cli/fixtures/counter-system.js';
import { tempFolder } from '../../support/temp-folder.js';

const BILLION = 1_000_000_000;

/** A rocketmq.group scenario around two batches of 10⁹ messages: pulls, a filtering pull, disk reads, a LAST_OFFSET newcomer. */
const huge = {
  system: 'rocketmq.group',
  setup: { topics: { T: 1 }, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' },
  commands: [
    { type: 'start', client: 'c1', subscriptions: { T: 'A' } },
    { type: 'rebalance', client: 'c1' },
    { type: 'produce', topic: 'T', queueId: 0, tags: 'A', count: BILLION },
    { type: 'pull', client: 'c1', maxMsgs: 1024 },
    { type: 'pull', client: 'c1' },
    { type: 'commitLogGrows' },
    { type: 'pull', client: 'c1', maxMsgs: 1024 },
    { type: 'produce', topic: 'T', queueId: 0, tags: 'B', count: BILLION },
    { type: 'shutdown', client: 'c1' },
    { type: 'start', client: 'c2', subscriptions: { T: 'A' } },
    { type: 'rebalance', client: 'c2' },
    { type: 'pull', client: 'c2', queue: { topic: 'T', brokerName: 'broker-a', queueId: 0 }, maxMsgs: 1024 },
  ],
};

/** `mqspec replay` of a scenario written to a temporary file, in process. */
function replay(scenario: unknown): ReturnType<typeof runCli> {
  const file = join(tempFolder('rocketmq-limits'), 'scenario.json');
  writeFileSync(file, JSON.stringify(scenario));
  return runCli(['replay', file], { systems, catalog });
}

describe('sizes (RocketMQ)', () => {
  it('a produce of 10⁹ messages, then pulls, costs well under a second and keeps every offset', () => {
    const started = performance.now();
    const parsed = parseScenario(huge, systems);
    if (!parsed.ok) throw new Error(parsed.reason);
    const trace = runTrace(systems.get('rocketmq.group')!, parsed.scenario.setup, parsed.scenario.commands);
    const json = JSON.stringify(trace.steps.at(-1)?.after);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000);
    expect(trace.steps.map((s) => s.outcome.ok)).toEqual(huge.commands.map(() => true));
    const last = JSON.parse(json) as RocketmqGroupObservation;
    expect(last.queues['T/broker-a/0']?.maxOffset).toBe(2 * BILLION);
    // c1: 32 from memory (transfer cap), 32 (default batch), then 8 from disk; it persisted 72 at shutdown.
    expect(trace.steps[3]?.outcome).toMatchObject({ ok: true, value: { status: 'FOUND', nextBeginOffset: 32 } });
    expect(trace.steps[6]?.outcome).toMatchObject({ ok: true, value: { status: 'FOUND', nextBeginOffset: 72 } });
    expect(last.committed['T/broker-a/0']).toBe(72);
    const ledger = last.ledger['T/broker-a/0'] ?? [];
    expect(ledger.map((e) => [e.queueOffset, e.count, e.deliveredTo.length])).toEqual([
      [0, 72, 1],
      [72, 8, 1],
      [80, BILLION - 80, 0],
      [BILLION, BILLION, 0],
    ]);
    // c2 resumes at the committed 72, where everything is read from disk: 8 messages.
    expect(trace.steps[11]?.outcome).toMatchObject({ ok: true, value: { nextBeginOffset: 80 } });
  });

  it('mqspec replay of the 10⁹ scenario exits 0 quickly', () => {
    const started = performance.now();
    const run = replay(huge);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a LAST_OFFSET newcomer passes 10⁹ messages in one ledger entry', () => {
    const parsed = parseScenario(
      {
        system: 'rocketmq.group',
        setup: { topics: { T: 1 } },
        commands: [
          { type: 'start', client: 'c1', subscriptions: { T: '*' } },
          { type: 'commitLogGrows' },
          { type: 'produce', topic: 'T', queueId: 0, count: BILLION },
          { type: 'commitLogGrows' },
          { type: 'rebalance', client: 'c1' },
        ],
      },
      systems,
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    const trace = runTrace(systems.get('rocketmq.group')!, parsed.scenario.setup, parsed.scenario.commands);
    const last = trace.steps.at(-1)?.after as RocketmqGroupObservation;
    expect(last.clients['c1']?.processQueues['T/broker-a/0']?.nextOffset).toBe(BILLION);
    expect(last.ledger['T/broker-a/0']).toEqual([
      { queueOffset: 0, count: BILLION, tags: null, storeTimestamp: 3, deliveredTo: [], passedBy: [{ client: 'c1', by: 'consume-from-where' }] },
    ]);
  });

  const group = (setup: Record<string, unknown>, commands: unknown[] = []) => ({ system: 'rocketmq.group', setup: { topics: { T: 1 }, ...setup }, commands });
  it.each([
    [group({}, [{ type: 'produce', topic: 'T', queueId: 0, count: BILLION + 1 }]), 'commands[0] (produce).count: produce: count must be at most 1000000000'],
    [group({}, [{ type: 'pull', client: 'c1', maxMsgs: 1025 }]), 'commands[0] (pull).maxMsgs: maxMsgs must be at most 1024 (pullBatchSize out of range [1, 1024])'],
    [group({}, [{ type: 'start', client: 'c'.repeat(256), subscriptions: {} }]), 'commands[0] (start).client: a client id must be at most 255 characters'],
    [group({}, [{ type: 'start', client: 'c1', subscriptions: JSON.parse('{"__proto__": 7}') }]), 'commands[0] (start).subscriptions.__proto__: Invalid input: expected string, received number'],
    [group({}, [{ type: 'subscribe', client: 'c1', topic: 'T'.repeat(128), expression: '*' }]), 'commands[0] (subscribe).topic: a topic name must be at most 127 characters'],
    [group({ topics: { ['T'.repeat(128)]: 1 } }), `setup.topics.${'T'.repeat(128)}: a topic name must be at most 127 characters`],
    [group({ topics: JSON.parse('{"__proto__": 1025}') }), 'setup.topics.__proto__: at most 1024 queues per broker'],
    [group({ topics: { A: 1024, B: 1024, C: 1024, D: 1024, E: 1 } }), 'setup.topics: at most 4096 queues in the cluster (topics × brokers × queues per broker)'],
    [group({ brokers: Array.from({ length: 65 }, (_, i) => `b${i}`) }), 'setup.brokers: at most 64 brokers'],
    [group({ topics: Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`T${i}`, 1])) }), 'setup.topics: at most 256 entries (257 given)'],
    [
      { system: 'rocketmq.allocate', setup: { group: 'G', strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 101 } }, commands: [] },
      'setup.strategy.virtualNodeCnt: virtualNodeCnt must be at most 100',
    ],
    [
      { system: 'rocketmq.allocate', setup: { group: 'G', strategy: { name: 'AVG' } }, commands: [{ type: 'allocate', currentCID: 'c', mqAll: null, cidAll: Array.from({ length: 257 }, (_, i) => `c${i}`) }] },
      'commands[0] (allocate).cidAll: at most 256 clients',
    ],
    [
      { system: 'rocketmq.filter', setup: {}, commands: [{ type: 'deliver', subscription: 'A'.repeat(4097), own: null }] },
      'commands[0] (deliver).subscription: an expression must be at most 4096 characters',
    ],
  ])('refuses an over-limit value in one positioned line, exit 2 (%#)', (scenario, reason) => {
    const parsed = parseScenario(scenario, systems);
    expect(parsed).toEqual({ ok: false, reason });
    const run = replay(scenario);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(reason);
  });

  it('refuses the 257th client of a run with an answer, not a crash', () => {
    const model = systems.get('rocketmq.group')!;
    const parsed = parseScenario(group({}, Array.from({ length: 257 }, (_, i) => ({ type: 'start', client: `c${i}`, subscriptions: {} }))), systems);
    if (!parsed.ok) throw new Error(parsed.reason);
    let state = model.init(parsed.scenario.setup);
    const outcomes = parsed.scenario.commands.map((command) => {
      const result = model.step(state, command);
      state = result.state;
      return result.outcome;
    });
    expect(outcomes.filter((o) => o.ok)).toHaveLength(256);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, error: 'MQClientException' });
  });
});
