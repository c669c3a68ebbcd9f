/**
 * The committed corpus: every file under counterexamples/ is a valid `mqspec.counterexample/1` record of a property in
 * the catalog, stored under its system's folder and its content address; a hazard's counterexample still reproduces
 * (else the edge-case report documents something that no longer happens), and an invariant's no longer does (else
 * the model has regressed, which `mqspec check` reports as a violation).
 */
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systems } from '../../model/systems.js';
import { agreementCatalog } from '../../conformance/target-properties.js';
import { catalog } from '../../properties/catalog.js';
import { counterexampleFileName } from '../../properties/corpus/content-address.js';
import { loadCorpus } from '../../properties/corpus/load-corpus.js';
import { modelTarget } from '../../properties/corpus/counterexample-record.js';

const root = join(import.meta.dirname, '../../counterexamples');
// Targets' counterexamples name the differential properties (`KG-AGREE`, …) besides the catalog's.
const properties = [...catalog, ...agreementCatalog(systems, catalog)];
const corpus = loadCorpus(root, systems, properties);

describe('the committed counterexample corpus', () => {
  it('holds only valid records', () => {
    expect(corpus.warnings).toEqual([]);
  });

  for (const entry of corpus.entries.filter((e) => e.record.target === modelTarget)) {
    const name = relative(root, entry.path);
    const property = properties.find((p) => p.id === entry.record.property);
    it(`${name} is named after its content and ${property?.kind === 'invariant' ? 'no longer violates' : 'still violates'} ${entry.record.property}`, () => {
      expect(basename(dirname(entry.path))).toBe(entry.record.system);
      expect(basename(entry.path)).toBe(counterexampleFileName(entry.record));
      const verdict = property?.evaluate(entry.record.scenario).status;
      if (property?.kind === 'hazard' && verdict !== 'violated') {
        expect.fail(`${name} no longer reproduces ${entry.record.property}: delete it, run \`mqspec check\` to store a new one, then \`npm run report\``);
      }
      if (property?.kind === 'invariant' && verdict !== 'held') expect.fail(`${name}: the model violates invariant ${entry.record.property} again (a regression)`);
    });
  }
});
