/**
 * `mqspec explore --scope FILE`: a user's scope written as overrides of a shipped scope's bounds — it searches what
 * it says, threads rebuild it, and a faulty file is refused in one line with exit 2.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExploreDocument } from '../../../cli/commands/explore.js';
import { systems } from '../../../model/systems.js';
import { catalog } from '../../../properties/catalog.js';
import { explorations } from '../../../properties/explore/explorations.js';
import { readScopeFile } from '../../../properties/explore/scope-file.js';
import { tempFolder } from '../../support/temp-folder.js';
import { emptyCorpus, runCli } from '../fixtures/counter-system.js';

/** Writes a scope file and returns its path. */
function scopeFile(content: unknown, name = 'scope.json'): string {
  const path = join(tempFolder('scope-file'), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function runExplore(args: readonly string[]) {
  return runCli(['explore', '--workers', '1', '--no-save', ...args], { catalog, systems, corpus: emptyCorpus() });
}

function document(args: readonly string[]): ExploreDocument {
  const run = runExplore([...args, '--json']);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as ExploreDocument;
}

const verdicts = (doc: ExploreDocument) => doc.verdicts.map((v) => [v.id, v.status, v.shortest?.length]);

describe('mqspec explore --scope FILE', () => {
  it('with no overrides searches exactly the scope it starts from, and takes the system from the file', () => {
    const named = document(['--system', 'rocketmq.allocate', '--scope', 'small']);
    const file = document(['--scope', scopeFile({ system: 'rocketmq.allocate', from: 'small' })]);
    expect([file.result.states, file.result.transitions]).toEqual([named.result.states, named.result.transitions]);
    expect(verdicts(file)).toEqual(verdicts(named));
    expect(file.summary).toBe('small scope (scope.json)');
  });

  it('searches what its bounds say: without a second tag whose hash collides, RF-H1 is not in the scope', () => {
    const base = { system: 'rocketmq.filter', from: 'small' };
    const colliding = document(['--scope', scopeFile(base)]);
    expect(colliding.verdicts.find((v) => v.id === 'RF-H1')?.status).toBe('found');
    const oneTag = document(['--scope', scopeFile({ ...base, summary: 'one tag', bounds: { tags: ['Aa', null] } })]);
    expect(oneTag.summary).toBe('one tag');
    expect(oneTag.verdicts.find((v) => v.id === 'RF-H1')?.status).toBe('not-found');
    expect(oneTag.result.states).toBeLessThan(colliding.result.states);
  });

  it('is rebuilt on worker threads with the result of one thread', () => {
    const path = scopeFile({ system: 'rocketmq.allocate', from: 'small', bounds: { strategies: [{ name: 'AVG' }, { name: 'AVG_BY_CIRCLE' }], maxDepth: 2 } });
    const one = document(['--scope', path]);
    const two = JSON.parse(runCli(['explore', '--workers', '2', '--no-save', '--json', '--scope', path], { catalog, systems, corpus: emptyCorpus() }).stdout) as ExploreDocument;
    expect(one.result.setups).toEqual([0, 1]);
    expect([two.result.states, two.result.transitions]).toEqual([one.result.states, one.result.transitions]);
    expect(verdicts(two)).toEqual(verdicts(one));
  });

  it.each([
    ['{"system": ', /^mqspec: --scope .*scope\.json: .*JSON/],
    [{ system: 'kafka.consumer', bounds: { maxOfset: 1 } }, /bounds: Unrecognized key: "maxOfset"/],
    [{ system: 'kafka.consumer', bounds: { topics: { t0: 9 } } }, /bounds\.topics\.t0: .*8/],
    [{ system: 'kafka.consumer', bounds: { topics: { t0: 4, t1: 4 }, maxPartitions: 5 } }, /bounds\.maxPartitions: at most 8 partitions in all/],
    [{ system: 'kafka.group', bounds: { memberCalls: ['poll', 'rebalance'] } }, /bounds\.memberCalls\[1\]: /],
    [{ system: 'nope' }, /system: unknown system "nope"/],
    [{ system: 'kafka.group', from: 'huge' }, /from: kafka.group has no scope "huge"/],
    [
      { system: 'rocketmq.group', bounds: { variants: [{ strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: -1 }, messageModel: 'CLUSTERING', consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }] } },
      /bounds: the scope's setup 0\.strategy: the strategy cannot be constructed/,
    ],
    [{ system: 'rocketmq.filter', extra: true }, /scope file: Unrecognized key: "extra"/],
  ])('refuses %j with exit 2 and one line', (content, message) => {
    const run = runExplore(['--scope', scopeFile(content)]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("explores a rocketmq.allocate strategy Java cannot construct: every call answers the constructor's exception, and no invariant fails", () => {
    const path = scopeFile({ system: 'rocketmq.allocate', from: 'small', bounds: { strategies: [{ name: 'CONSISTENT_HASH', virtualNodeCnt: -1 }], maxDepth: 2 } });
    const run = runExplore(['--scope', path, '--json']);
    expect(run.exitCode).toBe(0);
    expect((JSON.parse(run.stdout) as ExploreDocument).verdicts.filter((v) => v.status === 'violated')).toEqual([]);
  });

  it('refuses a missing file, and a file of another system than --system', () => {
    const missing = runExplore(['--scope', join(tempFolder('scope-file'), 'none.json')]);
    expect([missing.exitCode, missing.stderr.trim().split('\n').length]).toEqual([2, 1]);
    const other = runExplore(['--system', 'kafka.group', '--scope', scopeFile({ system: 'rocketmq.filter' })]);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(/the file is a scope of rocketmq.filter, not of --system kafka.group/);
  });
});

describe('shipped scopes', () => {
  it('include example scope files in examples/scopes that read without a fault', () => {
    const folder = join(import.meta.dirname, '../../../examples/scopes');
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const read = readScopeFile(join(folder, name), explorations, systems);
      expect(read.ok ? 'ok' : read.reason, name).toBe('ok');
    }
  });

  it('keep bounds their own schema accepts, and rebuilding from them gives the same setups', () => {
    for (const exploration of explorations.values()) {
      for (const [name, scope] of Object.entries(exploration.scopes)) {
        const parsed = exploration.scopeBuilder.schema.safeParse(scope.bounds);
        expect(parsed.success, `${exploration.system} ${name}: ${parsed.error?.issues[0]?.message ?? ''}`).toBe(true);
        expect(exploration.scopeBuilder.build(scope.summary, parsed.data).setups).toEqual(scope.setups);
      }
    }
  });
});
