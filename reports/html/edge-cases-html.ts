/**
 * `reports/index.html`: the edge-case report as one static page — no scripts, no external resources, inline SVG and
 * CSS — readable on a laptop and a phone. A reader first sees the title, one sentence on what the page is, the run's
 * numbers and a card per hazard (its belief); each card leads to the hazard's section: the belief, why it is false,
 * the minimal scenario as numbered steps, its picture and what goes wrong, then every property's verdict and coverage.
 * Deterministic, like the Markdown.
 */
import { percent } from '../coverage.js';
import type { OffsetChart } from '../diagrams/offset-chart.js';
import { seriesColours, toneColours } from '../diagrams/palette.js';
import type { LaneTone } from '../diagrams/lane-chart.js';
import type { EdgeCaseReport, HazardExample, HazardSection, LibraryFinding, PropertyLine } from '../edge-case-report.js';
import { anchor } from '../markdown/edge-cases-markdown.js';
import { realClientsHtml, type RealClientsResults } from '../real-clients-section.js';
import { escapeHtml as e } from './escape.js';
import { reportCss } from './style.js';
import { strokeOf, svgOffsets } from './svg-offsets.js';
import { svgLanes } from './svg-lanes.js';
import { svgSteps } from './svg-steps.js';

/** A status in words. */
function statusWord(status: string): string {
  return status === 'not-found' ? 'not found' : status;
}

/** The hazards grouped by system, in catalog order. */
function bySystem(hazards: readonly HazardSection[]): [string, HazardSection[]][] {
  const groups = new Map<string, HazardSection[]>();
  for (const hazard of hazards) groups.set(hazard.system, [...(groups.get(hazard.system) ?? []), hazard]);
  return [...groups];
}

/** The cards at the top, one per hazard. */
function index(report: EdgeCaseReport): string {
  const cards = report.hazards.map(
    (h) =>
      `<a href="#${anchor(h.id)}"${h.example === undefined ? ' class="not-found"' : ''}><span class="card-head"><b>${e(h.id)}</b><span>${e(h.system)}</span></span><span class="card-belief">${e(h.statement)}</span></a>`,
  );
  return `<nav class="index" aria-label="Hazards">${cards.join('')}</nav>`;
}

/** The legend of an offsets chart: a swatch per line in its colour and dash. */
function offsetLegend(chart: OffsetChart): string {
  const colours = seriesColours(chart.series);
  const items = chart.series.map((series, i) => {
    const stroke = strokeOf(series.role);
    const style = `border-top-color:${colours[i] ?? '#000'};border-top-style:${stroke.dash === '' ? 'solid' : 'dashed'};border-top-width:${stroke.width}px`;
    return `<li><span class="swatch" style="${style}"></span>${e(series.name)}</li>`;
  });
  return `<ul class="legend">${items.join('')}</ul>`;
}

/** The legend of a lane chart. */
function laneLegend(): string {
  const tones: [LaneTone, string][] = [
    ['subscription', 'own subscription / held queue'],
    ['group', 'group table filter'],
    ['orphaned', 'nobody holds the queue'],
    ['contested', 'held twice / skipped'],
    ['delivered', 'delivered'],
    ['pending', 'waiting'],
  ];
  const items = tones.map(([tone, label]) => `<li><span class="swatch box" style="background:${toneColours(tone).fill}"></span>${e(label)}</li>`);
  return `<ul class="legend">${items.join('')}</ul>`;
}

/** The exact values behind an offsets chart, folded. */
function offsetValues(chart: OffsetChart, violating: number): string {
  const points = chart.series[0]?.values.length ?? 0;
  const head = `<tr><th>after step</th>${chart.series.map((s) => `<th class="num">${e(s.name)}</th>`).join('')}</tr>`;
  const rows = Array.from({ length: points }, (_, point) => {
    const label = point === 0 ? 'start' : point - 1 === violating ? `✗ ${point - 1}` : String(point - 1);
    return `<tr><td>${label}</td>${chart.series.map((s) => `<td class="num">${s.values[point] ?? '–'}</td>`).join('')}</tr>`;
  });
  return `<details><summary>values of ${e(chart.partition)}</summary><div class="scroll"><table>${head}${rows.join('')}</table></div></details>`;
}

