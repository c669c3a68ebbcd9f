import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReplayFirst } from '../../../properties/corpus/check-replay-first.js';
import { formatCounterexampleRecord } from '../../../properties/corpus/counterexample-record.js';
import { loadCorpus } from '../../../properties/corpus/load-corpus.js';
import { answersValue, counterCatalog, counterSystems, neverNegative, staysSmall } from '../../cli/fixtures/counter-system.js';
import { corpusFolder, counterRecord } from './fixtures.js';

/** A corpus folder holding the given records, loaded. */
function corpusWith(...records: ReturnType<typeof counterRecord>[]): { folder: string; corpus: ReturnType<typeof loadCorpus> } {
  const folder = corpusFolder();
  records.forEach((record, index) => writeFileSync(join(folder, `${record.property}-${index}.json`), formatCounterexampleRecord(record)));
  return { folder, corpus: loadCorpus(folder, counterSystems, counterCatalog) };
}

const save = (folder: string) => ({ folder, systems: counterSystems, mqspecVersion: '0.1.0' });

describe('checkReplayFirst', () => {
  it('reports an invariant violated at once when a stored counterexample reproduces, without generating', () => {
    const { folder, corpus } = corpusWith(counterRecord({ scenario: { system: 'test.counter', setup: { start: 1 }, commands: [{ type: 'dec' }, { type: 'dec' }] } }));
    const result = checkReplayFirst(neverNegative, { seed: 1, corpus, target: 'model', save: save(folder) });
    expect(result).toMatchObject({ status: 'violated', runs: 0, regression: join(folder, 'CT-2-0.json') });
    expect(result.counterexample).toMatchObject({ step: 1, message: 'the counter is -1', length: 2, path: '3:0' });
    expect(result.replayed).toEqual([{ file: join(folder, 'CT-2-0.json'), reproduced: true, step: 1, message: 'the counter is -1' }]);
    expect(result.saved).toBeUndefined();
  });

  it('generates as usual when the stored counterexamples of an invariant no longer reproduce (the bug was fixed)', () => {
    const { folder, corpus } = corpusWith(counterRecord({ property: 'CT-1', scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'inc' }] } }));
    const result = checkReplayFirst(answersValue, { seed: 1, corpus, target: 'model', save: save(folder) });
    expect(result).toMatchObject({ status: 'held', runs: 50 });
    expect(result.replayed).toEqual([{ file: join(folder, 'CT-1-0.json'), reproduced: false }]);
  });

  it('saves a new counterexample found by generation, and then replays it first', () => {
    const { folder, corpus } = corpusWith();
    const first = checkReplayFirst(neverNegative, { seed: 1, corpus, target: 'model', save: save(folder) });
    expect(first).toMatchObject({ status: 'violated', saved: { status: 'written' } });
    const reloaded = loadCorpus(folder, counterSystems, counterCatalog);
    const second = checkReplayFirst(neverNegative, { seed: 2, corpus: reloaded, target: 'model', save: save(folder) });
    expect(second).toMatchObject({ status: 'violated', runs: 0, regression: first.saved?.path });
  });

  it('searches a hazard by generation even when a stored counterexample reproduces, and saves nothing new then', () => {
    const stored = counterRecord({ property: 'CT-3', scenario: { system: 'test.counter', setup: { start: 2 }, commands: [{ type: 'inc' }] } });
    const { folder, corpus } = corpusWith(stored);
    const result = checkReplayFirst(staysSmall, { seed: 1, corpus, target: 'model', save: save(folder) });
    expect(result.status).toBe('found');
    expect(result.runs).toBeGreaterThan(0);
    expect(result.replayed).toEqual([expect.objectContaining({ reproduced: true })]);
    expect(result.saved).toBeUndefined();
  });

  it('reports a hazard counterexample that stopped reproducing as stale, saves the new one, and stays found', () => {
    const stale = counterRecord({ property: 'CT-3', scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'inc' }] } });
    const { folder, corpus } = corpusWith(stale);
    const result = checkReplayFirst(staysSmall, { seed: 1, corpus, target: 'model', save: save(folder) });
    expect(result.status).toBe('found');
    expect(result.replayed).toEqual([{ file: join(folder, 'CT-3-0.json'), reproduced: false }]);
    expect(result.saved?.status).toBe('written');
  });

  it('saves nothing without a place to save to', () => {
    const { corpus } = corpusWith();
    expect(checkReplayFirst(neverNegative, { seed: 1, corpus, target: 'model' }).saved).toBeUndefined();
  });
});
