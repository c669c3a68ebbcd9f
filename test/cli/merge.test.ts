/**
 * `mqspec merge`: the shards of a check or an exploration, merged, say what the unsharded run says — the same
 * results, figures and exit status — and files that cannot be one campaign are refused in one line with exit 2.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../../cli/commands/check.js';
import type { ExploreDocument } from '../../cli/commands/explore.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { tempFolder } from '../support/temp-folder.js';
import { emptyCorpus, runCli, type CliRun } from './fixtures/counter-system.js';

const folder = tempFolder('merge');
let files = 0;

/** Writes a shard's output (or any text) to a file of its own and answers its path. */
function shardFile(text: string): string {
  files++;
  const path = join(folder, `shard-${files}.json`);
  writeFileSync(path, text);
  return path;
}

/** Every run shares one corpus folder (empty, nothing saved): the shards of one campaign replay the same corpus. */
const corpus = emptyCorpus();

/** `mqspec …args` in process, on the real registries. */
function mqspec(...args: string[]): CliRun {
  return runCli(args, { catalog, systems, corpus });
}

const checkArgs = ['check', '--system', 'rocketmq.filter', '--runs', '20', '--no-save', '--workers', '1', '--json'];
const exploreArgs = ['explore', '--system', 'rocketmq.allocate', '--scope', 'default', '--depth', '2', '--no-save', '--workers', '1', '--json'];

/** What a check found, property by property, without the timings. */
const outcomes = (doc: CheckDocument) => doc.results.map((r) => [r.id, r.status, r.runs, r.seed, r.counterexample?.scenario]);

/** What a search found, without the timings. */
function searched(doc: ExploreDocument) {
  const { system, scope, setups, symmetry, states, transitions, depthCompleted, exhausted, findings, checked } = doc.result;
  return { system, scope, setups, symmetry, states, transitions, depthCompleted, exhausted, findings, checked, verdicts: doc.verdicts, summary: doc.summary };
}

/** Asserts a refusal: exit 2, nothing on stdout, one line on stderr; answers the line. */
function refused(run: CliRun): string {
  expect(run.exitCode).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n') && run.stderr.trim().split('\n').length === 1, run.stderr).toBe(true);
  return run.stderr;
}

const wholeCheck = mqspec(...checkArgs);
const checkShards = ['1/2', '2/2'].map((s) => shardFile(mqspec(...checkArgs, '--shard', s).stdout));
const wholeExplore = mqspec(...exploreArgs);
const exploreShards = ['1/2', '2/2'].map((s) => shardFile(mqspec(...exploreArgs, '--shard', s).stdout));

describe('mqspec merge of check shards', () => {
  it('gives the results of the unsharded check, in catalog order, with its summary and exit status', () => {
    const merged = mqspec('merge', '--json', ...checkShards.slice().reverse());
    const whole = JSON.parse(wholeCheck.stdout) as CheckDocument;
    const doc = JSON.parse(merged.stdout) as CheckDocument;
    expect(doc.results.map((r) => r.id)).toEqual(catalog.filter((p) => p.system === 'rocketmq.filter').map((p) => p.id));
    expect(outcomes(doc)).toEqual(outcomes(whole));
    expect({ seed: doc.seed, runs: doc.runs, corpus: doc.corpus, summary: doc.summary }).toEqual({ seed: whole.seed, runs: 20, corpus: whole.corpus, summary: whole.summary });
    expect(merged.exitCode).toBe(wholeCheck.exitCode);
  });

  it("prints the unsharded check's report: its table and details, then the same summary line", () => {
    const merged = mqspec('merge', ...checkShards);
    const human = mqspec(...checkArgs.filter((a) => a !== '--json'));
    expect(merged.exitCode).toBe(human.exitCode);
    expect(merged.stdout).toMatch(/^id +kind +status +runs +ms/);
    // The rerun commands repeat --runs, which the shards' documents carry.
    expect(merged.stdout).toContain('--seed 20261202 --runs 20');
    const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);
    expect(lastLine(merged.stdout)).toBe(lastLine(human.stdout));
  });

  it('takes the same shard twice as once, and exits 4 for a check that broke, as check does', () => {
    const doubled = JSON.parse(mqspec('merge', '--json', ...checkShards, checkShards[0] ?? '').stdout) as CheckDocument;
    expect(outcomes(doubled)).toEqual(outcomes(JSON.parse(wholeCheck.stdout) as CheckDocument));
    const shard = JSON.parse(mqspec(...checkArgs, '--shard', '1/2').stdout) as CheckDocument;
    const [first, ...rest] = shard.results;
    const broken = shardFile(JSON.stringify({ ...shard, results: [{ ...first, status: 'error', error: 'boom' }, ...rest] }));
    const run = mqspec('merge', broken, checkShards[1] ?? '');
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toMatch(/^mqspec: internal error .*: RF-\w+: boom \[input: mqspec check --property RF-\w+ --seed 20261202\]\n$/);
  });
});

