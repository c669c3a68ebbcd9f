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

describe('the bug zoo', () => {
  it('has a bug for every invariant, so no invariant is one that cannot fail', () => {
    const caught = new Set(bugZoo.flatMap((bug) => bug.caughtBy));
    const uncaught = catalog.filter((p) => p.kind === 'invariant' && !caught.has(p.id)).map((p) => p.id);
    expect(uncaught).toEqual([]);
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
