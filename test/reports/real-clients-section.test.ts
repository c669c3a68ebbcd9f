// The report's "Real clients in groups" section: it says why when there are no results (never silently absent), and
// for a campaign it shows every cell's figures and each finding's minimal workload, the model's expectation, the
// upstream issue, the replay command and a timeline with a lane per client.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp-folder.js';
import { cleanKafkaHistory } from '../../real/kafka/history-zoo.js';
import { loadRealClientsResults, realClientsHtml, realClientsMarkdown, svgTimeline, upstreamIssue, type RealClientFinding } from '../../reports/real-clients-section.js';

const folder = tempFolder('real-section');

const finding: RealClientFinding = {
  cell: 'kafkajs × roundrobin',
  libraries: ['kafkajs'],
  assignor: 'roundrobin',
  check: 'complete',
  kind: 'orphan-partition',
  originalSteps: 6,
  workload: {
    topics: { t1: 1, t2: 1 },
    steps: [
      { step: 'start', client: 'c0', library: 'kafkajs', assignor: 'roundrobin', topics: ['t1'] },
      { step: 'start', client: 'c1', library: 'kafkajs', assignor: 'roundrobin', topics: ['t2'], autoCommit: false },
      { step: 'stable' },
    ],
  },
  violations: [{ check: 'complete', kind: 'orphan-partition', message: 't2-0 has no owner in the settled group' }],
  history: cleanKafkaHistory(),
  shrink: { runs: 9, milliseconds: 120_000, interrupted: false },
  reproduced: true,
  reproductions: { fired: 1, runs: 1 },
  file: 'counterexamples/real-clients/kafka/kafkajs-roundrobin-complete.json',
};

function results(file: string, value: unknown): string {
  const path = join(folder, file);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

const campaign = {
  realClients: 1,
  broker: 'librdkafka mock',
  seed: 7,
  runs: 6,
  concurrency: 4,
  milliseconds: 300_000,
  cells: [
    { cell: 'kafkajs × roundrobin', libraries: ['kafkajs'], assignor: 'roundrobin', workloads: 6, failing: 1, violationsByKind: { 'complete/orphan-partition': 1 }, excluded: 0, faultyRuns: 0, duplicates: 0, medianRunMilliseconds: 7800, maxRunMilliseconds: 30_000, findings: [finding] },
    { cell: 'kafka-python × range', libraries: ['kafka-python'], assignor: 'range', workloads: 6, failing: 0, violationsByKind: {}, excluded: 2, faultyRuns: 1, faults: ['c0: kafka-python cannot be loaded (No module named kafka): apt-get install python3-kafka'], duplicates: 0, medianRunMilliseconds: 4400, maxRunMilliseconds: 9000, findings: [] },
  ],
};

describe('the real-clients report section', () => {
  it('says the campaign has not run, and how to run it, when there are no results', () => {
    const loaded = loadRealClientsResults(join(folder, 'missing.json'));
    expect(loaded.state).toBe('not-run');
    expect(realClientsMarkdown(loaded).join('\n')).toMatch(/Not run here: no results at .*missing\.json.*npm run real/);
    expect(realClientsHtml(loaded)).toContain('id="real-clients"');
  });

  it('says exactly what was missing when the broker could not start', () => {
    const loaded = loadRealClientsResults(results('unavailable.json', { realClients: 1, unavailable: 'librdkafka.so.1 not found: install librdkafka1' }));
    expect(realClientsMarkdown(loaded).join('\n')).toContain('Could not run here: librdkafka.so.1 not found: install librdkafka1');
    expect(realClientsHtml(loaded)).toContain('Could not run here: librdkafka.so.1 not found');
  });

  it('refuses a file that is not a campaign\'s results, naming it', () => {
    expect(loadRealClientsResults(results('other.json', { format: 'something' }))).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('other.json is not a real-client campaign') });
    writeFileSync(join(folder, 'torn.json'), '{"realCl');
    expect(loadRealClientsResults(join(folder, 'torn.json'))).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('not JSON') });
  });

  it('shows every cell and each finding with its workload, expectation, upstream issue and replay command', () => {
    const loaded = loadRealClientsResults(results('campaign.json', campaign));
    const markdown = realClientsMarkdown(loaded).join('\n');
    expect(markdown).toContain('| kafkajs × roundrobin | 6 | 1 | complete/orphan-partition 1 | 0 | 7.8 s | 30.0 s |');
    expect(markdown).toContain('| kafka-python × range | 6 | 0 | — | 1 | 4.4 s | 9.0 s |');
    expect(markdown).toContain('- kafka-python × range: c0: kafka-python cannot be loaded (No module named kafka): apt-get install python3-kafka');
    expect(markdown).toContain('Shrunk from 6 steps to 3 in 9 real runs (120 s); the same check fired again on 1 of 1 more run.');
    expect(markdown).toContain('2. start c1 (kafkajs, roundrobin) subscribing t2, auto-commit off');
    expect(markdown).toContain('- `complete/orphan-partition` t2-0 has no owner in the settled group');
    expect(markdown).toContain('https://github.com/tulios/kafkajs/issues/1040');
    expect(markdown).toContain('Replay: `mqspec run --replay counterexamples/real-clients/kafka/kafkajs-roundrobin-complete.json`');
    const html = realClientsHtml(loaded);
    expect(html).toContain('<td>kafka-python × range</td>');
    expect(html).toContain('<svg class="chart timeline"');
    expect(html).toContain('<code>https://github.com/tulios/kafkajs/issues/1040</code>');
    expect(html).not.toMatch(/href="http/);
  });

  it('names an upstream issue only for the library, assignor and check it describes', () => {
    expect(upstreamIssue({ libraries: ['kafkajs'], assignor: 'roundrobin', check: 'assignor' })?.url).toContain('kafkajs/issues/1040');
    expect(upstreamIssue({ libraries: ['kafkajs'], assignor: 'roundrobin', check: 'order' })).toBeUndefined();
    expect(upstreamIssue({ libraries: ['kafka-python'], assignor: 'roundrobin', check: 'assignor' })).toBeUndefined();
  });

  it('draws a lane per client of the history, with its assignments and deliveries', () => {
    const history = cleanKafkaHistory();
    const svg = svgTimeline(history);
    const clients = [...new Set(history.events.map((event) => event.client))].filter((client) => client !== 'mqspec');
    for (const client of clients) expect(svg).toContain(`>${client}</text>`);
    const assignments = history.events.filter((event) => event.event === 'assignment').length;
    expect(svg.match(/<rect /g)?.length).toBe(assignments);
    expect(svg.match(/stroke="#2a7"/g)?.length).toBe(history.events.filter((event) => event.event === 'delivered').length);
  });
});
