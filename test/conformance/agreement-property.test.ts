/**
 * The differential property and the target's invariants: what counts as a divergence (outcome, declared fields),
 * what does not (undeclared fields, orders Java leaves unspecified, error messages), and how a target failure is
 * kept apart from a verdict.
 */
import { describe, expect, it } from 'vitest';
import { agreementProperty, systemScenarios } from '../../conformance/agreement-property.js';
import { checkTarget } from '../../conformance/check-target.js';
import { lockstepSource } from '../../conformance/lockstep.js';
import { modelTarget } from '../../conformance/model-target.js';
import type { Target, TargetSystem } from '../../conformance/target.js';
import { targetProperties } from '../../conformance/target-properties.js';
import { fail, ok, type Outcome } from '../../model/outcome.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import type { Command, Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { systems } from '../../model/systems.js';
import { rocketmqFilter } from '../../model/rocketmq/filter/filter-system.js';
import { catalog } from '../../properties/catalog.js';
import { ciSeed } from '../support/seed.js';

const filter = rocketmqFilter as unknown as AnySystemModel;
const consumer = kafkaConsumer as unknown as AnySystemModel;

/** A target answering rocketmq.filter commands with `answer`, or the model's answer when it returns undefined. */
function filterTarget(answer: (command: Command, reference: Outcome) => Outcome | undefined, declared: Omit<TargetSystem, 'system'> = { fields: [] }): Target {
  return {
    name: 'test-filter',
    version: '0',
    describes: 'a test target',
    systems: [{ system: 'rocketmq.filter', ...declared }],
    open: () => ({
      step: (command) => answer(command, filter.step(filter.init({}), command).outcome) ?? filter.step(filter.init({}), command).outcome,
      observe: () => ({}),
      close: () => undefined,
    }),
  };
}

/** Evaluates RF-AGREE on one scenario against a target. */
function agreement(target: Target, commands: Command[]): ReturnType<ReturnType<typeof agreementProperty>['evaluate']> {
  const declared = target.systems[0] as TargetSystem;
  const property = agreementProperty(filter, systemScenarios(catalog, 'rocketmq.filter'), declared);
  const scenario: Scenario = { system: 'rocketmq.filter', setup: {}, commands };
  return property.evaluate(scenario, lockstepSource(target, declared, filter));
}

const build = { type: 'buildSubscriptionData', topic: 'T', expression: 'TagB || TagA' } as Command;

