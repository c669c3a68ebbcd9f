/**
 * Every distinct divergence (conformance/divergence-class.ts): a target wrong in two independent ways gets two
 * results of the differential property, one per class, each with its own shrunk counterexample that shows that class
 * and no other; bounded to one, the check reports the first only.
 */
import { describe, expect, it } from 'vitest';
import { checkTarget, resultKey } from '../../conformance/check-target.js';
import { divergenceClass, excludingClasses, maxDroppedCommands } from '../../conformance/divergence-class.js';
import { modelTarget } from '../../conformance/model-target.js';
import { ok } from '../../model/outcome.js';
import type { AnySystemModel } from '../../model/system.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import type { Command, Scenario } from '../../model/scenario.js';
import type { Divergence, Evaluation, Property } from '../../properties/property.js';
import { ciSeed } from '../support/seed.js';

const reference = systems.get('rocketmq.filter') as AnySystemModel;

/** A filter that accepts every expression (never "subString split error") and whose client keeps every message. */
const twiceWrong: AnySystemModel = {
  ...reference,
  step: (state, command) => {
    const right = reference.step(state, command);
    if (command.type === 'buildSubscriptionData' && !right.outcome.ok) return { state, outcome: ok({}) };
    if (command.type === 'deliver' && right.outcome.ok) return { ...right, outcome: ok({ ...(right.outcome.value as object), client: true }) };
    return right;
  },
};

const target = modelTarget({ name: 'twice-wrong', version: '0', describes: 'two bugs', systems: [{ model: twiceWrong, fields: [] }] });

describe('distinct divergence classes', () => {
  it('names a divergence by command, what differs and each side’s answer', () => {
    const side = (outcome: Divergence['model']['outcome']): Divergence['model'] => ({ outcome, observation: {} });
    const base = { step: 0, command: { type: 'rebalance' }, model: side({ ok: true }), target: side({ ok: false, error: 'NetworkError' }) };
    expect(divergenceClass({ ...base, differs: 'outcome' })).toBe('rebalance: outcome (target NetworkError, model ok)');
    expect(divergenceClass({ ...base, differs: 'outcome', target: side({ ok: true, value: 1 }) })).toBe('rebalance: value');
    expect(divergenceClass({ ...base, differs: 'partitions["t0-0"].position' })).toBe('rebalance: observation partitions');
  });

  it('reports each class once, with its own counterexample showing that class', () => {
    const result = checkTarget(target, { seed: ciSeed, runs: 200, models: systems, catalog, properties: ['RF-AGREE'] });
    const classes = result.results.map((r) => r.divergenceClass);
    expect(new Set(classes).size).toBe(classes.length);
    expect([...classes].sort()).toEqual(['buildSubscriptionData: outcome (target ok, model Exception)', 'deliver: value']);
    for (const r of result.results) {
      const divergence = r.counterexample?.divergence;
      expect(divergence && divergenceClass(divergence)).toBe(r.divergenceClass);
      expect(r.counterexample?.length).toBe(1);
      expect(resultKey(r)).toBe(`RF-AGREE · ${r.divergenceClass ?? ''}`);
    }
  });

  it('reports only the first when bounded to one class', () => {
    const result = checkTarget(target, { seed: ciSeed, runs: 200, models: systems, catalog, properties: ['RF-AGREE'], maxDivergenceClasses: 1 });
    expect(result.results).toHaveLength(1);
  });
});

/**
 * A differential property over commands named by their type alone: the first command whose type is in `wrong`
 * diverges (class `<type>: outcome (target NetworkError, model ok)`), the rest agree; `runs` records each scenario run.
 */
function firstWrongOf(wrong: readonly string[], runs: Command[][]): Property {
  return {
    id: 'X-AGREE', system: 'rocketmq.filter', kind: 'invariant', statement: '', why: '', runs: 1, scenarios: undefined as never,
    evaluate: (scenario): Evaluation => {
      runs.push([...scenario.commands]);
      const step = scenario.commands.findIndex((c) => wrong.includes(c.type));
      if (step < 0) return { status: 'held', labels: new Set() };
      const command = scenario.commands[step] as Command;
      const divergence: Divergence = { step, command, differs: 'outcome', model: { outcome: { ok: true }, observation: {} }, target: { outcome: { ok: false, error: 'NetworkError' }, observation: {} } };
      return { status: 'violated', step, message: 'differs', divergence, labels: new Set() };
    },
  };
}

const scenarioOf = (...types: string[]): Scenario => ({ system: 'rocketmq.filter', setup: {}, commands: types.map((type) => ({ type })) }) as unknown as Scenario;
const classOf = (type: string): string => `${type}: outcome (target NetworkError, model ok)`;

describe('the class search past known classes (excludingClasses)', () => {
  it('leaves out a command of a known class and finds the next class, at its step in the whole scenario', () => {
    const runs: Command[][] = [];
    const evaluation = excludingClasses(firstWrongOf(['a', 'b'], runs), new Set([classOf('a')])).evaluate(scenarioOf('x', 'a', 'y', 'a', 'b'));
    expect(evaluation).toMatchObject({ status: 'violated', step: 4, divergence: { step: 4, command: { type: 'b' } } });
    expect(runs.map((r) => r.map((c) => c.type).join(''))).toEqual(['xayab', 'xyab', 'xyb']);
  });

  it('holds when only known classes remain, and gives up after the bound', () => {
    const runs: Command[][] = [];
    const known = excludingClasses(firstWrongOf(['a'], runs), new Set([classOf('a')]));
    expect(known.evaluate(scenarioOf('a', 'x', 'a')).status).toBe('held');
    runs.length = 0;
    const many = Array.from({ length: maxDroppedCommands + 1 }, () => 'a');
    expect(known.evaluate(scenarioOf(...many, 'b')).status).toBe('held');
    expect(runs).toHaveLength(maxDroppedCommands + 1);
  });

  it('passes a first divergence of a new class through unchanged', () => {
    const runs: Command[][] = [];
    const evaluation = excludingClasses(firstWrongOf(['a', 'b'], runs), new Set([classOf('a')])).evaluate(scenarioOf('x', 'b', 'a'));
    expect(evaluation).toMatchObject({ status: 'violated', step: 1 });
    expect(runs).toHaveLength(1);
  });
});
