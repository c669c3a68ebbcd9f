import { describe, expect, it } from 'vitest';
import { loadExpectations } from '../../conformance/expectations.js';
import { libraryFindings } from '../../reports/build-report.js';
import { edgeCaseReport } from '../../reports/edge-case-report.js';
import { edgeCasesHtml } from '../../reports/html/edge-cases-html.js';
import { edgeCasesMarkdown } from '../../reports/markdown/edge-cases-markdown.js';
import { systems } from '../../model/systems.js';

const expectations = loadExpectations();
const findings = libraryFindings(expectations, 'counterexamples');

describe('the report section "What mqspec found in real libraries"', () => {
  it('lists every divergence and failure of conformance/expectations.json, a divergence with its stored scenario', () => {
    const expected = Object.entries(expectations.targets).flatMap(([target, cells]) => Object.entries(cells).filter(([, c]) => c.status !== 'agrees').map(([id]) => `${target} ${id}`));
    expect(findings.map((f) => `${f.target} ${f.property}`)).toEqual(expected);
    for (const finding of findings.filter((f) => f.status === 'diverges')) expect(finding.counterexample?.scenario.commands.length, finding.target).toBeGreaterThan(0);
  });

  it('shows each finding with its library version, judgement, the step where the sides part and both answers', () => {
    const report = edgeCaseReport({ catalog: [], systems, corpus: { folder: 'counterexamples', entries: [], warnings: [] }, seed: 1, results: new Map(), findings });
    const markdown = edgeCasesMarkdown(report);
    const html = edgeCasesHtml(report);
    expect(markdown).toContain('## What mqspec found in real libraries');
    expect(html).toContain('What mqspec found in real libraries');
    const shown = report.findings.find((f) => f.target === 'kafka-node-roundrobin');
    expect(shown?.library).toBe('kafka-node@5.0.0');
    expect(shown?.modelAnswer).toMatch(/^ok/);
    expect(markdown).toContain(`### kafka-node-roundrobin-${shown?.property ?? ''}`);
    expect(markdown).toContain(`**At step ${shown?.example?.step ?? -1}:** `);
  });
});
