/**
 * The corpus the conformance matrix replays: exactly the counterexamples conformance/expectations.json names, read
 * from mqspec's own folder (the package ships them). Never the working directory's corpus: a default
 * `mqspec check --target NAME` saves what it finds there, and a matrix replaying that would change its verdicts with
 * whatever ran before on the machine (a cooperative-sticky imbalance found by one default check turned the next
 * matrix's "agrees" into "diverges"). With the shipped files and a fixed seed, the matrix says the same on a fresh
 * clone, an installed package and a machine whose corpus holds every target's findings.
 */
import path from 'node:path';
import type { AnySystemModel } from '../model/system.js';
import { loadCorpus, type Corpus } from '../properties/corpus/load-corpus.js';
import type { Property } from '../properties/property.js';
import type { Expectations } from './expectations.js';
import { packageRoot } from './package-root.js';
import { agreementCatalog } from './target-properties.js';

/** The package-relative paths (`counterexamples/kafka.group/KG-04-….json`) the expectations name. */
export function namedCounterexamples(expectations: Expectations): Set<string> {
  const named = new Set<string>();
  for (const cells of Object.values(expectations.targets)) {
    for (const cell of Object.values(cells)) if (cell.counterexample !== undefined) named.add(path.normalize(cell.counterexample));
  }
  return named;
}

/**
 * The shipped corpus: the package's counterexamples folder, reduced to the files the expectations name (a file the
 * expectations do not name is a local finding, not part of the reference). Warnings are the unusable named files.
 * Its files are the targets', so they are read against the catalog with the targets' agreement properties added.
 */
export function shippedCorpus(
  expectations: Expectations,
  models: ReadonlyMap<string, AnySystemModel>,
  catalog: readonly Property[],
  root: string = packageRoot(),
): Corpus {
  const named = namedCounterexamples(expectations);
  const corpus = loadCorpus(path.join(root, 'counterexamples'), models, [...catalog, ...agreementCatalog(models, catalog)]);
  const isNamed = (file: string): boolean => named.has(path.relative(root, path.resolve(file)));
  return {
    folder: corpus.folder,
    entries: corpus.entries.filter((entry) => isNamed(entry.path)),
    warnings: corpus.warnings.filter((warning) => isNamed(warning.slice(0, warning.indexOf(': ')))),
  };
}
