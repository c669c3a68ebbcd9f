/**
 * What a target declares it supports — its setup, commands and claimed properties, in `hello` or in-process — is
 * what it is checked on: generation keeps to it, properties outside it are reported "not applicable" (never run,
 * never counted as passed), and a declaration mqspec cannot honour is refused with the list of what is known. The
 * Python examples are docs/protocol.md's: an AVG-only target passes, one that lies about it fails, shrunk.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetCheckDocument } from '../../cli/commands/check-target.js';
import { captureSink } from '../../cli/context.js';
import { processContext } from '../../cli/process-context.js';
import { runMqspec } from '../../cli/program.js';
import { checkTarget, type Target } from '../../conformance/index.js';
import { modelTarget, type ModelTargetSystem } from '../../conformance/model-target.js';
import type { AnySystemModel } from '../../model/system.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import { rocketmqAllocate } from '../../model/rocketmq/allocate/allocate-system.js';
import { declarationProblem } from '../../conformance/declared-support.js';
import { reachableCommands } from '../../conformance/reachable-commands.js';
import { catalog } from '../../properties/catalog.js';

const examples = join(import.meta.dirname, '../../conformance/examples');
const declaring = join(import.meta.dirname, 'fixtures/declaring_target.py');

/** `mqspec check --exec LINE --json` with extra arguments; the exit status and the document. */
function checkExec(line: string, ...args: string[]): { exitCode: number; document: TargetCheckDocument } {
  const stdout = captureSink();
  const exitCode = runMqspec(['check', '--exec', line, '--json', '--no-save', ...args], { ...processContext(), stdout, stderr: captureSink() });
  return { exitCode, document: JSON.parse(stdout.text()) as TargetCheckDocument };
}

describe('a protocol target that implements only AVG allocation (docs/protocol.md)', () => {
  it('passes every property it can be checked on, and RA-04 (about CONSISTENT_HASH) is not applicable', () => {
    const { exitCode, document } = checkExec(`python3 ${join(examples, 'rocketmq_avg_target.py')}`, '--runs', '60');
    expect(exitCode).toBe(0);
    expect(document.results.map((r) => [r.id, r.status])).toEqual(['RA-AGREE', 'RA-01', 'RA-02', 'RA-03', 'RA-05', 'RA-06', 'RA-07'].map((id) => [id, 'held']));
    expect(document.notApplicable).toEqual([{ id: 'RA-04', system: 'rocketmq.allocate', reason: 'it is about CONSISTENT_HASH; the target fixes strategy AVG' }]);
    expect(document.summary).toEqual({ passed: 7, failed: 0, notApplicable: 1 });
  });

  it('fails when it says AVG but deals the queues round the circle: both lies shrunk to one call', () => {
    const { exitCode, document } = checkExec(`python3 ${join(examples, 'rocketmq_avg_liar_target.py')}`, '--runs', '100');
    expect(exitCode).toBe(1);
    const failed = document.results.filter((r) => r.status !== 'held');
    expect(failed.map((r) => r.id)).toEqual(['RA-AGREE', 'RA-03']);
    // Only AVG is generated for it: every counterexample's setup is the one it declared.
    for (const result of failed) {
      expect(result.counterexample?.scenario.setup).toMatchObject({ strategy: { name: 'AVG' } });
      expect(result.counterexample?.scenario.commands).toHaveLength(1);
    }
  });
});

describe('a declaration mqspec cannot honour is refused with what is known', () => {
  // Over the protocol (exit 3): the keys of hello's answer and of each system it declares.
  for (const [mode, message] of [
    ['top-level-key', `hello: hello's answer has an unknown key "sytems" (known: ok, name, version, systems)`],
    ['system-key', 'declares rocketmq.allocate wrongly: unknown key "strategies" (known: system, commands, fields, mode, setup, properties, reachable)'],
  ] as const) {
    it(`refuses hello with a wrong ${mode} (exit 3)`, () => {
      const { exitCode, document } = checkExec(`python3 ${declaring} ${mode}`);
      expect(exitCode).toBe(3);
      expect(document.failure?.message).toContain(message);
      expect(document.results).toEqual([]);
    });
  }

  // In-process, the same check (declared-support.ts) on what each key holds.
  const cases: ReadonlyArray<[what: string, extra: Record<string, unknown>, message: string]> = [
    ['a command the system does not have', { commands: ['rebalance'] }, 'commands: rocketmq.allocate has no command "rebalance" (known: allocate)'],
    ['a property the system does not have', { properties: ['RA-99'] }, 'properties: rocketmq.allocate has no invariant "RA-99" (known: RA-01, RA-02, RA-03, RA-04, RA-05, RA-06, RA-07)'],
    ['a setup field the system does not have', { setup: { strategy: { name: 'AVG' }, profile: 'kafka-1.0' } }, `setup: rocketmq.allocate's setup has no field "profile" (known: group, strategy)`],
    ['a setup the system refuses', { setup: { strategy: { name: 'FASTEST' } } }, 'setup: strategy'],
    ['a mode that does not exist', { mode: 'lenient' }, 'mode: unknown mode "lenient" (known: differential, invariants)'],
    ['fields that are not a list of paths', { fields: 'allocations' }, 'fields: expected a list of dotted field paths'],
  ];
  for (const [what, extra, message] of cases) {
    it(`refuses ${what}`, () => {
      const result = checkTarget(avgTarget(extra), { runs: 5 });
      expect(result.verdict).toBe('target-failure');
      expect(result.failure?.message).toContain(`in-process-avg declares rocketmq.allocate wrongly: ${message}`);
      expect(result.results).toEqual([]);
    });
  }

  it('refuses a declaration that leaves nothing to check, instead of passing vacuously', () => {
    const result = checkTarget(avgTarget({ mode: 'invariants', properties: [] }), { runs: 5 });
    expect(result.verdict).toBe('target-failure');
    expect(result.failure?.message).toBe('in-process-avg declares rocketmq.allocate with no property mqspec can check on it (every one is not applicable)');
  });
});