/** The picture of an example, with its legend. */
function picture(example: HazardExample): string {
  const diagram = example.diagram;
  if (diagram.kind === 'offsets') {
    return diagram.charts
      .map(
        (chart) =>
          `<figure><div class="picture">${svgOffsets(chart, diagram.violating)}</div><figcaption>Offsets of <code>${e(chart.partition)}</code> after each step; a gap means none (no position yet, nothing committed).</figcaption>${offsetLegend(chart)}${offsetValues(chart, diagram.violating)}</figure>`,
      )
      .join('');
  }
  if (diagram.kind === 'lanes') {
    return `<figure><div class="picture">${svgLanes(diagram.chart, diagram.violating)}</div><figcaption>Each client's own subscriptions and held queues, the group table the brokers filter with, each queue's owners and each message's fate, after each step.</figcaption>${laneLegend()}</figure>`;
  }
  return `<figure><div class="picture">${svgSteps(example.steps)}</div><figcaption>The calls in order; the violating one is outlined.</figcaption></figure>`;
}

/** The numbered steps. */
function steps(example: HazardExample): string {
  const items = example.steps.map(
    (step) => `<li value="${step.index}"${step.violates ? ' class="violates"' : ''}>${e(step.text)} <span class="outcome">— ${e(step.outcome)}</span></li>`,
  );
  return `<ol class="steps" start="0">${items.join('')}</ol>`;
}

/** Where the counterexample comes from. */
function source(example: HazardExample): string {
  if (example.source.kind === 'corpus') {
    return `Counterexample <code>${e(example.source.file)}</code> · replay it with <code>mqspec replay ${e(example.source.file)}</code>`;
  }
  return `Counterexample found by this report's run (seed ${example.source.seed}); not in the corpus yet: run <code>mqspec check</code> to store it.`;
}

/** One hazard's section. */
function hazardSection(hazard: HazardSection): string {
  const head = `<p class="eyebrow"><span class="pill id">${e(hazard.id)}</span><span class="pill">${e(hazard.system)}</span><span class="pill ${hazard.status}">${e(statusWord(hazard.status))}</span></p><h3 class="belief">${e(hazard.statement)}</h3><p class="why"><strong>False.</strong> ${e(hazard.why)}</p>`;
  const example = hazard.example;
  if (example === undefined) {
    return `<section class="hazard" id="${anchor(hazard.id)}">${head}<p>No counterexample: the run did not find one.</p></section>`;
  }
  const setup = `<details><summary>setup and scenario JSON</summary><pre>${e(JSON.stringify(example.scenario, null, 1))}</pre></details>`;
  const count = `${example.steps.length} ${example.steps.length === 1 ? 'step' : 'steps'}`;
  const left = `<div><h4>Minimal scenario · ${count}</h4>${steps(example)}${setup}</div>`;
  const right = `<div><h4>Picture</h4>${picture(example)}</div>`;
  const explanation = example.explanation === undefined ? '' : `<p>${e(example.explanation)}</p>`;
  const what = `<div class="what"><h4>What goes wrong at step ${example.step}</h4><p class="message">${e(example.message)}</p>${explanation}</div>`;
  const notes = [
    hazard.alsoStored.length === 0 ? '' : `<br>Also in the corpus: ${hazard.alsoStored.map((f) => `<code>${e(f)}</code>`).join(', ')}`,
    hazard.stale.length === 0 ? '' : `<br>No longer reproducing (stale): ${hazard.stale.map((f) => `<code>${e(f)}</code>`).join(', ')}`,
  ].join('');
  // Lanes need the page's width to stay legible; the smaller pictures sit beside the steps.
  const layout = example.diagram.kind === 'lanes' ? 'columns wide' : 'columns';
  return `<section class="hazard" id="${anchor(hazard.id)}">${head}<div class="${layout}">${left}${right}</div>${what}<p class="source">${source(example)}${notes}</p></section>`;
}

/** One library finding: its judgement, both sides at the diverging step, the scenario and the picture. */
function findingSection(finding: LibraryFinding): string {
  const id = anchor(`${finding.target}-${finding.property}`);
  const head = `<p class="eyebrow"><span class="pill id">${e(finding.property)}</span><span class="pill">${e(finding.library)}</span><span class="pill">${e(finding.target)}</span><span class="pill violated">${e(finding.status)}</span></p><h3 class="belief">${e(finding.judgement.split('. ')[0] ?? finding.judgement)}</h3><p class="why"><strong>Against Java.</strong> ${e(finding.judgement)}</p><p class="why"><strong>Reproduction.</strong> ${e(finding.reproduction)}</p>`;
  const example = finding.example;
  if (example === undefined) return `<section class="hazard finding" id="${id}">${head}<p>No stored scenario: the library failed (a target failure); <code>mqspec check --target ${e(finding.target)}</code> shows it.</p></section>`;
  const setup = `<details><summary>setup and scenario JSON</summary><pre>${e(JSON.stringify(example.scenario, null, 1))}</pre></details>`;
  const left = `<div><h4>Shrunk scenario, as the model runs it</h4>${steps(example)}${setup}</div>`;
  const right = `<div><h4>Picture</h4>${picture(example)}</div>`;
  const model = finding.modelAnswer === undefined ? '' : `<p><strong>The model (Java) answers:</strong> ${e(finding.modelAnswer)}</p>`;
  const what = `<div class="what"><h4>At step ${example.step}</h4><p class="message">${e(example.message)}</p>${model}</div>`;
  const layout = example.diagram.kind === 'lanes' ? 'columns wide' : 'columns';
  return `<section class="hazard finding" id="${id}">${head}<div class="${layout}">${left}${right}</div>${what}<p class="source">${source(example)}</p></section>`;
}

