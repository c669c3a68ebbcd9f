import { describe, expect, it } from 'vitest';
import { counterexampleFileName, counterexampleKey } from '../../../properties/corpus/content-address.js';
import { counterRecord } from './fixtures.js';

describe('content addresses', () => {
  it('name a file <property>-<12 hex>.json after the property, the target and the scenario only', () => {
    const record = counterRecord();
    expect(counterexampleFileName(record)).toMatch(/^CT-2-[0-9a-f]{12}\.json$/);
    expect(counterexampleFileName(record)).toBe(`CT-2-${counterexampleKey(record).slice(0, 12)}.json`);
    const otherProvenance = counterRecord({ seed: 99, path: '1', message: 'other', mqspecVersion: '2.0.0' });
    expect(counterexampleKey(otherProvenance)).toBe(counterexampleKey(record));
  });

  it('differ when the scenario, the property or the target differs', () => {
    const key = counterexampleKey(counterRecord());
    expect(counterexampleKey(counterRecord({ target: 'kafkajs' }))).not.toBe(key);
    expect(counterexampleKey(counterRecord({ property: 'CT-3' }))).not.toBe(key);
    expect(counterexampleKey(counterRecord({ scenario: { system: 'test.counter', setup: { start: 1 }, commands: [{ type: 'dec' }] } }))).not.toBe(key);
  });

  it('do not depend on key order', () => {
    const scenario = { commands: [{ type: 'dec' }], setup: { start: 0 }, system: 'test.counter' };
    expect(counterexampleKey(counterRecord({ scenario }))).toBe(counterexampleKey(counterRecord()));
  });
});
