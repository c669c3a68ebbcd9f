/**
 * `reports/edge-cases.md`: the edge-case report as GitHub Markdown — an index of hazards, a section per hazard
 * (belief, why it is false, the minimal scenario as numbered steps, the explanation, a Mermaid picture and the exact
 * values), then every property's verdict and coverage. Deterministic: no dates, no timings, so a stale copy shows up
 * as a diff.
 */
import { slug } from '../../conformance/repro/script-file.js';
import { isAbsolute, posix, relative } from 'node:path';
import { formatJson } from '../../properties/corpus/stable-json.js';
import type { EdgeCaseReport, HazardExample, HazardSection, LibraryFinding, PropertyLine } from '../edge-case-report.js';
import { percent } from '../coverage.js';
import type { OffsetChart } from '../diagrams/offset-chart.js';
import { realClientsMarkdown, type RealClientsResults } from '../real-clients-section.js';
import { mermaidLanes } from './mermaid-lanes.js';
import { mermaidOffsets, offsetCaption } from './mermaid-offsets.js';

/** A table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Text that must not turn into Markdown: emphasis, code and HTML characters escaped. */
function plain(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, '\\$1');
}

/** The anchor of a section, as GitHub makes it from the heading (see `slug`). */
export function anchor(heading: string): string {
  return slug(heading);
}

/** The hazards grouped by system, in catalog order. */
function bySystem<T extends { readonly system: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.system, [...(groups.get(item.system) ?? []), item]);
  return [...groups];
}

/** A status in words. */
function statusWord(status: string): string {
  return status === 'not-found' ? 'not found' : status;
}

/** The index table at the top. */
function hazardIndex(report: EdgeCaseReport): string[] {
  return [
    '| hazard | system | the belief | status |',
    '|---|---|---|---|',
    ...report.hazards.map((h) => `| [${h.id}](#${anchor(h.id)}) | ${h.system} | ${cell(h.statement)} | ${statusWord(h.status)} |`),
  ];
}

/** How the document links to files: relative to the folder it is written to. */
export interface MarkdownOptions {
  /** The folder the document is written to (default `reports`). */
  readonly folder?: string;
  /** The real-client campaign's results, for the "Real clients in groups" section. */
  readonly realClients?: RealClientsResults;
}

/** A link from the document's folder to a file named relative to the working directory. */
function linkTo(file: string, folder: string): string {
  return isAbsolute(file) ? file : relative(folder, file).split('\\').join(posix.sep);
}

/** Where the counterexample comes from, with the command that replays it. */
function sourceLine(example: HazardExample, folder: string): string {
  if (example.source.kind === 'corpus') {
    const file = example.source.file;
    return `Counterexample: [\`${file}\`](${linkTo(file, folder)}) — replay it with \`mqspec replay ${file}\`.`;
  }
  return `Counterexample: found by this report's run (seed ${example.source.seed}); not in the corpus yet — run \`mqspec check\` to store it.`;
}

/** The numbered steps, the violating one in bold. */
function stepList(example: HazardExample, id: string): string[] {
  return example.steps.map((step) => {
    const line = `${plain(step.text)} — ${plain(step.outcome)}`;
    return step.violates ? `${step.index}. **${line}** ← violates ${id}` : `${step.index}. ${line}`;
  });
}

/** A value of an offsets table: the number, or – for none. */
function offsetValue(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : String(value);
}

/** The exact values behind an offsets chart. */
function offsetTable(chart: OffsetChart, violating: number): string[] {
  const points = chart.series[0]?.values.length ?? 0;
  const header = `| after step | ${chart.series.map((s) => s.name).join(' | ')} |`;
  const rule = `|---|${chart.series.map(() => '---:').join('|')}|`;
  const rows = Array.from({ length: points }, (_, point) => {
    const label = point === 0 ? 'start' : point - 1 === violating ? `**${point - 1}** ←` : String(point - 1);
    return `| ${label} | ${chart.series.map((s) => offsetValue(s.values[point])).join(' | ')} |`;
  });
  return [header, rule, ...rows];
}

