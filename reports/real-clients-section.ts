/**
 * The report's "Real clients in groups" section, from the results `mqspec run` writes (reports/real-clients.json):
 * per library × assignor the workloads run, the violations by kind and the runs' wall times, then each finding — its
 * minimal workload, what the checks say the model expects, the upstream issue when there is one, the command that
 * replays it — with a timeline (clients as lanes, each assignment as a band naming its partitions, records delivered
 * as ticks, settled groups as rules, crashes and closes as marks). When the campaign has not run, or could not run
 * here, the section says so and why: it is never left out silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { KafkaEvent, KafkaHistory } from '../real/histories/kafka-history.js';
import { reproductionText, type KafkaCellResult, type KafkaFinding } from '../real/kafka/kafka-campaign.js';
import type { TraceViolation } from '../real/kafka/kafka-trace-checks.js';
import type { KafkaWorkload } from '../real/kafka/kafka-workload.js';
import { kafkaClientLibraries, type KafkaClientLibrary } from '../real/kafka/kafka-libraries.js';
import { escapeHtml as e } from './html/escape.js';

/**
 * One finding as the results file holds it: the campaign's finding (seed and path aside) with the file it was saved
 * to; its violations as the report needs them.
 */
export type RealClientFinding = Omit<KafkaFinding, 'seed' | 'path' | 'violations'> & {
  readonly violations: readonly Pick<TraceViolation, 'check' | 'kind' | 'message'>[];
  readonly file?: string;
};

/** One cell as the results file holds it: the campaign's cell result with its findings as above. */
export type RealClientCell = Omit<KafkaCellResult, 'seed' | 'findings'> & { readonly findings: readonly RealClientFinding[] };

/** The results file: a campaign, or why none could run. */
export type RealClientsResults =
  | { readonly state: 'ran'; readonly broker: string; readonly seed: number; readonly runs: number; readonly concurrency: number; readonly milliseconds: number; readonly cells: readonly RealClientCell[] }
  | { readonly state: 'unavailable'; readonly reason: string }
  | { readonly state: 'not-run'; readonly file: string };

/** Reads the results file (a missing file is "not run"; a file that is not one is reported as unavailable, with why). */
export function loadRealClientsResults(file: string): RealClientsResults {
  if (!existsSync(file)) return { state: 'not-run', file };
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return { state: 'unavailable', reason: `${file} is not JSON` };
  }
  if (value['realClients'] !== 1) return { state: 'unavailable', reason: `${file} is not a real-client campaign's results` };
  if (typeof value['unavailable'] === 'string') return { state: 'unavailable', reason: value['unavailable'] };
  return { state: 'ran', ...(value as object) } as RealClientsResults;
}

/** A library's known upstream issue matching a finding, if it has one. */
export function upstreamIssue(finding: Pick<RealClientFinding, 'libraries' | 'assignor' | 'check'>): { readonly url: string; readonly title: string } | undefined {
  for (const name of finding.libraries) {
    const library: KafkaClientLibrary | undefined = kafkaClientLibraries[name];
    const known = library?.knownIssues?.find((issue) => issue.assignor === finding.assignor && issue.checks.includes(finding.check));
    if (known !== undefined) return known;
  }
  return undefined;
}

/** How often the minimal workload fired again. */
function reproduction(finding: RealClientFinding): string {
  return `the same check ${reproductionText(finding.reproductions)}`;
}

/** The command that replays a finding. */
function replayCommand(finding: RealClientFinding): string {
  return `mqspec run --replay ${finding.file ?? '<file>'}`;
}

/** A workload step in a few words. */
export function stepText(step: KafkaWorkload['steps'][number]): string {
  switch (step.step) {
    case 'start':
      return `start ${step.client} (${step.library}, ${step.assignor}) subscribing ${step.topics.join(', ')}${step.autoCommit === false ? ', auto-commit off' : ''}`;
    case 'produce':
      return `produce ${step.count} record${step.count === 1 ? '' : 's'} to ${step.topic}-${step.partition}`;
    case 'pause':
    case 'resume':
      return `${step.client} ${step.step}s ${step.topic}${step.partitions === undefined ? '' : ` partitions ${step.partitions.join(', ')}`}`;
    case 'seek':
      return `${step.client} seeks ${step.topic}-${step.partition} to ${step.offset}`;
    case 'commit':
      return `${step.client} commits what it was handed`;
    case 'close':
      return `${step.client} closes`;
    case 'crash':
      return `${step.client} crashes (SIGKILL)`;
    case 'wait':
      return `run for ${step.milliseconds} ms`;
    case 'stable':
      return 'wait until the group is stable';
  }
}

