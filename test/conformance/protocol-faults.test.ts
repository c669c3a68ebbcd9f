/**
 * Protocol targets that misbehave are target failures, each with its own message, reported in well under 10 s, with
 * the request, the scenario so far and the target's stderr, exit status 3 — and no process left behind (the target
 * and the helper it started in its process group).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetCheckDocument } from '../../cli/commands/check-target.js';
import { captureSink } from '../../cli/context.js';
import { processContext } from '../../cli/process-context.js';
import { runMqspec } from '../../cli/program.js';
import { isAlive, reportedPids } from '../support/processes.js';

const fixture = join(import.meta.dirname, 'fixtures/misbehaving_target.py');

/** Runs `mqspec check --exec` on the fixture in one mode; answers the exit status, the document and the time. */
function checkExec(mode: string): { exitCode: number; document: TargetCheckDocument; milliseconds: number; stderr: string } {
  const stdout = captureSink();
  const stderr = captureSink();
  const started = performance.now();
  const exitCode = runMqspec(['check', '--exec', `python3 ${fixture} ${mode}`, '--timeout', '1000', '--property', 'RF-AGREE', '--no-save', '--json'], {
    ...processContext(),
    stdout,
    stderr,
  });
  return { exitCode, document: JSON.parse(stdout.text()) as TargetCheckDocument, milliseconds: performance.now() - started, stderr: stderr.text() };
}

const cases: ReadonlyArray<{ mode: string; title: string; message: RegExp; request: string }> = [
  { mode: 'sleep', title: 'one that sleeps forever times out', message: /^step: no answer within 1000 ms \(the target hangs\)$/, request: 'step' },
  { mode: 'garbage', title: 'one that prints garbage', message: /^step: the target answered a line that is not JSON: "Traceback/, request: 'step' },
  { mode: 'exit', title: 'one that exits after two steps', message: /^step: the target exited \(code 1\)$/, request: 'step' },
  { mode: 'flood', title: 'one that writes 10 MB on one line', message: /^step: the target wrote \d+ bytes on one line without ending it, more than the 1 MiB/, request: 'step' },
  { mode: 'refuse', title: 'one that refuses a request', message: /^init: the target refused: setup not supported by this target$/, request: 'init' },
  { mode: 'ok', title: 'one that answers {"ok": true} to everything', message: /^hello: the answer has the wrong shape \(name: /, request: 'hello' },
];

describe('misbehaving protocol targets', () => {
  for (const { mode, title, message, request } of cases) {
    it(`reports ${title} as a target failure (exit 3) and leaves no process`, () => {
      const run = checkExec(mode);
      expect(run.exitCode).toBe(3);
      expect(run.document.verdict).toBe('target-failure');
      expect(run.document.failure?.message).toMatch(message);
      expect((run.document.failure?.request as { op?: string } | undefined)?.op).toBe(request);
      expect(run.milliseconds).toBeLessThan(10_000);
      const pids = reportedPids(run.document.failure?.stderr);
      expect(pids).toHaveLength(2);
      // The kill waits until every member of the target's process group has exited, so none is alive on return.
      expect(pids.filter(isAlive)).toEqual([]);
    });
  }

  it('shows the scenario so far, cut after the failing step', () => {
    const run = checkExec('exit');
    const scenario = run.document.failure?.scenario;
    expect(scenario?.system).toBe('rocketmq.filter');
    const last = scenario?.commands.at(-1);
    expect(last).toEqual((run.document.failure?.request as { command?: unknown }).command);
    expect(run.document.failure?.stderr).toContain('crashing on purpose at step 3');
  });

  it('exits 2 with one line when the program does not exist', () => {
    const stdout = captureSink();
    const stderr = captureSink();
    const exitCode = runMqspec(['check', '--exec', 'no-such-program-mqspec --flag'], { ...processContext(), stdout, stderr });
    expect(exitCode).toBe(2);
    expect(stderr.text()).toMatch(/^mqspec: --exec: cannot start "no-such-program-mqspec --flag": spawn no-such-program-mqspec ENOENT\n$/);
    expect(stdout.text()).toBe('');
  });
});
