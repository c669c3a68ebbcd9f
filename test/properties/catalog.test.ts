import { describe, expect, it } from 'vitest';
import { catalog } from '../../properties/catalog.js';
import { checkProperty } from '../../properties/check-property.js';
import { isOneMinimal } from '../../properties/minimize.js';
import { ciSeed } from '../support/seed.js';

describe('the property catalog', () => {
  it('has unique ids', () => {
    const ids = catalog.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const property of catalog) {
    if (property.kind === 'invariant') {
      it(`${property.id} holds on the reference model: ${property.statement}`, () => {
        const result = checkProperty(property, { seed: ciSeed });
        expect(result.counterexample?.message, JSON.stringify(result.counterexample?.scenario)).toBeUndefined();
        expect(result.status).toBe('held');
        expect(result.runs).toBe(property.runs);
      });
    } else {
      it(`${property.id} is refuted by a shrunk, 1-minimal counterexample: ${property.statement}`, () => {
        const result = checkProperty(property, { seed: ciSeed });
        expect(result.status).toBe('found');
        const counterexample = result.counterexample;
        expect(counterexample).toBeDefined();
        if (counterexample === undefined) return;
        expect(counterexample.step).toBe(counterexample.length - 1);
        expect(isOneMinimal(property, counterexample.scenario)).toBe(true);
      });
    }
  }
});
