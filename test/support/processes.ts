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
