import { describe, expect, it } from 'vitest';
import { loadExpectations } from '../../conformance/expectations.js';
import { matrixInWorkers } from '../../conformance/matrix-in-workers.js';
import { runMatrix, type MatrixOptions, type MatrixRow } from '../../conformance/matrix.js';
import { shippedCorpus } from '../../conformance/shipped-corpus.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { counterCatalog, counterSystems } from '../cli/fixtures/counter-system.js';

/** Rows without their timings. */
function verdicts(rows: readonly MatrixRow[]): unknown {
  return rows.map(({ milliseconds: _, ...row }) => row);
}

const options: MatrixOptions = {
  seed: 20261202,
  runs: 20,
  corpus: shippedCorpus(loadExpectations(), systems, catalog),
  models: systems,
  catalog,
  // An in-process target, one behind a worker-thread bridge and one whose library throws on some inputs.
  targets: ['ali-ons-tag-filter', 'kafkajs-subscription-state', 'kafka-node-range'],
};

describe('the matrix on worker threads', () => {
  it('gives the rows one thread gives, in the same order', () => {
    const sequential = runMatrix(options);
    const seen: string[] = [];
    const pooled = matrixInWorkers({ ...options, onRow: (row) => seen.push(row.target) }, 2);
    expect(pooled).toBeDefined();
    expect(verdicts(pooled ?? [])).toEqual(verdicts(sequential));
    expect(seen).toEqual(sequential.map((r) => r.target));
    expect(sequential.map((r) => r.verdict)).toEqual(['diverges', 'diverges', 'diverges']);
  }, 120_000);

  it('runs in-process for one worker and for registries the workers cannot load', () => {
    expect(matrixInWorkers(options, 1)).toBeUndefined();
    expect(matrixInWorkers({ ...options, models: counterSystems, catalog: counterCatalog }, 2)).toBeUndefined();
  });
});
