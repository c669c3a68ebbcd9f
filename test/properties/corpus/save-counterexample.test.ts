import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { counterexampleFileName } from '../../../properties/corpus/content-address.js';
import { formatCounterexampleRecord } from '../../../properties/corpus/counterexample-record.js';
import { loadCorpus } from '../../../properties/corpus/load-corpus.js';
import { saveCounterexample } from '../../../properties/corpus/save-counterexample.js';
import { counterexampleSchemaReference } from '../../../properties/corpus/schema-reference.js';
import { nodeFileOps, type FileOps } from '../../../properties/corpus/write-file-atomically.js';
import { counterCatalog, counterSystems } from '../../cli/fixtures/counter-system.js';
import { corpusFolder, counterRecord } from './fixtures.js';

describe('saveCounterexample', () => {
  it('writes <folder>/<system>/<property>-<hash>.json with the record as its text', () => {
    const folder = corpusFolder();
    const saved = saveCounterexample(folder, counterRecord(), { systems: counterSystems });
    expect(saved).toEqual({ status: 'written', path: join(folder, 'test.counter', counterexampleFileName(counterRecord())) });
    const schema = counterexampleSchemaReference(saved.path) ?? '';
    expect(readFileSync(saved.path, 'utf8')).toBe(formatCounterexampleRecord(counterRecord(), schema));
  });

  it('starts the file with a $schema reference that resolves to the shipped counterexample schema', () => {
    const saved = saveCounterexample(corpusFolder(), counterRecord(), { systems: counterSystems });
    const schema = (JSON.parse(readFileSync(saved.path, 'utf8')) as { $schema: string }).$schema;
    expect(readFileSync(saved.path, 'utf8')).toMatch(/^\{\n {2}"\$schema": "[^"]+counterexample\.schema\.json",\n/);
    expect(resolve(dirname(saved.path), schema)).toBe(resolve(import.meta.dirname, '../../../schemas/counterexample.schema.json'));
    expect(existsSync(resolve(dirname(saved.path), schema))).toBe(true);
  });

  it('stores the same counterexample once, whatever its provenance and wherever the corpus keeps it', () => {
    const folder = corpusFolder();
    const first = saveCounterexample(folder, counterRecord(), { systems: counterSystems });
    const again = saveCounterexample(folder, counterRecord({ seed: 123, path: '9', mqspecVersion: '0.2.0' }), { systems: counterSystems });
    expect(again).toEqual({ status: 'exists', path: first.path });
    writeFileSync(join(folder, 'renamed-by-hand.json'), readFileSync(first.path, 'utf8'));
    const existing = loadCorpus(folder, counterSystems, counterCatalog).entries.filter((e) => e.path.endsWith('renamed-by-hand.json'));
    expect(saveCounterexample(folder, counterRecord(), { systems: counterSystems, existing })).toEqual({
      status: 'exists',
      path: join(folder, 'renamed-by-hand.json'),
    });
    expect(readdirSync(join(folder, 'test.counter'))).toHaveLength(1);
  });

  it('never overwrites a different file that holds the name', () => {
    const folder = corpusFolder();
    const first = saveCounterexample(folder, counterRecord(), { systems: counterSystems });
    writeFileSync(first.path, '{"someone": "else"}\n');
    expect(saveCounterexample(folder, counterRecord(), { systems: counterSystems })).toEqual({ status: 'conflict', path: first.path });
    expect(readFileSync(first.path, 'utf8')).toBe('{"someone": "else"}\n');
  });

  it('reports a crash before publishing as failed and leaves no partial *.json in the corpus', () => {
    const folder = corpusFolder();
    const crashing: FileOps = {
      ...nodeFileOps,
      link: () => {
        throw new Error('simulated crash');
      },
      remove: () => undefined,
    };
    const saved = saveCounterexample(folder, counterRecord(), { systems: counterSystems, ops: crashing });
    expect(saved).toMatchObject({ status: 'failed', reason: 'simulated crash' });
    const files = readdirSync(join(folder, 'test.counter'));
    expect(files.filter((name) => name.endsWith('.json'))).toEqual([]);
    expect(files.every((name) => name.endsWith('.tmp'))).toBe(true);
    expect(loadCorpus(folder, counterSystems, counterCatalog)).toMatchObject({ entries: [], warnings: [] });
  });
});
