import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectationChanges, loadExpectations, type Expectations } from '../../conformance/expectations.js';
import { runMatrix, type MatrixRow } from '../../conformance/matrix.js';
import { packageRoot } from '../../conformance/package-root.js';
import { shippedCorpus } from '../../conformance/shipped-corpus.js';
import { libraries } from '../../conformance/targets/libraries.js';
import { libraryTargets } from '../../conformance/targets/library-targets.js';
import { kafkaPythonTargets } from '../../conformance/targets/kafka-python/kafka-python-target.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';

const root = packageRoot();
const expectations = loadExpectations();
let rows: MatrixRow[] = [];

// The CI gate: every bundled library target as `check --matrix` runs it — the shipped corpus replayed first, then each
// property's default number of generated scenarios.
beforeAll(() => {
  const corpus = shippedCorpus(expectations, systems, catalog);
  rows = runMatrix({ seed: 20261202, corpus, models: systems, catalog });
  for (const row of rows.filter((r) => r.skipped !== undefined)) process.stderr.write(`skipped ${row.target}: ${row.skipped}\n`);
}, 170_000);

describe('the bundled library targets against conformance/expectations.json', () => {
  it('shows every target × property with the status the expectations give it', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(expectationChanges(rows, expectations)).toEqual([]);
  });

  it('reports a deliberately changed expectation as a change', () => {
    const row = rows.find((r) => r.verdict === 'diverges');
    const [id, cell] = Object.entries(row?.properties ?? {}).find(([, c]) => c.status === 'diverges') ?? [];
    if (row === undefined || id === undefined || cell === undefined) throw new Error('no diverging target to change an expectation of');
    const changed: Expectations = structuredClone(expectations);
    const own = changed.targets[row.target] ?? {};
    own[id] = { status: 'agrees' };
    changed.targets[row.target] = own;
    expect(expectationChanges(rows, changed)).toEqual([expect.stringContaining(`${row.target} ${id}: expected agrees, now diverges`)]);
  });

  it('names an existing corpus file for every expected divergence', () => {
    for (const [target, cells] of Object.entries(expectations.targets)) {
      for (const [id, cell] of Object.entries(cells)) {
        if (cell.status !== 'diverges') continue;
        expect(cell.counterexample, `${target} ${id}`).toBeDefined();
        expect(existsSync(path.join(root, cell.counterexample ?? '')), `${target} ${id}: ${cell.counterexample ?? ''}`).toBe(true);
      }
    }
  });
});

describe('the wrapped libraries', () => {
  it('are the exact versions package.json (or, for a library with engines of its own, its package under libraries/) installs', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const nested = (name: string): Record<string, string> | undefined => {
      const library = libraries.find((l) => l.name === name);
      if (library?.nested === undefined) return undefined;
      return (JSON.parse(readFileSync(path.join(root, library.nested, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    };
    for (const target of libraryTargets) {
      const at = target.library.lastIndexOf('@');
      const name = target.library.slice(0, at);
      expect((nested(name) ?? manifest.devDependencies)[name], target.name).toBe(target.library.slice(at + 1));
    }
    expect(kafkaPythonTargets.every((t) => t.library === 'kafka-python@2.0.2')).toBe(true);
  });
});
