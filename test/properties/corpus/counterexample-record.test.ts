import { describe, expect, it } from 'vitest';
import {
  counterexampleRecord,
  formatCounterexampleRecord,
  parseCounterexampleRecord,
} from '../../../properties/corpus/counterexample-record.js';
import { counterCatalog, counterSystems } from '../../cli/fixtures/counter-system.js';
import { counterRecord } from './fixtures.js';

describe('mqspec.counterexample/1 records', () => {
  it('round-trip through their file text, with keys in the documented order', () => {
    const text = formatCounterexampleRecord(counterRecord());
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'format',
      'property',
      'system',
      'target',
      'seed',
      'path',
      'scenario',
      'step',
      'message',
      'explanation',
      'mqspecVersion',
    ]);
    expect(parseCounterexampleRecord(JSON.parse(text), counterSystems, counterCatalog)).toEqual({ ok: true, record: counterRecord() });
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('write the same bytes whatever order the record was built in', () => {
    const record = counterRecord();
    const shuffled = Object.fromEntries(Object.entries(record).reverse()) as typeof record;
    expect(formatCounterexampleRecord(shuffled)).toBe(formatCounterexampleRecord(record));
  });

  it.each([
    [{ format: 'mqspec.counterexample/2' }, 'format: expected "mqspec.counterexample/1", received "mqspec.counterexample/2"'],
    [{ seed: 'x' }, /^seed: /],
    [{ scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'frobnicate' }] } }, /^scenario\.commands\[0\]: unknown command type "frobnicate"/],
    [{ system: 'kafka.consumer' }, 'system: "kafka.consumer" differs from the scenario\'s "test.counter"'],
    [{ property: 'CT-9' }, 'property: unknown property "CT-9"'],
  ])('are rejected with a one-line reason naming the field: %j', (change, reason) => {
    const parsed = parseCounterexampleRecord({ ...counterRecord(), ...change }, counterSystems, counterCatalog);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
  });

  it('take the profile from the setup when it has one', () => {
    const scenario = { system: 'kafka.consumer', setup: { profile: 'kafka-1.0', topics: {} }, commands: [] };
    const record = counterexampleRecord(
      { scenario, length: 0, step: 0, message: 'm' },
      { property: { id: 'KC-H1', system: 'kafka.consumer' }, target: 'model', seed: 1, mqspecVersion: '9.9.9' },
    );
    expect(record).toMatchObject({ profile: 'kafka-1.0', property: 'KC-H1', target: 'model', seed: 1, mqspecVersion: '9.9.9' });
    expect(record).not.toHaveProperty('path');
  });
});
