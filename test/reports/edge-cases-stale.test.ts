/**
 * The committed report is current: regenerating it in memory — from counterexamples/ and a check run with the fixed
 * seed, exactly as `npm run report` does — gives the committed reports/edge-cases.md and reports/index.html byte for
 * byte. Run from the project root (as `npm test` does), so file names in the report are relative like the committed ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../cli/commands/check.js';
import { defaultCorpusFolder } from '../../cli/context.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { buildReport, defaultReportFolder } from '../../reports/build-report.js';

const root = join(import.meta.dirname, '../..');
const { files } = buildReport({ catalog, systems, corpus: defaultCorpusFolder, seed: defaultSeed, out: defaultReportFolder });

/** Why two texts differ, in one line: the first line that is not the same. */
function firstDifference(committed: string, current: string): string {
  const a = committed.split('\n');
  const b = current.split('\n');
  const index = a.findIndex((line, i) => line !== b[i]);
  const at = index === -1 ? Math.min(a.length, b.length) : index;
  const show = (line: string | undefined): string => (line === undefined ? 'end of file' : JSON.stringify(line.slice(0, 120)));
  return `line ${at + 1}: committed ${show(a[at])}, regenerated ${show(b[at])}`;
}

describe('the committed edge-case report', () => {
  it.each([
    ['edge-cases.md', files.markdown],
    ['index.html', files.html],
  ])('reports/%s is what `npm run report` writes now', (name, current) => {
    let committed = '';
    try {
      committed = readFileSync(join(root, defaultReportFolder, name), 'utf8');
    } catch {
      expect.fail(`reports/${name} is missing: run \`npm run report\``);
    }
    if (committed !== current) expect.fail(`reports/${name} is stale: run \`npm run report\` (${firstDifference(committed, current)})`);
  });
});
