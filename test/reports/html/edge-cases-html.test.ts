import { describe, expect, it } from 'vitest';
import { counterCatalog, counterSystems } from '../../cli/fixtures/counter-system.js';
import { coverageRun, edgeCaseReport } from '../../../reports/edge-case-report.js';
import { loadCorpus } from '../../../properties/corpus/load-corpus.js';
import { edgeCasesHtml } from '../../../reports/html/edge-cases-html.js';

const report = edgeCaseReport({
  catalog: counterCatalog,
  systems: counterSystems,
  corpus: loadCorpus('/nonexistent-corpus', counterSystems),
  seed: 1,
  results: coverageRun(counterCatalog, 1),
});
const html = edgeCasesHtml(report);

describe('edgeCasesHtml', () => {
  it('is one static page: no script, no stylesheet or image from elsewhere, a viewport for phones', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|url\(/i);
    expect((html.match(/https?:\/\/[^"\s<]+/g) ?? []).every((url) => url === 'http://www.w3.org/2000/svg')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('has a card per hazard leading to its section, which holds the steps and an SVG picture', () => {
    expect(html).toContain('<a href="#ct-3">');
    const section = html.slice(html.indexOf('<section class="hazard" id="ct-3">'));
    expect(section).toContain('<ol class="steps" start="0">');
    expect(section).toContain('<svg class="chart steps"');
    expect(section).toContain('class="violates"');
  });

  it('escapes what it shows', () => {
    expect(html).toContain('The counter | never exceeds 2.');
    expect(edgeCasesHtml({ ...report, hazards: [{ ...report.hazards[0]!, statement: '<b>&' }] })).toContain('&lt;b&gt;&amp;');
  });
});