/** The picture of an example. */
function picture(example: HazardExample, id: string): string[] {
  const diagram = example.diagram;
  if (diagram.kind === 'offsets') {
    return diagram.charts.flatMap((chart) => [offsetCaption(chart), '', mermaidOffsets(chart), '', ...offsetTable(chart, diagram.violating), '']);
  }
  if (diagram.kind === 'lanes') {
    return [
      'Lanes over the steps: each client\'s own subscriptions and held queues, the group table the brokers filter with, each queue\'s owners and each message\'s fate.',
      '',
      mermaidLanes(diagram.chart, diagram.violating, id),
      '',
    ];
  }
  return stepTable(example);
}

/** The calls as exact data, for systems whose picture is the list of calls itself (pure functions). */
function stepTable(example: HazardExample): string[] {
  return [
    '| step | command | outcome |',
    '|---:|---|---|',
    ...example.steps.map((step) => `| ${step.violates ? `**${step.index}** ←` : step.index} | \`${cell(JSON.stringify(step.command))}\` | ${cell(step.outcome)} |`),
    '',
  ];
}

/** One hazard's section; its heading is the id alone, so GitHub's anchor for it is `#kc-h1`. */
function hazardSection(hazard: HazardSection, folder: string): string[] {
  const lines = [`### ${hazard.id}`, ''];
  lines.push(`> **Belief:** ${plain(hazard.statement)}`, '', `**Why it is false:** ${plain(hazard.why)}`, '');
  const example = hazard.example;
  if (example === undefined) {
    lines.push(`**No counterexample:** the run did not find one (status: ${statusWord(hazard.status)}).`, '');
    return lines;
  }
  lines.push(`**Minimal scenario** (${example.steps.length} ${example.steps.length === 1 ? 'step' : 'steps'}), setup \`${JSON.stringify(example.scenario.setup)}\`:`, '');
  lines.push(...stepList(example, hazard.id), '');
  lines.push(`**What goes wrong at step ${example.step}:** ${plain(example.message)}`, '');
  if (example.explanation !== undefined) lines.push(plain(example.explanation), '');
  lines.push(...picture(example, hazard.id));
  lines.push(sourceLine(example, folder), '');
  if (hazard.alsoStored.length > 0) lines.push(`Also in the corpus: ${hazard.alsoStored.map((f) => `\`${f}\``).join(', ')}.`, '');
  if (hazard.stale.length > 0) lines.push(`No longer reproducing (stale): ${hazard.stale.map((f) => `\`${f}\``).join(', ')}.`, '');
  lines.push('<details><summary>Scenario as JSON</summary>', '', '```json', formatJson(example.scenario, { leading: ['system', 'title', 'setup', 'commands', 'type'], width: 100 }), '```', '', '</details>', '');
  return lines;
}

/** The verdict table of every property. */
function propertyTable(properties: readonly PropertyLine[]): string[] {
  return [
    '| id | system | kind | statement | status | runs |',
    '|---|---|---|---|---|---:|',
    ...properties.map((p) => `| ${p.id} | ${p.system} | ${p.kind} | ${cell(p.statement)} | ${statusWord(p.status)} | ${p.runs} |`),
  ];
}

/** One property's coverage, folded. */
function coverageBlock(property: PropertyLine): string[] {
  const summary = `${property.id} (${property.runs} runs, ${property.coverage.length} labels)`;
  if (property.coverage.length === 0) return [`<details><summary>${summary}</summary>`, '', '_No coverage recorded._', '', '</details>', ''];
  return [
    `<details><summary>${summary}</summary>`,
    '',
    '| label | runs | share |',
    '|---|---:|---:|',
    ...property.coverage.map((row) => `| \`${cell(row.label)}\` | ${row.runs} | ${percent(row.share)} |`),
    '',
    '</details>',
    '',
  ];
}

/** The anchor of a library finding's section. */
function findingAnchor(finding: LibraryFinding): string {
  return anchor(`${finding.target}-${finding.property}`);
}

