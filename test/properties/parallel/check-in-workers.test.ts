import { describe, expect, it } from 'vitest';
import { catalog } from '../../../properties/catalog.js';
import { checkInWorkers } from '../../../properties/parallel/check-in-workers.js';
import { checkReplayFirst } from '../../../properties/corpus/check-replay-first.js';
import { loadCorpus } from '../../../properties/corpus/load-corpus.js';
import { systems } from '../../../model/systems.js';
import { emptyCorpus } from '../../cli/fixtures/counter-system.js';

describe('checkInWorkers', () => {
  it('gives on two threads, in catalog order, exactly what a sequential check gives', () => {
    const properties = catalog.filter((p) => p.system === 'rocketmq.filter');
    const folder = emptyCorpus();
    const threaded = checkInWorkers(properties, { seed: 7, runs: 30, folder, mqspecVersion: undefined, workers: 2 });
    const corpus = loadCorpus(folder, systems, catalog);
    const sequential = properties.map((p) => checkReplayFirst(p, { seed: 7, runs: 30, corpus, target: 'model' }));
    const essence = (r: { id: string; status: string; runs: number; counterexample?: { scenario: unknown } }) => [r.id, r.status, r.runs, r.counterexample?.scenario];
    expect(threaded?.map(essence)).toEqual(sequential.map(essence));
  });

  it('stays in-process for one worker or one property', () => {
    const options = { seed: 1, runs: 1, folder: emptyCorpus(), mqspecVersion: undefined };
    expect(checkInWorkers(catalog.slice(0, 2), { ...options, workers: 1 })).toBeUndefined();
    expect(checkInWorkers(catalog.slice(0, 1), { ...options, workers: 2 })).toBeUndefined();
  });
});
