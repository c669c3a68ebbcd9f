/**
 * Every library finding's standalone reproduction (conformance/repro/, written into repros/ by `npm run repros`):
 * the committed scripts are what the generator makes from the shipped counterexamples today, and each one, run as a
 * maintainer would (Node where the library is installed, Python with kafka-python on its path), exits as
 * conformance/expectations.json records: 1 (`library`) while the library behaves so, 0 (`artifact`) when the
 * divergence came from the adapter. A finding without a reproduction records none.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExpectations } from '../../conformance/expectations.js';
import { packageRoot } from '../../conformance/package-root.js';
import { isReproduction, reproductions } from '../../conformance/repro/reproductions.js';
import { reproPlace, runReproduction } from '../../conformance/repro/run-reproduction.js';

const expectations = loadExpectations();
const all = reproductions(expectations);

describe('the reproductions of the library findings', () => {
  it('cover every diverging finding: a script, or the reason there is none', () => {
    const diverging = Object.entries(expectations.targets).flatMap(([target, cells]) => Object.entries(cells).filter(([, c]) => c.status === 'diverges').map(([key]) => `${target} ${key}`));
    expect(all.map((r) => `${r.target} ${r.key}`)).toEqual(diverging);
    for (const entry of all.filter((r) => !isReproduction(r))) expect(expectations.targets[entry.target]?.[entry.key]?.reproduction, `${entry.target} ${entry.key}`).toBeUndefined();
  });

  it('are committed as generated (npm run repros writes them)', () => {
    for (const repro of all.filter(isReproduction)) {
      expect(readFileSync(path.join(packageRoot(), repro.file), 'utf8'), repro.file).toBe(repro.script);
    }
  });

  for (const repro of all.filter(isReproduction)) {
    it(`${repro.target} ${repro.key}: exits as expectations.json records`, async (context) => {
      const place = reproPlace(repro);
      if (typeof place === 'string') context.skip(place);
      const run = await runReproduction(repro);
      if (typeof run === 'string') throw new Error(run);
      const wanted = expectations.targets[repro.target]?.[repro.key]?.reproduction;
      expect(run.exit, run.output).toBe(wanted === 'library' ? 1 : wanted === 'artifact' ? 0 : -1);
      expect(run.output).toMatch(/actual: /);
    }, 60_000);
  }
});