/** "What mqspec found in real libraries": an index, then per finding the judgement, both sides, the scenario, the picture. */
function findingsSection(findings: readonly LibraryFinding[], folder: string): string[] {
  if (findings.length === 0) return [];
  const lines = [
    '## What mqspec found in real libraries',
    '',
    `mqspec checks real client libraries as bundled targets (\`mqspec check --target NAME\`; \`mqspec targets\` lists them): the same generated scenarios run on the library and on the model in lockstep, and a divergence is shrunk against the library. Each entry below is recorded in \`conformance/expectations.json\` with its judgement against the Java source; CI fails when one changes. Steps are the model's run of the shrunk scenario, the diverging step in bold.`,
    '',
    '| library | target | property | status | in one sentence |',
    '|---|---|---|---|---|',
    ...findings.map((f) => `| ${cell(f.library)} | [${f.target}](#${findingAnchor(f)}) | ${f.property} | ${f.status} | ${cell(f.judgement.split('. ')[0] ?? f.judgement)} |`),
    '',
  ];
  for (const finding of findings) {
    lines.push(`### ${finding.target}-${finding.property}`, '', `**${plain(finding.library)}**, ${finding.system === '' ? '' : `${finding.system}, `}${finding.property}: ${finding.status}.`, '', `**Against Java:** ${plain(finding.judgement)}`, '', `**Reproduction:** ${plain(finding.reproduction)}`, '');
    const example = finding.example;
    if (example === undefined) {
      lines.push('No stored scenario: the library failed (a target failure is not stored in the corpus); `mqspec check --target ' + finding.target + '` shows it with the scenario so far.', '');
      continue;
    }
    lines.push(`**At step ${example.step}:** ${plain(example.message)}`, '');
    if (finding.modelAnswer !== undefined) lines.push(`**The model (Java) answers:** ${plain(finding.modelAnswer)}`, '');
    lines.push(sourceLine(example, folder), '', ...stepList(example, finding.property), '', ...picture(example, `${finding.target}-${finding.property}`));
  }
  return lines;
}

/** The whole Markdown document. */
export function edgeCasesMarkdown(report: EdgeCaseReport, options: MarkdownOptions = {}): string {
  const folder = options.folder ?? 'reports';
  const found = report.hazards.filter((h) => h.example !== undefined).length;
  const lines = [
    '# mqspec edge cases',
    '',
    `<!-- Generated by \`npm run report\` (\`mqspec report\`) from counterexamples/ and a check run with seed ${report.seed}; do not edit by hand. -->`,
    '',
    `${report.hazards.length} beliefs about Kafka and RocketMQ consumers that sound right and are false. mqspec found a counterexample to ${found} of them by generating scenarios against its reference model and shrinking the first failure until no step can be dropped. Steps are numbered from 0, as \`mqspec replay\` numbers them. The HTML version, with the same pictures drawn as SVG, is [index.html](index.html).`,
    '',
    ...hazardIndex(report),
    '',
  ];
  for (const [system, hazards] of bySystem(report.hazards)) {
    lines.push(`## ${system}`, '');
    for (const hazard of hazards) lines.push(...hazardSection(hazard, folder));
  }
  lines.push(...findingsSection(report.findings, folder));
  if (options.realClients !== undefined) lines.push(...realClientsMarkdown(options.realClients));
  lines.push('## Every property', '', `Verdicts of a check run of the whole catalog with seed ${report.seed} and each property's default number of runs.`, '');
  lines.push(...propertyTable(report.properties), '');
  lines.push('## Coverage', '', 'For each property, the share of generated runs that reached each label: commands (`cmd:`), successful calls (`ok:`), errors (`error:`) and the property\'s own labels. A label missing here was never reached.', '');
  for (const property of report.properties) lines.push(...coverageBlock(property));
  if (report.warnings.length > 0) lines.push('## Corpus warnings', '', ...report.warnings.map((w) => `- ${plain(w)}`), '');
  return lines.join('\n').replace(/\n+$/, '\n');
}