describe('the differential property', () => {
  it('holds for a target answering like the model, and on the model itself', () => {
    expect(agreement(filterTarget(() => undefined), [build]).status).toBe('held');
    const property = agreementProperty(filter, systemScenarios(catalog, 'rocketmq.filter'));
    expect(property.evaluate({ system: 'rocketmq.filter', setup: {}, commands: [build] }).status).toBe('held');
  });

  it('compares tagsSet and codeSet as sets, because Java keeps them in HashSets', () => {
    const reversed = filterTarget((command, reference) => {
      if (command.type !== 'buildSubscriptionData' || !reference.ok) return undefined;
      const value = reference.value as { tagsSet: string[]; codeSet: number[] };
      return ok({ ...value, tagsSet: [...value.tagsSet].reverse(), codeSet: [...value.codeSet].reverse() });
    });
    expect(agreement(reversed, [build]).status).toBe('held');
  });

  it('does not compare error messages, only error names', () => {
    const reworded = filterTarget((_, reference) => (reference.ok ? undefined : fail(reference.error, 'another wording')));
    expect(agreement(reworded, [{ type: 'buildSubscriptionData', topic: 'T', expression: '||' } as Command]).status).toBe('held');
  });

  it('reports a different value at the first diverging step with both sides', () => {
    const wrongHash = filterTarget((command) => (command.type === 'hashCode' ? ok(0) : undefined));
    const evaluation = agreement(wrongHash, [build, { type: 'hashCode', value: 'TagA' } as Command]);
    expect(evaluation.status).toBe('violated');
    if (evaluation.status !== 'violated') return;
    expect(evaluation.step).toBe(1);
    expect(evaluation.divergence).toMatchObject({ step: 1, differs: 'outcome', model: { outcome: { ok: true, value: 2598919 } }, target: { outcome: { ok: true, value: 0 } } });
    expect(evaluation.message).toBe('step 1 (hashCode): the target answered {"ok":true,"value":0} where the model answers {"ok":true,"value":2598919}');
  });

  it('compares only the observation fields a target declares, naming the one that differs', () => {
    const subscribe = { type: 'subscribe', topics: ['t0'] } as Command;
    const setup = { profile: 'kafka-1.0', topics: { t0: 1 }, autoOffsetReset: 'earliest', committed: [] };
    const withObservation = (observation: Record<string, unknown>, fields: string[]): Target => ({
      name: 'test-consumer',
      version: '0',
      describes: 'a test target',
      systems: [{ system: 'kafka.consumer', fields }],
      open: () => {
        let state = consumer.init(setup);
        return {
          step: (command) => {
            const result = consumer.step(state, command);
            state = result.state;
            return result.outcome;
          },
          observe: () => ({ ...(consumer.observe(state) as Record<string, unknown>), ...observation }),
          close: () => undefined,
        };
      },
    });
    const scenario: Scenario = { system: 'kafka.consumer', setup, commands: [subscribe] };
    const run = (target: Target): ReturnType<ReturnType<typeof agreementProperty>['evaluate']> => {
      const declared = target.systems[0] as TargetSystem;
      return agreementProperty(consumer, systemScenarios(catalog, 'kafka.consumer'), declared).evaluate(scenario, lockstepSource(target, declared, consumer));
    };
    expect(run(withObservation({ pattern: 'wrong' }, ['mode', 'subscription'])).status).toBe('held');
    const differs = run(withObservation({ subscription: ['other'] }, ['mode', 'subscription']));
    expect(differs.status === 'violated' ? differs.divergence?.differs : undefined).toBe('subscription');
    // A wildcard field names the concrete path that differs and both values there (here a partition only the target shows).
    const wildcard = run(withObservation({ partitions: { 't0-0': { topic: 't0', partition: 0, paused: true } } }, ['partitions.*.paused']));
    expect(wildcard.status === 'violated' ? wildcard.message : undefined).toBe('step 0 (subscribe): observation partitions.*.paused differs at partitions.t0-0: it is {"paused":true} on the target, undefined on the model');
  });
});

describe('a target check', () => {
  it('checks only the invariants in mode invariants, and drops commands the target does not declare', () => {
    const properties = targetProperties({ system: 'rocketmq.filter', mode: 'invariants', commands: ['hashCode'] }, filter, catalog);
    expect(properties.map((p) => p.id)).toEqual(catalog.filter((p) => p.system === 'rocketmq.filter' && p.kind === 'invariant').map((p) => p.id));
    const target = modelTarget({ name: 'hash-only', version: '0', describes: 'hashCode only', systems: [{ model: filter, commands: ['hashCode'], fields: [] }] });
    const seen = new Set<string>();
    const spy: Target = { ...target, open: (system, setup) => {
      const session = target.open(system, setup);
      return { ...session, step: (command) => (seen.add(command.type), session.step(command)) };
    } };
    const result = checkTarget(spy, { seed: ciSeed, runs: 30, models: systems, catalog });
    expect(result.verdict).toBe('agrees');
    expect([...seen]).toEqual(['hashCode']);
  });

  it('reports a target that throws as a target failure with the request and the scenario so far, and stops', () => {
    const throwing = filterTarget((command) => {
      if (command.type === 'deliver') throw new Error('boom');
      return undefined;
    });
    const result = checkTarget(throwing, { seed: ciSeed, runs: 50, models: systems, catalog });
    expect(result.verdict).toBe('target-failure');
    expect(result.results.map((r) => r.status)).toEqual(['target-failure']);
    expect(result.failure?.message).toBe('step threw: boom');
    expect((result.failure?.request as { command: Command }).command.type).toBe('deliver');
    expect(result.failure?.scenario?.commands.at(-1)?.type).toBe('deliver');
  });

  it('reports an answer that is not an outcome as a target failure', () => {
    const garbage = filterTarget(() => ({ yes: true }) as unknown as Outcome);
    const result = checkTarget(garbage, { seed: ciSeed, runs: 5, models: systems, catalog });
    expect(result.failure?.message).toMatch(/^step answered \{"yes":true\}, which is not an outcome/);
  });
});
