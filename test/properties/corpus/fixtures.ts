/** Shared helpers of the corpus tests: a counterexample record of the counter fixture and a fresh corpus folder. */
import { counterexampleFormat, type CounterexampleRecord } from '../../../properties/corpus/counterexample-record.js';
import { tempFolder } from '../../support/temp-folder.js';

/** A record of CT-2 (the counter goes below zero) on the model. */
export function counterRecord(overrides: Partial<CounterexampleRecord> = {}): CounterexampleRecord {
  return {
    format: counterexampleFormat,
    property: 'CT-2',
    system: 'test.counter',
    target: 'model',
    seed: 7,
    path: '3:0',
    scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'dec' }] },
    step: 0,
    message: 'the counter is -1',
    explanation: 'step 0 decremented a counter at zero',
    mqspecVersion: '0.1.0',
    ...overrides,
  };
}

/** A fresh, empty corpus folder. */
export function corpusFolder(): string {
  return tempFolder('corpus-test');
}
