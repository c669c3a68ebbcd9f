/**
 * `mqspec check --target/--exec`, `mqspec replay` of a target's counterexample and `mqspec targets`, run in process
 * against the real registries, with a temporary corpus.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetCheckDocument } from '../../../cli/commands/check-target.js';
import type { TargetReplayDocument } from '../../../cli/commands/replay-target.js';
import type { TargetListing } from '../../../cli/commands/targets.js';
import { captureSink, type CliContext } from '../../../cli/context.js';
import { processContext } from '../../../cli/process-context.js';
import { runMqspec } from '../../../cli/program.js';
import { loadTargetModule } from '../../../conformance/targets.js';
import { tempFolder } from '../../support/temp-folder.js';

/** Runs mqspec in process on the real registries. */
function run(args: readonly string[], extra: Partial<CliContext> = {}): { exitCode: number; stdout: string; stderr: string } {
  const stdout = captureSink();
  const stderr = captureSink();
  const exitCode = runMqspec(args, { ...processContext(), env: {}, ...extra, stdout, stderr });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

const zooEntry = 'zoo:rf-hash-without-32-bit-wrap';

describe('mqspec check --target', () => {
  it('reports a zoo entry\'s divergence as a minimal scenario with both sides, saves it under the target\'s name and replays it first next time', () => {
    const corpus = tempFolder('target-corpus');
    const first = run(['check', '--target', zooEntry, '--property', 'RF-AGREE', '--json', '--corpus', corpus]);
    expect(first.exitCode).toBe(1);
    const document = JSON.parse(first.stdout) as TargetCheckDocument;
    expect(document.verdict).toBe('diverges');
    const result = document.results[0];
    expect(result?.status).toBe('violated');
    const counterexample = result?.counterexample;
    expect(counterexample?.scenario.commands).toHaveLength(1);
    expect(counterexample?.divergence?.differs).toBe('outcome');
    expect(counterexample?.divergence?.model.outcome).not.toEqual(counterexample?.divergence?.target.outcome);
    const files = readdirSync(join(corpus, 'rocketmq.filter'));
    expect(files).toHaveLength(1);
    const stored = JSON.parse(readFileSync(join(corpus, 'rocketmq.filter', files[0] ?? ''), 'utf8')) as { target: string; property: string };
    expect([stored.property, stored.target]).toEqual(['RF-AGREE', zooEntry]);

    const second = JSON.parse(run(['check', '--target', zooEntry, '--property', 'RF-AGREE', '--json', '--corpus', corpus]).stdout) as TargetCheckDocument;
    expect(second.results[0]?.regression).toBe(join(corpus, 'rocketmq.filter', files[0] ?? ''));
    expect(second.results[0]?.runs).toBe(0);

    const replay = run(['replay', join(corpus, 'rocketmq.filter', files[0] ?? ''), '--json']);
    expect(replay.exitCode).toBe(0);
    const sideBySide = JSON.parse(replay.stdout) as TargetReplayDocument;
    expect(sideBySide.target.name).toBe(zooEntry);
    expect(sideBySide.steps[0]?.differs).toBe('outcome');
    expect(sideBySide.steps[0]?.model).not.toEqual(sideBySide.steps[0]?.target);
    expect(sideBySide.property).toMatchObject({ id: 'RF-AGREE', verdict: 'violated', step: 0 });
  });

  it('passes the Python example target over the protocol', () => {
    const checked = run(['check', '--exec', 'python3 conformance/examples/rocketmq_filter_target.py', '--runs', '40', '--no-save', '--json']);
    expect(checked.stderr).toBe('');
    expect(checked.exitCode).toBe(0);
    const document = JSON.parse(checked.stdout) as TargetCheckDocument;
    expect(document.results.map((r) => r.id)).toEqual(['RF-AGREE', 'RF-01', 'RF-02', 'RF-03', 'RF-04', 'RF-05']);
    expect(document.results.every((r) => r.status === 'held' && r.runs === 40)).toBe(true);
  });

  it('checks an in-process target module loaded by its path', async () => {
    const path = 'test/conformance/fixtures/hash-target.ts';
    const target = await loadTargetModule(path);
    const checked = run(['check', '--target', path, '--runs', '30', '--no-save', '--json'], { targets: new Map([[path, target]]) });
    expect(checked.exitCode).toBe(0);
    expect((JSON.parse(checked.stdout) as TargetCheckDocument).target.name).toBe('hash-target-module');
  });

  it('exits 2 with one line for an unknown target, both --target and --exec, or a property the target is not checked on', () => {
    const unknown = run(['check', '--target', 'no-such-target']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^mqspec: --target: unknown target "no-such-target" \(expected a bundled target \(python-rocketmq-filter(, [a-z0-9-]+)*\), zoo:<id>, exec:<command> or a module path\)\n$/);
    expect(run(['check', '--target', zooEntry, '--exec', 'python3']).stderr).toBe('mqspec: --target and --exec: give one of them, not both\n');
    const property = run(['check', '--target', zooEntry, '--property', 'KC-01']);
    expect(property.exitCode).toBe(2);
    expect(property.stderr).toMatch(/^mqspec: --property: zoo:rf-hash-without-32-bit-wrap is not checked on "KC-01" \(expected one of: RF-AGREE, RF-01/);
  });
});

describe('mqspec targets', () => {
  it('lists the bundled targets and every zoo entry with systems, versions and what they wrap', () => {
    const listed = run(['targets', '--json']);
    expect(listed.exitCode).toBe(0);
    const targets = (JSON.parse(listed.stdout) as { targets: TargetListing[] }).targets;
    expect(targets[0]).toMatchObject({ name: 'python-rocketmq-filter', kind: 'protocol', systems: ['rocketmq.filter'], version: '1.0.0' });
    expect(targets.find((t) => t.name === zooEntry)).toMatchObject({ kind: 'bug-zoo', systems: ['rocketmq.filter'] });
  });
});
