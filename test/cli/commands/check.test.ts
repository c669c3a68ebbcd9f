import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../../../cli/commands/check.js';
import { formatCounterexampleRecord } from '../../../properties/corpus/counterexample-record.js';
import { defineProperty } from '../../../properties/property.js';
import { counterModel, counterScenarios, emptyCorpus, runCli } from '../fixtures/counter-system.js';
import { counterRecord } from '../../properties/corpus/fixtures.js';
import { tempFolder } from '../../support/temp-folder.js';

/** The `--json` document of a run. */
function document(stdout: string): CheckDocument {
  return JSON.parse(stdout) as CheckDocument;
}

describe('mqspec check', () => {
  it('exits 1 when an invariant is violated and reports every property in catalog order', () => {
    const run = runCli(['check', '--json']);
    expect(run.exitCode).toBe(1);
    const doc = document(run.stdout);
    expect(doc.seed).toBe(20261202);
    expect(doc.results.map((r) => [r.id, r.status])).toEqual([
      ['CT-1', 'held'],
      ['CT-2', 'violated'],
      ['CT-3', 'found'],
    ]);
    expect(doc.summary).toEqual({ passed: 2, failed: 1 });
    expect(doc.results[1]?.counterexample?.scenario.commands).toEqual([{ type: 'dec' }]);
  });

  it('exits 0 when every selected property is as its kind expects, running them in catalog order', () => {
    const run = runCli(['check', '--property', 'CT-3', '--property', 'CT-1', '--json']);
    expect(run.exitCode).toBe(0);
    expect(document(run.stdout).results.map((r) => r.id)).toEqual(['CT-1', 'CT-3']);
  });

  it('selects by system, overrides runs and takes the seed from --seed, then MQSPEC_SEED', () => {
    const run = runCli(['check', '--system', 'test.counter', '--property', 'CT-1', '--runs', '7', '--seed', '42', '--json'], {
      env: { MQSPEC_SEED: '5' },
    });
    const doc = document(run.stdout);
    expect(doc.seed).toBe(42);
    expect(doc.results[0]?.runs).toBe(7);
    expect(document(runCli(['check', '--property', 'CT-1', '--json'], { env: { MQSPEC_SEED: '5' } }).stdout).seed).toBe(5);
  });

  it('finds the same counterexample with the same seed', () => {
    const first = document(runCli(['check', '--property', 'CT-2', '--seed', '9', '--json']).stdout);
    const second = document(runCli(['check', '--property', 'CT-2', '--seed', '9', '--json']).stdout);
    expect(second.results[0]?.counterexample).toEqual(first.results[0]?.counterexample);
  });

  it('prints the violating step, the explanation, a replayable scenario line and the rerun command', () => {
    const run = runCli(['check', '--property', 'CT-2', '--seed', '11']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('CT-2 (invariant, test.counter) violated at step 0 of 1: the counter is -1');
    expect(run.stdout).toContain('step 0 decremented a counter at zero');
    expect(run.stdout).toContain('rerun:  mqspec check --property CT-2 --seed 11\n');
    expect(run.stdout).toMatch(/0 passed, 1 failed \(seed 11\)\n$/);
    const line = run.stdout.split('\n').find((l) => l.includes('replay: '))?.split('replay: ')[1];
    expect(line).toBeDefined();
    const file = join(tempFolder('check'), 'counterexample.json');
    writeFileSync(file, line ?? '');
    const replay = runCli(['replay', file]);
    expect(replay.stderr).toBe('');
    expect(replay.exitCode).toBe(0);
  });

  it('prints a summary table with id, kind, status, runs, ms and counterexample length', () => {
    const run = runCli(['check']);
    const table = run.stdout.split('\n').filter((line) => /^(id|CT-)/.test(line));
    expect(table[0]).toMatch(/^id\s+kind\s+status\s+runs\s+ms\s+counterexample\s+replayed$/);
    expect(table.find((line) => line.startsWith('CT-2') && line.includes('violated'))).toMatch(/1 step\s+-$/);
  });

  it('prints plain progress lines and no colour when stdout is not a terminal', () => {
    const run = runCli(['check', '--property', 'CT-1']);
    expect(run.stdout).toMatch(/^✓ CT-1 held \(50 runs, \d+ ms\)\n/);
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toMatch(/\u001b\[/);
  });

  it('updates one line per property in place, in colour, on a terminal, and drops colour with NO_COLOR', () => {
    const tty = runCli(['check', '--property', 'CT-1'], { tty: true });
    expect(tty.stdout).toContain('\r\u001b[2K');
    expect(tty.stdout).toMatch(/\u001b\[32m/);
    const noColor = runCli(['check', '--property', 'CT-1'], { tty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).toContain('\r\u001b[2K');
    expect(noColor.stdout).not.toMatch(/\u001b\[3\dm/);
  });

  it('exits 2 with one line for an unknown property', () => {
    const run = runCli(['check', '--property', 'CT-99']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('mqspec: --property: unknown property "CT-99" (expected one of: CT-1, CT-2, CT-3)\n');
    expect(run.stdout).toBe('');
  });

  it.each([
    [['--seed', 'abc'], 'mqspec: --seed: expected an integer, received "abc"\n'],
    [['--runs', '0'], 'mqspec: --runs: expected a positive integer, received "0"\n'],
    [['--runs', '1.5'], 'mqspec: --runs: expected a positive integer, received "1.5"\n'],
    [['--system', 'kafka.nope'], 'mqspec: --system: unknown system "kafka.nope" (expected one of: test.counter)\n'],
  ])('exits 2 with one line for bad usage %j', (args, stderr) => {
    const run = runCli(['check', ...args]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(stderr);
  });

  it('exits 2 for a malformed MQSPEC_SEED', () => {
    const run = runCli(['check'], { env: { MQSPEC_SEED: 'x1' } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('mqspec: MQSPEC_SEED: expected an integer, received "x1"\n');
  });

  it('exits 4 and names the property and seed to rerun when a check breaks (a bug in mqspec, not a verdict)', () => {
    const broken = defineProperty(counterModel, {
      id: 'CT-9',
      kind: 'invariant',
      statement: 'A check that throws.',
      why: 'Provokes an internal error.',
      scenarios: counterScenarios,
      check: () => {
        throw new TypeError('cannot read properties of undefined');
      },
      runs: 5,
    });
    const run = runCli(['check', '--seed', '7'], { catalog: [broken] });
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toBe(
      'mqspec: internal error (a bug in mqspec; please report it with this input): CT-9: cannot read properties of undefined ' +
        '[input: mqspec check --property CT-9 --seed 7]\n',
    );
  });

  it('picks and reports a fresh seed for --seed random', () => {
    const doc = document(runCli(['check', '--property', 'CT-1', '--seed', 'random', '--json']).stdout);
    expect(Number.isSafeInteger(doc.seed)).toBe(true);
  });

  describe('with a counterexample corpus', () => {
    it('saves a new counterexample under <corpus>/<system>/ and says where', () => {
      const corpus = emptyCorpus();
      const run = runCli(['check', '--property', 'CT-2', '--corpus', corpus]);
      expect(run.exitCode).toBe(1);
      const files = readdirSync(join(corpus, 'test.counter'));
      expect(files).toEqual([expect.stringMatching(/^CT-2-[0-9a-f]{12}\.json$/)]);
      expect(run.stdout).toContain(`  saved:  ${join(corpus, 'test.counter', files[0] ?? '')}\n`);
      expect(run.stdout).toContain(`(or run mqspec replay ${join(corpus, 'test.counter', files[0] ?? '')})`);
    });

    it('replays a stored invariant counterexample first: violated at once, as a regression, with no runs', () => {
      const corpus = emptyCorpus();
      runCli(['check', '--property', 'CT-2', '--corpus', corpus]);
      const file = join(corpus, 'test.counter', readdirSync(join(corpus, 'test.counter'))[0] ?? '');
      const run = runCli(['check', '--property', 'CT-2', '--corpus', corpus, '--seed', '5']);
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toMatch(/^✗ CT-2 violated \(stored counterexample reproduced, \d+ ms\)$/m);
      expect(run.stdout).toContain(`regression: the stored counterexample ${file} reproduces`);
      const doc = document(runCli(['check', '--property', 'CT-2', '--corpus', corpus, '--json']).stdout);
      expect(doc.corpus).toBe(corpus);
      expect(doc.results[0]).toMatchObject({ status: 'violated', runs: 0, regression: file, replayed: [{ file, reproduced: true, step: 0 }] });
    });

    it('uses the context corpus by default: a regression planted there is found by a plain check', () => {
      const corpus = emptyCorpus();
      mkdirSync(corpus, { recursive: true });
      writeFileSync(join(corpus, 'planted.json'), formatCounterexampleRecord(counterRecord()));
      const run = runCli(['check', '--property', 'CT-2', '--json'], { corpus });
      expect(run.exitCode).toBe(1);
      expect(document(run.stdout).results[0]).toMatchObject({ status: 'violated', regression: join(corpus, 'planted.json') });
    });

    it('saves nothing with --no-save', () => {
      const corpus = emptyCorpus();
      const run = runCli(['check', '--corpus', corpus, '--no-save', '--json']);
      expect(run.exitCode).toBe(1);
      expect(existsSync(corpus)).toBe(false);
      expect(document(run.stdout).results.every((r) => r.saved === undefined)).toBe(true);
    });

    it('reports a hazard counterexample that stopped reproducing, and still passes when generation finds the hazard', () => {
      const corpus = emptyCorpus();
      mkdirSync(corpus, { recursive: true });
      const stale = counterRecord({ property: 'CT-3', scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'inc' }] } });
      writeFileSync(join(corpus, 'CT-3-stale.json'), formatCounterexampleRecord(stale));
      const run = runCli(['check', '--property', 'CT-3', '--corpus', corpus]);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(/^CT-3\s+hazard\s+found\s+.*\s0\/1$/m);
      expect(run.stdout).toContain(`  stale:  ${join(corpus, 'CT-3-stale.json')} no longer reproduces (the property held on it); delete it once the change is intended\n`);
    });

    it('skips a corrupted corpus file with a one-line warning on stderr and checks the rest', () => {
      const corpus = emptyCorpus();
      mkdirSync(corpus, { recursive: true });
      writeFileSync(join(corpus, 'broken.json'), '{"format": "mqspec.counterexample/1", "prop');
      const run = runCli(['check', '--property', 'CT-1', '--corpus', corpus, '--json']);
      expect(run.exitCode).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`^mqspec: warning: ${join(corpus, 'broken.json')}: invalid JSON: [^\\n]+ \\(skipped\\)\\n$`));
      expect(document(run.stdout).warnings).toHaveLength(1);
    });
  });
});

describe('mqspec check --shard and --workers', () => {
  it('runs every n-th selected property from the i-th, so the shards partition the catalog', () => {
    const ids = (shard: string): string[] => document(runCli(['check', '--shard', shard, '--json']).stdout).results.map((r) => r.id);
    expect([ids('1/2'), ids('2/2')]).toEqual([['CT-1', 'CT-3'], ['CT-2']]);
  });

  it('refuses a malformed shard with exit 2', () => {
    const run = runCli(['check', '--shard', '0/2']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('mqspec: --shard: expected 1 ≤ i ≤ n, received "0/2"\n');
  });
});