/** The campaign's table and findings, as Markdown lines. */
export function realClientsMarkdown(results: RealClientsResults): string[] {
  const lines = ['## Real clients in groups', ''];
  if (results.state === 'not-run') return [...lines, `Not run here: no results at \`${results.file}\`. \`npm run real\` (\`mqspec run\`) runs real clients in real consumer groups and writes them.`, ''];
  if (results.state === 'unavailable') return [...lines, `Could not run here: ${results.reason}`, ''];
  lines.push(
    `Real client libraries run as real consumers in real groups, each consumer its own process, over ${results.broker}: workloads generated by fast-check (seed ${results.seed}, ${results.runs} per library and assignor, ${results.concurrency} at once), every history judged by \`mqspec trace\`'s checks, and the first failing workload per check shrunk — each candidate re-run for real. No library internals are called. docs/real-clients.md says how broker artifacts are kept out.`,
    '',
    '| library × assignor | workloads | failing | violations by kind | faulty runs | median run | longest run |',
    '|---|---:|---:|---|---:|---:|---:|',
  );
  for (const cell of results.cells) {
    const kinds = Object.entries(cell.violationsByKind).map(([kind, n]) => `${kind} ${n}`).join(', ') || '—';
    lines.push(`| ${cell.cell} | ${cell.workloads} | ${cell.failing} | ${kinds} | ${cell.faultyRuns} | ${(cell.medianRunMilliseconds / 1000).toFixed(1)} s | ${(cell.maxRunMilliseconds / 1000).toFixed(1)} s |`);
  }
  lines.push('');
  const faulty = results.cells.filter((cell) => cell.faultyRuns > 0);
  if (faulty.length > 0) {
    lines.push('Runs whose plumbing failed (a missing library, a broker that aborted) are faults, not findings:', '');
    for (const cell of faulty) lines.push(`- ${cell.cell}: ${cell.faults?.[0] ?? 'no detail'}`);
    lines.push('');
  }
  for (const finding of results.cells.flatMap((cell) => cell.findings)) {
    const upstream = upstreamIssue(finding);
    lines.push(`### ${finding.cell}: ${finding.check} (${finding.kind})`, '');
    lines.push(`Shrunk from ${finding.originalSteps} steps to ${finding.workload.steps.length} in ${finding.shrink.runs} real runs (${Math.round(finding.shrink.milliseconds / 1000)} s${finding.shrink.interrupted ? ', stopped at the time bound' : ''}); ${reproduction(finding)}. Topics: ${Object.entries(finding.workload.topics).map(([t, n]) => `${t} (${n} partition${n === 1 ? '' : 's'})`).join(', ')}.`, '');
    finding.workload.steps.forEach((step, i) => lines.push(`${i + 1}. ${stepText(step)}`));
    lines.push('', '**What the checks saw, and what the model expects:**', '');
    for (const v of finding.violations.slice(0, 8)) lines.push(`- \`${v.check}/${v.kind}\` ${v.message}`);
    if (finding.violations.length > 8) lines.push(`- … ${finding.violations.length - 8} more`);
    lines.push('');
    if (upstream !== undefined) lines.push(`**Upstream:** [${upstream.title}](${upstream.url})`, '');
    lines.push(`Replay: \`${replayCommand(finding)}\``, '', ...timelineMarkdown(finding.history), '');
  }
  return lines;
}

/** The timeline as a Markdown table: one row per event worth seeing, one column per client. */
function timelineMarkdown(history: KafkaHistory): string[] {
  const lanes = laneNames(history);
  const rows = timelineEvents(history);
  const lines = ['<details><summary>Timeline</summary>', '', `| ms | ${lanes.join(' | ')} |`, `|---:|${lanes.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${Math.round(row.time)} | ${lanes.map((lane) => (lane === row.lane ? row.text.replace(/\|/g, '\\|') : '')).join(' | ')} |`);
  lines.push('', '</details>');
  return lines;
}

