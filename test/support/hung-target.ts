/**
 * Ending mqspec with a signal while `check --exec` waits on a target that sleeps forever with a helper process in its
 * group (test/conformance/fixtures/misbehaving_target.py): for the signals test (the bin from source) and the
 * installed-package test (the bin as users install it).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveGroupMembers } from '../../conformance/protocol/process-table.js';
import { isAlive } from './processes.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const fixture = join(repository, 'test/conformance/fixtures/misbehaving_target.py');

/** Waits (bounded: `milliseconds`, polling every 20 ms) until `done` answers true; answers whether it did. */
export async function waitFor(done: () => boolean, milliseconds: number): Promise<boolean> {
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

/** What happened: whether the target came up, and which of its group's processes were still alive 5 s after mqspec ended. */
export interface SignalOutcome {
  readonly targetStarted: boolean;
  readonly leftAlive: readonly number[];
}

/**
 * Starts `node ...binArgs check --exec "<hung target>"` in `cwd`, waits until the target and its helper are up and
 * mqspec waits on the first step, sends `signal` to mqspec and reports what is left of the target's group. Whatever
 * happens, nothing it started outlives it.
 */
export async function signalDuringHungTarget(binArgs: readonly string[], cwd: string, signal: NodeJS.Signals): Promise<SignalOutcome> {
  const marker = `mqspec-signal-test-${signal}-${process.pid}-${Date.now()}`;
  const bin = spawn(process.execPath, [...binArgs, 'check', '--exec', `python3 ${fixture} sleep ${marker}`, '--timeout', '120000'], { cwd, stdio: 'ignore' });
  const exited = new Promise<void>((r) => bin.once('exit', () => r()));
  try {
    // The target is up once its helper (sleep 300, in its group) is: two live members of the target's group.
    let target: number | undefined;
    const started = await waitFor(() => (target = processWith(marker)) !== undefined && liveGroupMembers(target).length >= 2, 30_000);
    if (!started) return { targetStarted: false, leftAlive: [] };
    const members = liveGroupMembers(target ?? -1);
    // Give mqspec time to send the first step, so that it is blocked waiting on the hung target.
    await new Promise((r) => setTimeout(r, 500));
    bin.kill(signal);
    await exited;
    await waitFor(() => members.every((pid) => !isAlive(pid)), 5_000);
    return { targetStarted: true, leftAlive: members.filter(isAlive) };
  } finally {
    if (bin.exitCode === null && bin.signalCode === null) bin.kill('SIGKILL');
    const target = processWith(marker);
    if (target !== undefined) process.kill(-target, 'SIGKILL');
  }
}