/** The verdicts of every property. */
function propertyTable(properties: readonly PropertyLine[]): string {
  const rows = properties.map(
    (p) =>
      `<tr><td class="mono">${e(p.id)}</td><td>${e(p.system)}</td><td>${p.kind}</td><td>${e(p.statement)}</td><td class="status-${p.status}">${e(statusWord(p.status))}</td><td class="num">${p.runs}</td></tr>`,
  );
  return `<div class="scroll"><table><tr><th>id</th><th>system</th><th>kind</th><th>statement</th><th>status</th><th class="num">runs</th></tr>${rows.join('')}</table></div>`;
}

/** One property's coverage, folded, with a bar per share. */
function coverageBlock(p: PropertyLine): string {
  const summary = `<summary><span class="mono">${e(p.id)}</span> — ${p.runs} runs, ${p.coverage.length} labels</summary>`;
  if (p.coverage.length === 0) return `<details>${summary}<p>No coverage recorded.</p></details>`;
  const rows = p.coverage.map(
    (row) =>
      `<tr><td class="mono">${e(row.label)}</td><td class="num">${row.runs}</td><td class="num">${percent(row.share)}</td><td><span class="share" style="width:${Math.round(row.share * 100)}px"></span></td></tr>`,
  );
  return `<details>${summary}<div class="scroll"><table><tr><th>label</th><th class="num">runs</th><th class="num">share</th><th></th></tr>${rows.join('')}</table></div></details>`;
}

/** The whole page. */
export function edgeCasesHtml(report: EdgeCaseReport, realClients?: RealClientsResults): string {
  const found = report.hazards.filter((h) => h.example !== undefined).length;
  const invariants = report.properties.filter((p) => p.kind === 'invariant');
  const held = invariants.filter((p) => p.status === 'held').length;
  const meta = [
    `<li><strong>${report.hazards.length}</strong> hazards, <strong>${found}</strong> with a counterexample</li>`,
    `<li><strong>${held}</strong> of ${invariants.length} invariants held</li>`,
    `<li>seed <strong>${report.seed}</strong></li>`,
  ];
  const sections = bySystem(report.hazards).map(([system, hazards]) => `<h2 class="system">${e(system)}</h2>${hazards.map(hazardSection).join('')}`);
  const warnings = report.warnings.length === 0 ? '' : `<h2 class="system">Corpus warnings</h2><ul>${report.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="mqspec report">',
    '<title>mqspec — edge cases of Kafka and RocketMQ consumers</title>',
    `<style>${reportCss}</style>`,
    '</head>',
    '<body>',
    '<main>',
    '<header class="top">',
    '<h1>What Kafka and RocketMQ consumers do not guarantee</h1>',
    `<p class="lead">${report.hazards.length} beliefs that sound right and are false. For each, mqspec generated scenarios against its reference model until one broke the belief, then shrank it until no step could be dropped. Steps are numbered from 0, as <code>mqspec replay</code> numbers them.</p>`,
    `<ul class="meta">${meta.join('')}</ul>`,
    '</header>',
    index(report),
    ...sections,
    ...(report.findings.length === 0 ? [] : ['<h2 class="system" id="real-libraries">What mqspec found in real libraries</h2>', '<p>Real client libraries checked as bundled targets against the model in lockstep; each divergence shrunk against the library, recorded in <code>conformance/expectations.json</code> with its judgement against the Java source.</p>', ...report.findings.map(findingSection)]),
    ...(realClients === undefined ? [] : [realClientsHtml(realClients)]),
    '<h2 class="system">Every property</h2>',
    `<p>Verdicts of a check run of the whole catalog with seed ${report.seed} and each property's default number of runs.</p>`,
    propertyTable(report.properties),
    '<h2 class="system">Coverage</h2>',
    '<p>For each property, the share of generated runs that reached each label: commands (<code>cmd:</code>), successful calls (<code>ok:</code>), errors (<code>error:</code>) and the property\'s own labels.</p>',
    `<div class="coverage">${report.properties.map(coverageBlock).join('')}</div>`,
    warnings,
    '<footer>Generated by <code>mqspec report</code> from <code>counterexamples/</code>; the same report as Markdown: <a href="edge-cases.md">edge-cases.md</a>.</footer>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
