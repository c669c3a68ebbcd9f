import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../../cli/commands/check.js';
import { loadExpectations, type Expectations } from '../../conformance/expectations.js';
import type { MatrixRow } from '../../conformance/matrix.js';
import { packageRoot } from '../../conformance/package-root.js';
import { namedCounterexamples, shippedCorpus } from '../../conformance/shipped-corpus.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { runCli } from '../cli/fixtures/counter-system.js';
import { tempFolder } from '../support/temp-folder.js';

const expectations = loadExpectations();

describe('the shipped corpus the matrix replays', () => {
  it('holds exactly the counterexamples the expectations name, each one usable', () => {
    const corpus = shippedCorpus(expectations, systems, catalog);
    const root = packageRoot();
    expect(corpus.warnings).toEqual([]);
    expect(new Set(corpus.entries.map((e) => path.relative(root, path.resolve(e.path))))).toEqual(namedCounterexamples(expectations));
  });

  it('leaves out a file of the same folder that the expectations do not name (a local finding)', () => {
    const root = tempFolder('shipped-root');
    cpSync(path.join(packageRoot(), 'counterexamples', 'kafka.group'), path.join(root, 'counterexamples', 'kafka.group'), { recursive: true });
    const one: Expectations = { about: '', targets: { 'kafkajs-round-robin': { 'KG-04': { status: 'diverges', counterexample: 'counterexamples/kafka.group/KG-04-945a1f7f0887.json' } } } };
    const corpus = shippedCorpus(one, systems, catalog, root);
    expect(readdirSync(path.join(root, 'counterexamples', 'kafka.group')).length).toBeGreaterThan(1);
    expect(corpus.entries.map((e) => path.basename(e.path))).toEqual(['KG-04-945a1f7f0887.json']);
  });

  it('reports a named file that cannot be used, and only that one', () => {
    const root = tempFolder('shipped-broken');
    mkdirSync(path.join(root, 'counterexamples', 'kafka.group'), { recursive: true });
    writeFileSync(path.join(root, 'counterexamples', 'kafka.group', 'KG-04-broken.json'), '{');
    writeFileSync(path.join(root, 'counterexamples', 'kafka.group', 'KG-04-local.json'), '{');
    const one: Expectations = { about: '', targets: { t: { 'KG-04': { status: 'diverges', counterexample: 'counterexamples/kafka.group/KG-04-broken.json' } } } };
    const corpus = shippedCorpus(one, systems, catalog, root);
    expect(corpus.entries).toEqual([]);
    expect(corpus.warnings).toEqual([expect.stringContaining('KG-04-broken.json')]);
  });
});

/** The matrix's verdicts, without its timings. */
function verdicts(rows: readonly MatrixRow[]): unknown {
  return rows.map(({ milliseconds: _, ...row }) => row);
}

describe('check --matrix, whatever the local corpus holds', () => {
  it('gives the same rows with an empty corpus and after a default check of a target saved its finding there', () => {
    const corpus = tempFolder('matrix-corpus');
    const matrix = (): CheckDocument => {
      const run = runCli(['check', '--matrix', '--property', 'RF-01', '--runs', '1', '--json', '--no-save'], { catalog, systems, corpus });
      return JSON.parse(run.stdout) as CheckDocument;
    };
    const before = matrix();
    // The case: a default check of the cooperative-sticky target saves its imbalance (KG-05) to the corpus;
    // one generated run of the matrix does not find it, so a matrix replaying the local corpus would flip to diverges.
    const check = runCli(['check', '--target', 'platformatic-kafka-cooperative-sticky', '--property', 'KG-05'], { catalog, systems, corpus });
    expect(check.exitCode, check.stdout).toBe(1);
    expect(readdirSync(path.join(corpus, 'kafka.group')).filter((f) => f.startsWith('KG-05-'))).toHaveLength(1);
    const after = matrix();
    expect(before.matrix?.rows.length).toBeGreaterThan(0);
    expect(verdicts(after.matrix?.rows ?? [])).toEqual(verdicts(before.matrix?.rows ?? []));
  }, 120_000);
});
