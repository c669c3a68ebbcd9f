import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCounterexampleRecord } from '../../../properties/corpus/counterexample-record.js';
import { loadCorpus, storedFor } from '../../../properties/corpus/load-corpus.js';
import { counterCatalog, counterSystems } from '../../cli/fixtures/counter-system.js';
import { corpusFolder, counterRecord } from './fixtures.js';

describe('loadCorpus', () => {
  it('loads every record under the folder in path order, with its content address', () => {
    const folder = corpusFolder();
    mkdirSync(join(folder, 'test.counter'));
    writeFileSync(join(folder, 'test.counter', 'b.json'), formatCounterexampleRecord(counterRecord()));
    writeFileSync(join(folder, 'test.counter', 'a.json'), formatCounterexampleRecord(counterRecord({ property: 'CT-3', message: 'm' })));
    writeFileSync(join(folder, 'test.counter', '.b.json.1-00000000.tmp'), '{"half');
    const corpus = loadCorpus(folder, counterSystems, counterCatalog);
    expect(corpus.warnings).toEqual([]);
    expect(corpus.entries.map((e) => e.path)).toEqual([join(folder, 'test.counter', 'a.json'), join(folder, 'test.counter', 'b.json')]);
    expect(corpus.entries[1]?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFor(corpus, 'CT-2', 'model').map((e) => e.record.property)).toEqual(['CT-2']);
    expect(storedFor(corpus, 'CT-2', 'kafkajs')).toEqual([]);
  });

  it('skips a corrupted file with a one-line warning naming it, and keeps the rest', () => {
    const folder = corpusFolder();
    writeFileSync(join(folder, 'good.json'), formatCounterexampleRecord(counterRecord()));
    writeFileSync(join(folder, 'truncated.json'), formatCounterexampleRecord(counterRecord()).slice(0, 40));
    writeFileSync(join(folder, 'wrong.json'), JSON.stringify({ ...counterRecord(), step: -1 }));
    const corpus = loadCorpus(folder, counterSystems, counterCatalog);
    expect(corpus.entries.map((e) => e.path)).toEqual([join(folder, 'good.json')]);
    expect(corpus.warnings).toHaveLength(2);
    expect(corpus.warnings[0]).toMatch(new RegExp(`^${join(folder, 'truncated.json')}: invalid JSON: [^\\n]+ \\(skipped\\)$`));
    expect(corpus.warnings[1]).toMatch(new RegExp(`^${join(folder, 'wrong.json')}: step: [^\\n]+ \\(skipped\\)$`));
  });

  it('leaves the real-client findings folder to its own reader, without a warning', () => {
    const folder = corpusFolder();
    writeFileSync(join(folder, 'good.json'), formatCounterexampleRecord(counterRecord()));
    mkdirSync(join(folder, 'real-clients', 'kafka'), { recursive: true });
    writeFileSync(join(folder, 'real-clients', 'kafka', 'kafkajs-roundrobin-assignor.json'), JSON.stringify({ realClientFinding: 1 }));
    writeFileSync(join(folder, 'real-clients-not.json'), JSON.stringify({ step: -1 }));
    const corpus = loadCorpus(folder, counterSystems, counterCatalog);
    expect(corpus.entries.map((e) => e.path)).toEqual([join(folder, 'good.json')]);
    expect(corpus.warnings).toHaveLength(1);
    expect(corpus.warnings[0]).toContain('real-clients-not.json');
  });

  it('is empty for a folder that does not exist yet', () => {
    expect(loadCorpus(join(corpusFolder(), 'missing'), counterSystems)).toMatchObject({ entries: [], warnings: [] });
  });
});
