import { describe, expect, it } from 'vitest';
import { bugZoo } from '../../conformance/bug-zoo/bugs.js';
import { catalog, findProperty } from '../../properties/catalog.js';
import { checkProperty } from '../../properties/check-property.js';
import { ciSeed } from '../support/seed.js';

describe('the bug zoo', () => {
  it('has a bug for every invariant, so no invariant is one that cannot fail', () => {
    const caught = new Set(bugZoo.flatMap((bug) => bug.caughtBy));
    const uncaught = catalog.filter((p) => p.kind === 'invariant' && !caught.has(p.id)).map((p) => p.id);
    expect(uncaught).toEqual([]);
  });

  for (const bug of bugZoo) {
    for (const id of bug.caughtBy) {
      it(`${id} catches ${bug.id}: ${bug.mistake}`, () => {
        const property = findProperty(id);
        expect(property, `unknown property ${id}`).toBeDefined();
        if (property === undefined) return;
        const result = checkProperty(property, { seed: ciSeed, implementation: bug.implementation, runs: Math.max(property.runs, 1000) });
        expect(result.status).toBe('violated');
      });
    }
  }
});