/** The lanes: the consumers, then the producer, then mqspec's own markers. */
function laneNames(history: KafkaHistory): string[] {
  const clients = [...new Set(history.events.map((event) => event.client))];
  const rank = (client: string): number => (client === 'mqspec' ? 2 : client === 'producer' ? 1 : 0);
  return clients.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The events worth a row, deliveries of one partition in one run collapsed into one row. */
function timelineEvents(history: KafkaHistory): { time: number; lane: string; text: string }[] {
  const rows: { time: number; lane: string; text: string }[] = [];
  for (const event of history.events) {
    const last = rows.at(-1);
    if (event.event === 'delivered') {
      const text = `delivered ${event.topic}-${event.partition}@${event.offset}`;
      if (last !== undefined && last.lane === event.client && last.text.startsWith(`delivered ${event.topic}-${event.partition}@`)) last.text = `${last.text.split('..')[0]}..${event.offset}`;
      else rows.push({ time: event.time, lane: event.client, text });
      continue;
    }
    const text = eventText(event);
    if (text !== undefined) rows.push({ time: event.time, lane: event.client, text });
  }
  return rows;
}

/** An event in a few words, or undefined for one the timeline leaves out. */
function eventText(event: KafkaEvent): string | undefined {
  switch (event.event) {
    case 'subscribed':
      return `subscribes ${event.topics.join(', ')}`;
    case 'assignment':
      return `owns [${event.partitions.map((p) => `${p.topic}-${p.partition}`).join(', ')}]`;
    case 'produced':
      return `produced ${event.topic}-${event.partition}@${event.offset}`;
    case 'committed':
      return `${event.ok === false ? 'commit refused' : 'committed'} ${event.offsets.map((o) => `${o.topic}-${o.partition}:${o.offset}`).join(', ')}`;
    case 'paused':
    case 'resumed':
      return `${event.event} ${event.topic}${event.partitions === undefined ? '' : ` [${event.partitions.join(', ')}]`}`;
    case 'seeked':
      return `seek ${event.topic}-${event.partition} to ${event.offset}`;
    case 'error':
      return `error: ${event.message}`;
    case 'closed':
    case 'crashed':
    case 'quiescent':
      return event.event;
    case 'stable':
      return `stable (${event.members.join(', ')})`;
    case 'unstable':
      return `unstable: ${event.reason}`;
    case 'artifact':
      return `broker artifact ${event.kind}`;
    case 'started':
      return undefined;
  }
}

/** The section as HTML. */
export function realClientsHtml(results: RealClientsResults): string {
  const head = '<h2 class="system" id="real-clients">Real clients in groups</h2>';
  if (results.state === 'not-run') return `${head}<p>Not run here: no results at <code>${e(results.file)}</code>. <code>npm run real</code> (<code>mqspec run</code>) runs real clients in real consumer groups and writes them.</p>`;
  if (results.state === 'unavailable') return `${head}<p>Could not run here: ${e(results.reason)}</p>`;
  const rows = results.cells.map((cell) => {
    const kinds = Object.entries(cell.violationsByKind).map(([kind, n]) => `${e(kind)} ${n}`).join(', ') || '—';
    return `<tr><td>${e(cell.cell)}</td><td class="num">${cell.workloads}</td><td class="num ${cell.failing > 0 ? 'status-violated' : ''}">${cell.failing}</td><td>${kinds}</td><td class="num">${cell.faultyRuns}</td><td class="num">${(cell.medianRunMilliseconds / 1000).toFixed(1)} s</td></tr>`;
  });
  const table = `<div class="scroll"><table><tr><th>library × assignor</th><th class="num">workloads</th><th class="num">failing</th><th>violations by kind</th><th class="num">faulty runs</th><th class="num">median run</th></tr>${rows.join('')}</table></div>`;
  const faulty = results.cells.filter((cell) => cell.faultyRuns > 0);
  const faults = faulty.length === 0 ? '' : `<p>Runs whose plumbing failed (a missing library, a broker that aborted) are faults, not findings:</p><ul>${faulty.map((cell) => `<li>${e(cell.cell)}: ${e(cell.faults?.[0] ?? 'no detail')}</li>`).join('')}</ul>`;
  const intro = `<p>Real client libraries as real consumers in real groups, each consumer its own process, over ${e(results.broker)}: workloads generated by fast-check (seed ${results.seed}, ${results.runs} per library and assignor), every history judged by <code>mqspec trace</code>'s checks, the first failing workload per check shrunk with each candidate re-run for real. No library internals are called.</p>`;
  const findings = results.cells.flatMap((cell) => cell.findings).map((finding) => {
    const upstream = upstreamIssue(finding);
    const steps = `<ol>${finding.workload.steps.map((step) => `<li>${e(stepText(step))}</li>`).join('')}</ol>`;
    const said = `<ul>${finding.violations.slice(0, 8).map((v) => `<li><code>${e(v.check)}/${e(v.kind)}</code> ${e(v.message)}</li>`).join('')}</ul>`;
    // The page links to nothing outside itself (it is read offline): the upstream address is shown, not linked.
    const link = upstream === undefined ? '' : `<p><strong>Upstream:</strong> ${e(upstream.title)}, <code>${e(upstream.url)}</code></p>`;
    const shrink = `Shrunk from ${finding.originalSteps} steps to ${finding.workload.steps.length} in ${finding.shrink.runs} real runs; ${reproduction(finding)}.`;
    return `<section class="hazard finding"><p class="eyebrow"><span class="pill id">${e(finding.check)}</span><span class="pill">${e(finding.cell)}</span><span class="pill violated">${e(finding.kind)}</span></p><h3>${e((finding.violations.find((v) => v.check === finding.check) ?? finding.violations[0])?.message ?? finding.kind)}</h3><p>${e(shrink)}</p><div class="columns wide"><div><h4>Minimal workload</h4>${steps}</div><div><h4>What the checks saw, and what the model expects</h4>${said}</div></div>${link}<h4>Timeline</h4>${svgTimeline(finding.history)}<p class="source">Replay: <code>${e(replayCommand(finding))}</code></p></section>`;
  });
  return `${head}${intro}${table}${faults}${findings.join('')}`;
}

/** The history as an SVG timeline: a lane per client, assignment bands, delivery ticks, settled-group rules. */
export function svgTimeline(history: KafkaHistory): string {
  const lanes = laneNames(history).filter((lane) => lane !== 'mqspec');
  const end = Math.max(1, ...history.events.map((event) => event.time));
  const left = 90;
  const width = 720;
  const laneHeight = 34;
  const top = 20;
  const height = top + lanes.length * laneHeight + 14;
  const x = (time: number): number => Math.round((left + (time / end) * (width - left - 10)) * 10) / 10;
  const y = (lane: string): number => top + lanes.indexOf(lane) * laneHeight;
  const parts = [`<svg class="chart timeline" viewBox="0 0 ${width} ${height}" role="img" aria-label="Clients over time: assignments, deliveries, settled groups" xmlns="http://www.w3.org/2000/svg">`];
  parts.push(`<title>Clients over time (0–${Math.round(end)} ms)</title>`);
  for (const lane of lanes) parts.push(`<text x="4" y="${y(lane) + 20}" font-size="11">${e(lane)}</text><line x1="${left}" x2="${width - 10}" y1="${y(lane) + laneHeight - 4}" y2="${y(lane) + laneHeight - 4}" stroke="#ddd"/>`);
  for (const lane of lanes) {
    const assignments = history.events.filter((event): event is KafkaEvent<'assignment'> => event.client === lane && event.event === 'assignment');
    const gone = history.events.find((event) => event.client === lane && (event.event === 'closed' || event.event === 'crashed'))?.time ?? end;
    assignments.forEach((a, i) => {
      const until = Math.min(assignments[i + 1]?.time ?? gone, gone);
      const label = a.partitions.map((p) => `${p.topic}-${p.partition}`).join(' ') || 'nothing';
      parts.push(`<rect x="${x(a.time)}" y="${y(lane) + 6}" width="${Math.max(1, x(until) - x(a.time))}" height="14" fill="${a.partitions.length === 0 ? '#f3d6d6' : '#d8e8f6'}" stroke="#8aa"><title>${e(`${lane} owns ${label} from ${Math.round(a.time)} ms`)}</title></rect><text x="${x(a.time) + 2}" y="${y(lane) + 17}" font-size="9">${e(label.length > 40 ? `${label.slice(0, 39)}…` : label)}</text>`);
    });
    for (const event of history.events) {
      if (event.client !== lane) continue;
      if (event.event === 'delivered' || event.event === 'produced') parts.push(`<line x1="${x(event.time)}" x2="${x(event.time)}" y1="${y(lane) + 22}" y2="${y(lane) + 28}" stroke="${event.event === 'delivered' ? '#2a7' : '#777'}"><title>${e(`${event.event} ${event.topic}-${event.partition}@${event.offset}`)}</title></line>`);
      if (event.event === 'crashed' || event.event === 'closed') parts.push(`<text x="${x(event.time) - 3}" y="${y(lane) + 18}" font-size="12" fill="#b33">${event.event === 'crashed' ? '✕' : '■'}<title>${event.event}</title></text>`);
    }
  }
  for (const event of history.events) {
    if (event.event === 'stable') parts.push(`<line x1="${x(event.time)}" x2="${x(event.time)}" y1="${top - 6}" y2="${height - 8}" stroke="#555" stroke-dasharray="3 3"><title>${e(`stable (${event.members.join(', ')}) at ${Math.round(event.time)} ms`)}</title></line>`);
  }
  parts.push('</svg>');
  return parts.join('');
}
