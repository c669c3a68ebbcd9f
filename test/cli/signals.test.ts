/**
 * Ending mqspec while a target hangs leaves nothing behind: Ctrl-C (SIGINT), SIGTERM and even SIGKILL to the bin,
 * run from source as a user runs it, while `check --exec` waits on a target that sleeps forever with a helper
 * process of its own. The target's keeper (conformance/protocol/child-worker-source.ts) kills the target's process
 * group once mqspec is gone, whatever ended it.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { liveGroupMembers } from '../../conformance/protocol/process-table.js';
import { isAlive } from '../support/processes.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const fixture = join(repository, 'test/conformance/fixtures/misbehaving_target.py');

/** Waits (bounded: `milliseconds`, polling every 20 ms) until `done` answers true; answers whether it did. */
async function waitFor(done: () => boolean, milliseconds: number): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (done()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return done();
}

/** The pid of the live process whose command line holds `marker`, if there is one. */
function processWith(marker: string): number | undefined {
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(marker) && isAlive(Number(entry))) return Number(entry);
    } catch {
      // The process exited while the table was read.
    }
  }
  return undefined;
}

describe('signals to mqspec while a target hangs', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    it(`${signal}: the target's whole process group is gone soon after mqspec`, async () => {
      const marker = `mqspec-signal-test-${signal}-${process.pid}`;
      const bin = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(repository, 'cli/mqspec.ts'), 'check', '--exec', `python3 ${fixture} sleep ${marker}`, '--timeout', '120000'], {
        cwd: repository,
        stdio: 'ignore',
      });
      const exited = new Promise<void>((r) => bin.once('exit', () => r()));
      try {
        // The target is up once its helper (sleep 300, in its group) is: two live members of the target's group.
        let target: number | undefined;
        expect(await waitFor(() => (target = processWith(marker)) !== undefined && liveGroupMembers(target).length >= 2, 30_000)).toBe(true);
        const members = liveGroupMembers(target ?? -1);
        // Give mqspec time to send the first step, so that it is blocked waiting on the hung target.
        await new Promise((r) => setTimeout(r, 500));
        bin.kill(signal);
        await exited;
        expect(await waitFor(() => members.every((pid) => !isAlive(pid)), 5_000), `left alive: ${members.filter(isAlive).join(', ')}`).toBe(true);
      } finally {
        if (bin.exitCode === null && bin.signalCode === null) bin.kill('SIGKILL');
        const target = processWith(marker);
        if (target !== undefined) process.kill(-target, 'SIGKILL');
      }
    }, 60_000);
  }
});
