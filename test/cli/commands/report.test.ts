import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../../cli/commands/report.js';
import { emptyCorpus, runCli } from '../fixtures/counter-system.js';
import { tempFolder } from '../../support/temp-folder.js';

/** A fresh output folder. */
function out(): string {
  return join(tempFolder('report'), 'reports');
}

describe('mqspec report', () => {
  it('writes edge-cases.md and index.html into --out, with the hazard, its steps and every property', () => {
    const folder = out();
    const run = runCli(['report', '--out', folder]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(`wrote ${join(folder, 'edge-cases.md')} and ${join(folder, 'index.html')}: 1 of 1 hazards with a counterexample (seed 20261202)\n`);
    const markdown = readFileSync(join(folder, 'edge-cases.md'), 'utf8');
    expect(markdown).toContain('### CT-3');
    expect(markdown).toContain('> **Belief:** The counter \\| never exceeds 2.');
    expect(markdown).toMatch(/^\d+\. \*\*.+\*\* ← violates CT-3$/m);
    expect(markdown).toContain('| CT-2 | test.counter | invariant | The counter never goes below zero. | violated | ');
    expect(markdown).toContain('found by this report\'s run (seed 20261202); not in the corpus yet');
    const html = readFileSync(join(folder, 'index.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<section class="hazard" id="ct-3">');
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
  });

  it('writes the same bytes twice: no dates, no timings', () => {
    const [a, b] = [out(), out()];
    runCli(['report', '--out', a]);
    runCli(['report', '--out', b]);
    for (const name of ['edge-cases.md', 'index.html']) expect(readFileSync(join(a, name), 'utf8')).toBe(readFileSync(join(b, name), 'utf8'));
  });

  it('shows the corpus counterexample of a hazard, with a link relative to the output folder', () => {
    const corpus = emptyCorpus();
    runCli(['check', '--property', 'CT-3', '--corpus', corpus]);
    const folder = out();
    const run = runCli(['report', '--out', folder, '--corpus', corpus, '--json']);
    const doc = JSON.parse(run.stdout) as ReportDocument;
    expect(doc.hazards).toEqual([{ id: 'CT-3', status: 'found', source: expect.stringMatching(/test\.counter[\\/]CT-3-[0-9a-f]{12}\.json$/) }]);
    expect(readFileSync(join(folder, 'edge-cases.md'), 'utf8')).toContain(`replay it with \`mqspec replay ${doc.hazards[0]?.source ?? ''}\``);
  });
});
