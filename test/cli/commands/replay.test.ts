import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplayDocument } from '../../../cli/commands/replay.js';
import { runCli } from '../fixtures/counter-system.js';
import { tempFolder } from '../../support/temp-folder.js';

const folder = tempFolder('replay');

/** Writes a file into the test folder and returns its path. */
function file(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const scenario = {
  system: 'test.counter',
  title: 'hand-written: dec below zero',
  setup: { start: 1 },
  commands: [{ type: 'dec' }, { type: 'reset' }, { type: 'dec' }],
};

describe('mqspec replay', () => {
  it('exits 2 with the file name and the position of an unknown command', () => {
    const path = file('malformed.json', { ...scenario, commands: [{ type: 'inc' }, { type: 'frobnicate' }] });
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(`mqspec: ${path}: commands[1]: unknown command type "frobnicate" for test.counter (expected one of: inc, dec, reset)\n`);
    expect(run.stdout).toBe('');
  });

  it('names the position inside a counterexample file', () => {
    const path = file('malformed-counterexample.json', { property: 'CT-2', scenario: { ...scenario, commands: [{ type: 'inc', by: -1 }] } });
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^mqspec: ${path}: scenario\\.commands\\[0\\] \\(inc\\)\\.by: .+\\n$`));
  });

  it('exits 2 with one line for invalid JSON', () => {
    const path = file('invalid.json', '{"system": "test.counter",');
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^mqspec: ${path}: invalid JSON: [^\\n]+\\n$`));
  });

  it('exits 2 with one line for a file it cannot read', () => {
    const run = runCli(['replay', join(folder, 'missing.json')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(`mqspec: ${join(folder, 'missing.json')}: cannot read the file (ENOENT)\n`);
  });

  it('exits 2 for an unknown property and for expectations longer than the commands', () => {
    const unknown = runCli(['replay', file('unknown-property.json', { ...scenario, property: 'CT-99' })]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/: property: unknown property "CT-99"\n$/);
    const long = runCli(['replay', file('long-expect.json', { ...scenario, expect: { outcomes: [null, null, null, null] } })]);
    expect(long.exitCode).toBe(2);
    expect(long.stderr).toMatch(/: expect\.outcomes: 4 entries for 3 commands\n$/);
  });

  it('prints a step table and exits 0 when the expectations hold', () => {
    const path = file('as-expected.json', {
      ...scenario,
      expect: { outcomes: [{ ok: true, value: 0 }, { error: 'IllegalStateException' }, null], final: { value: -1 } },
    });
    const run = runCli(['replay', path]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^\s*0\s+\{"type":"dec"\}\s+ok 0\s+✓ expected$/m);
    expect(run.stdout).toMatch(/^\s*1\s+\{"type":"reset"\}\s+IllegalStateException: already zero\s+✓ expected$/m);
    expect(run.stdout).toContain('final observation: {"value":-1} ✓ expected');
    expect(run.stdout).toContain('hand-written: dec below zero');
  });

  it('exits 1 and names the path of the first mismatch when an outcome is not as expected', () => {
    const path = file('outcome-mismatch.json', { ...scenario, expect: { outcomes: [null, { ok: true }] } });
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('✗ expect.outcomes[1].ok: expected true, received false');
  });

  it('exits 1 when the final observation is not as expected', () => {
    const run = runCli(['replay', file('final-mismatch.json', { ...scenario, expect: { final: { value: 0 } } }), '--json']);
    expect(run.exitCode).toBe(1);
    const doc = JSON.parse(run.stdout) as ReplayDocument;
    expect(doc.failures).toEqual(['expect.final.value: expected 0, received -1']);
    expect(doc.final).toEqual({ observation: { value: -1 }, expected: { value: 0 }, mismatch: 'expect.final.value: expected 0, received -1' });
  });

  it('marks the violating step of a counterexample file and exits 0 while it still violates', () => {
    const path = file('counterexample.json', { property: 'CT-2', seed: 1, scenario });
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^\s*2\s+\{"type":"dec"\}\s+ok -1\s+← violates CT-2$/m);
    expect(run.stdout).toContain('violated at step 2: the counter is -1');
    const doc = JSON.parse(runCli(['replay', path, '--json']).stdout) as ReplayDocument;
    expect(doc).toMatchObject({ counterexample: true, ok: true, property: { id: 'CT-2', verdict: 'violated', step: 2 } });
    expect(doc.steps.map((s) => s.violates === true)).toEqual([false, false, true]);
  });

  it('exits 1 for a counterexample file whose property now holds', () => {
    const path = file('stale-counterexample.json', { property: 'CT-2', scenario: { ...scenario, commands: [{ type: 'inc' }] } });
    const run = runCli(['replay', path]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('✗ property: CT-2 held, but the file is a counterexample to it');
  });

  it('reports a property named by a plain scenario without letting its verdict decide the exit status', () => {
    const run = runCli(['replay', file('named.json', { ...scenario, property: 'CT-2' }), '--json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ counterexample: false, property: { verdict: 'violated', step: 2 } });
  });

  it('shows under each step what it changed in the observation, and the same as data with --json', () => {
    const path = file('changes.json', { ...scenario, commands: [{ type: 'inc', by: 2 }, { type: 'reset' }, { type: 'reset' }] });
    const run = runCli(['replay', path]);
    expect(run.stdout).toContain('initial observation: {"value":1}\n');
    expect(run.stdout).toMatch(/^\s*0\s+\{"type":"inc","by":2\}\s+ok 3\n\s+value: 1 → 3$/m);
    expect(run.stdout).toMatch(/^\s*2\s+\{"type":"reset"\}\s+IllegalStateException: already zero\n\s+\(no change\)$/m);
    const doc = JSON.parse(runCli(['replay', path, '--json']).stdout) as ReplayDocument;
    expect(doc.initial).toEqual({ value: 1 });
    expect(doc.steps.map((s) => s.changes)).toEqual([[{ path: 'value', kind: 'changed', before: 1, after: 3 }], [{ path: 'value', kind: 'changed', before: 3, after: 0 }], []]);
  });

  it('replays a corpus file (mqspec.counterexample/1) and marks its violating step', () => {
    const record = {
      format: 'mqspec.counterexample/1',
      property: 'CT-2',
      system: 'test.counter',
      target: 'model',
      seed: 1,
      scenario: { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'inc' }, { type: 'dec' }, { type: 'dec' }] },
      step: 2,
      message: 'the counter is -1',
      mqspecVersion: '0.1.0',
    };
    const run = runCli(['replay', file('corpus-record.json', record)]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^\s*2\s+\{"type":"dec"\}\s+ok -1\s+← violates CT-2\n\s+value: 0 → -1$/m);
  });

  describe('at the limits', () => {
    const long = (n: number): unknown => ({ system: 'test.counter', setup: { start: 0 }, commands: Array.from({ length: n }, () => ({ type: 'inc' })) });

    it('replays a 200,000-command scenario (no recursion or argument spread on scenario length)', () => {
      const run = runCli(['replay', file('long.json', long(200_000))]);
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(/^199999 {2}\{"type":"inc"\} {2}ok 200000\n {8}value: 199999 → 200000$/m);
    });

    it('refuses a scenario over the command limit with exit 2 and one positioned line', () => {
      const path = file('too-long.json', long(200_001));
      const run = runCli(['replay', path]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toBe(`mqspec: ${path}: commands: 200,001 commands, more than the limit of 200,000 per scenario\n`);
    });

    it('refuses nesting deeper than the limit with exit 2 instead of overflowing the stack', () => {
      const path = file('deep.json', `{"system":"test.counter","setup":{"start":0},"commands":[],"expect":{"final":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
      const run = runCli(['replay', path, '--json']);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^mqspec: ${path}: expect\\.final(\\[0\\])+: nested deeper than the limit of 64 levels\\n$`));
    });
  });
});
