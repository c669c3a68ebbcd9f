/** Process-table checks for tests that start programs: is a pid still a live process? */
import { hasNotExited, processStat } from '../../conformance/protocol/process-table.js';

/** True when `pid` is a process that has not exited (a zombie, already dead and only awaiting its parent, is not). */
export function isAlive(pid: number): boolean {
  return hasNotExited(processStat(pid));
}

/** The pids a test fixture reports on its stderr as `pids <pid> <pid>…`. */
export function reportedPids(stderr: string | undefined): number[] {
  const match = /pids((?: \d+)+)/.exec(stderr ?? '');
  return match?.[1] === undefined ? [] : match[1].trim().split(' ').map(Number);
}
