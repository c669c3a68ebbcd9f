/**
 * The process table as Linux's /proc shows it: whether a process has exited, and which processes of a group are left.
 * Where there is no /proc, no process is known (a kill then waits for nothing but the child's own exit).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** What /proc/<pid>/stat tells of a process. */
export interface ProcessStat {
  /** One letter: R running, S sleeping, Z zombie (exited, awaiting its parent's wait), X dead… */
  readonly state: string;
  readonly group: number;
}

/** The process's state and group, or undefined when it is not in the table. */
export function processStat(pid: number): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // After the parenthesised command name (which may itself hold spaces or parentheses): state, parent pid, group.
  const [state = '', , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, group: Number(group) };
}

/** True when the process has not exited: a zombie has, it only awaits its parent's wait. */
export function hasNotExited(stat: ProcessStat | undefined): boolean {
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

/** The members of process group `pgid` that have not exited. */
export function liveGroupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      const stat = processStat(pid);
      return stat?.group === pgid && hasNotExited(stat);
    });
}
