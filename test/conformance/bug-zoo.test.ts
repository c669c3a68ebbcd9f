/**
 * The bug zoo runs as targets (`zoo:<id>`) through the same path as any implementation under test
 * (conformance/check-target.ts): every entry must be caught by each invariant it names — a property that catches
 * nothing cannot fail, which is a defect.
 */
import { describe, expect, it } from 'vitest';
import { bugZoo } from '../../conformance/bug-zoo/bugs.js';
import { zooTarget } from '../../conformance/bug-zoo/zoo-targets.js';
import { checkTarget } from '../../conformance/check-target.js';
import { systems } from '../../model/systems.js';
import { catalog, findProperty } from '../../properties/catalog.js';
import { ciSeed } from '../support/seed.js';
import { isOneMinimal } from '../../properties/minimize.js';
import { lockstepSource } from '../../conformance/lockstep.js';
import { targetProperties } from '../../conformance/target-properties.js';

describe('the bug zoo', () => {
  it('has a bug for every invariant, so no invariant is one that cannot fail', () => {
    const caught = new Set(bugZoo.flatMap((bug) => bug.caughtBy));
    const uncaught = catalog.filter((p) => p.kind === 'invariant' && !caught.has(p.id)).map((p) => p.id);
    expect(uncaught).toEqual([]);
  });

  it('shrinks a divergence against the target to a 1-minimal scenario', () => {
    const bug = bugZoo.find((b) => b.id === 'kg-range-drops-remainder');
    expect(bug).toBeDefined();
    if (bug === undefined) return;
    const target = zooTarget(bug);
    const result = checkTarget(target, { seed: ciSeed, models: systems, catalog, properties: ['KG-AGREE'] });
    const counterexample = result.results[0]?.counterexample;
    expect(counterexample?.divergence?.differs).toBe('outcome');
    const declared = target.systems[0];
    const model = systems.get('kafka.group');
    if (counterexample === undefined || declared === undefined || model === undefined) return;
    const property = targetProperties(declared, model, catalog)[0];
    expect(property?.id).toBe('KG-AGREE');
    if (property === undefined) return;
    expect(isOneMinimal(property, counterexample.scenario, lockstepSource(target, declared, model))).toBe(true);
  });

  for (const bug of bugZoo) {
    for (const id of bug.caughtBy) {
      it(`${id} catches zoo:${bug.id} as a target: ${bug.mistake}`, () => {
        const property = findProperty(id);
        expect(property, `unknown property ${id}`).toBeDefined();
        if (property === undefined) return;
        const result = checkTarget(zooTarget(bug), { seed: ciSeed, models: systems, catalog, properties: [id], runs: Math.max(property.runs, 1000) });
        expect(result.results.map((r) => [r.id, r.status])).toEqual([[id, 'violated']]);
        expect(result.verdict).toBe('diverges');
      });
    }
  }
});
