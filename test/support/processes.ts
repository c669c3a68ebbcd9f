/** Process-table checks for tests that start programs: is a pid still a live process? */
import { readFileSync } from 'node:fs';

/** True when `pid` is a process that has not exited (a zombie, already dead and only awaiting its parent, is not). */
export function isAlive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // The state is the field after the parenthesised command name, which may itself hold spaces or parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

/** The pids a test fixture reports on its stderr as `pids <pid> <pid>…`. */
export function reportedPids(stderr: string | undefined): number[] {
  const match = /pids((?: \d+)+)/.exec(stderr ?? '');
  return match?.[1] === undefined ? [] : match[1].trim().split(' ').map(Number);
}

/**
 * The pids still alive after up to `milliseconds`: a process group killed with SIGKILL is gone once the kernel has
 * run each member's exit, which on a loaded machine can lag the kill(2) call by a scheduling slice; a process that
 * outlives the grace is one left behind.
 */
export function aliveAfter(pids: readonly number[], milliseconds = 2000): number[] {
  const deadline = performance.now() + milliseconds;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && performance.now() < deadline) {
    Atomics.wait(pause, 0, 0, 20);
    alive = alive.filter(isAlive);
  }
  return alive;
}