/** An in-process AVG target over the model itself, declaring `extra` on its system (unknown keys included). */
function avgTarget(extra: Record<string, unknown>): Target {
  const declared = { model: rocketmqAllocate as AnySystemModel, setup: { strategy: { name: 'AVG' } }, ...extra } as ModelTargetSystem;
  return modelTarget({ name: 'in-process-avg', version: '1', describes: 'the model, declaring AVG only', systems: [declared] });
}

describe('in-process targets declare the same way', () => {
  it('refuses an unknown key with the known ones', () => {
    const result = checkTarget(avgTarget({ propertys: ['RA-01'] }), { runs: 5 });
    expect(result.verdict).toBe('target-failure');
    expect(result.failure?.message).toBe('in-process-avg declares rocketmq.allocate wrongly: unknown key "propertys" (known: system, commands, fields, mode, setup, properties, reachable)');
  });

  it('mode "invariants" makes the differential property not applicable, and unclaimed invariants too', () => {
    const result = checkTarget(avgTarget({ mode: 'invariants', properties: ['RA-02', 'RA-03'] }), { runs: 20 });
    expect(result.verdict).toBe('agrees');
    expect(result.results.map((r) => r.id)).toEqual(['RA-02', 'RA-03']);
    expect(result.notApplicable.map((p) => p.id)).toEqual(['RA-AGREE', 'RA-01', 'RA-04', 'RA-05', 'RA-06', 'RA-07']);
  });

  it('an invariant that judges only fields the target does not show is not applicable, instead of judging the model in its name', () => {
    const result = checkTarget(avgTarget({ fields: [] }), { runs: 20 });
    expect(result.verdict).toBe('agrees');
    const reason = "it judges the observation's allocations and views, which the target does not show (its fields: none)";
    expect(result.notApplicable.filter((p) => p.id === 'RA-01' || p.id === 'RA-07')).toEqual([
      { id: 'RA-01', system: 'rocketmq.allocate', reason },
      { id: 'RA-07', system: 'rocketmq.allocate', reason },
    ]);
    // Shown in part, it applies: the shown part is the target's own.
    expect(checkTarget(avgTarget({ fields: ['allocations'] }), { runs: 20 }).results.map((r) => r.id)).toContain('RA-07');
  });

  it('a profile-specific invariant is not applicable to a target that fixes the other profile', () => {
    const consumer = modelTarget({ name: 'in-process-0.10', version: '1', describes: 'the model, kafka-0.10.0 only', systems: [{ model: kafkaConsumer as AnySystemModel, setup: { profile: 'kafka-0.10.0' } }] });
    const result = checkTarget(consumer, { runs: 5, properties: ['KC-01', 'KC-10'] });
    expect(result.results.map((r) => r.id)).toEqual(['KC-01']);
    expect(result.notApplicable).toEqual([{ id: 'KC-10', system: 'kafka.consumer', reason: 'it is a rule of kafka-1.0; the target fixes profile kafka-0.10.0' }]);
  });
});

describe('reachable: commands the library’s caller makes only in some states', () => {
  it('leaves a rebalance out of the scenario while the consumer is not subscribed, and keeps it once it is', () => {
    const model = kafkaConsumer as AnySystemModel;
    const rebalance = { type: 'rebalance', partitions: [] };
    const scenario = {
      system: 'kafka.consumer',
      setup: { profile: 'kafka-1.0', topics: { t0: 1 }, autoOffsetReset: 'latest', committed: [] },
      commands: [rebalance, { type: 'subscribe', topics: ['t0'] }, rebalance],
    };
    const kept = reachableCommands(scenario, model, { rebalance: { mode: ['AUTO_TOPICS', 'AUTO_PATTERN'] } });
    expect(kept.commands.map((c) => c.type)).toEqual(['subscribe', 'rebalance']);
    expect(reachableCommands(scenario, model, undefined)).toBe(scenario);
  });

  it('refuses a reachable entry naming a command the system does not have', () => {
    const model = kafkaConsumer as AnySystemModel;
    expect(declarationProblem({ system: 'kafka.consumer', reachable: { rebalanse: { mode: ['AUTO_TOPICS'] } } }, model, catalog)).toMatch(/^reachable: kafka.consumer has no command "rebalanse"/);
  });
});