describe('mqspec merge of explore shards', () => {
  it('gives the states, transitions, findings and verdicts of the unsharded exploration (mergeResults)', () => {
    const merged = mqspec('merge', '--json', ...exploreShards);
    expect(merged.exitCode).toBe(wholeExplore.exitCode);
    const whole = JSON.parse(wholeExplore.stdout) as ExploreDocument;
    expect(whole.result.setups.length).toBeGreaterThan(1);
    expect(searched(JSON.parse(merged.stdout) as ExploreDocument)).toEqual(searched(whole));
  });

  it('keeps other systems side by side, in registry order, with the --all table', () => {
    const filter = shardFile(mqspec('explore', '--system', 'rocketmq.filter', '--scope', 'small', '--no-save', '--workers', '1', '--json').stdout);
    const json = mqspec('merge', '--json', filter, ...exploreShards);
    expect(json.exitCode).toBe(0);
    const docs = JSON.parse(json.stdout) as ExploreDocument[];
    expect(docs.map((d) => [d.result.system, d.result.setups])).toEqual([
      ['rocketmq.allocate', [0, 1, 2]],
      ['rocketmq.filter', [0]],
    ]);
    const human = mqspec('merge', filter, ...exploreShards);
    expect(human.stdout).toMatch(/^explore rocketmq\.allocate, scope default, setups 0, 1, 2:/);
    expect(human.stdout).toMatch(/no invariant violated in any scope\n$/);
  });
});

describe('mqspec merge refuses what cannot be one campaign, with exit 2 and one line', () => {
  const [check1 = ''] = checkShards;
  const [explore1 = ''] = exploreShards;
  const shard1 = JSON.parse(mqspec(...checkArgs, '--shard', '1/2').stdout) as CheckDocument;

  it.each([
    ['malformed JSON', () => [shardFile('{"seed": 1, "res')], /^mqspec: .*shard-\d+\.json: invalid JSON: /],
    ['a file that is no such document', () => [shardFile(mqspec('list', '--json').stdout)], /shard-\d+\.json: expected the document that check --json or explore --json prints/],
    ['a malformed result', () => [shardFile(JSON.stringify({ ...shard1, results: [{ ...shard1.results[0], status: 'fine' }] }))], /shard-\d+\.json: results\[0\]\.status: /],
    ['a check --target document', () => [shardFile(JSON.stringify({ ...shard1, target: { name: 't' }, verdict: 'agrees' }))], /a check --target document/],
    ['check and explore documents mixed', () => [check1, explore1], /is a check document but .* an explore document/],
    ['mismatched seeds', () => [check1, shardFile(mqspec(...checkArgs, '--shard', '2/2', '--seed', '7').stdout)], /has seed 20261202 but .* has seed 7/],
    ['one property with different results', () => [check1, shardFile(JSON.stringify({ ...shard1, results: shard1.results.map((r) => ({ ...r, runs: r.runs + 1 })) }))], /RF-\w+ is in .* and in .* with different results/],
    ['overlapping setups', () => [explore1, shardFile(wholeExplore.stdout)], /both explored setup 0 of rocketmq\.allocate scope default/],
  ])('%s', (_what, paths, message) => {
    expect(refused(mqspec('merge', ...paths()))).toMatch(message);
  });

  it('from the bin too, which loads the verb when it runs', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'cli/mqspec.ts', 'merge', shardFile('[1]')], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^mqspec: .*shard-\d+\.json: \[0\]: Invalid input: expected object, received number\n$/);
  });
});
