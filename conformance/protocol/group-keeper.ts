/**
 * The keeper of a target's (or a driver's) process group: a shell in a process group of its own that ignores the
 * terminal's signals and blocks reading a pipe whose only writer is mqspec. Whatever ends mqspec — a normal exit,
 * Ctrl-C, SIGTERM, even SIGKILL — the kernel closes that pipe, the read returns and the keeper kills the whole group
 * it guards. A signal handler could not do this: while a check runs, mqspec's main thread is blocked in
 * `Atomics.wait`, and the event loop, where Node delivers signals, does not turn; SIGKILL runs no handler at all.
 * Waiting on a pipe is no loop and has no timeout to choose: it ends exactly when mqspec does.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The keeper's shell script for group `pgid` (`PGID` in the template, for the worker that has no imports). */
export const groupKeeperTemplate = 'trap "" INT HUP TERM QUIT; cat >/dev/null 2>&1; kill -KILL -PGID 2>/dev/null';

/** The keeper's argv for group `pgid`. */
export function groupKeeperArgv(pgid: number): readonly string[] {
  return ['/bin/sh', '-c', groupKeeperTemplate.replace('PGID', String(pgid))];
}

/** Starts a keeper of group `pgid`; undefined when it cannot start (then only mqspec's own exit hook guards it). */
export function startGroupKeeper(pgid: number): ChildProcess | undefined {
  const [program = '/bin/sh', ...args] = groupKeeperArgv(pgid);
  try {
    const keeper = spawn(program, args, { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    keeper.stdin?.on('error', () => {});
    keeper.on('error', () => {});
    // Neither the keeper nor its pipe may keep mqspec's event loop alive: mqspec's own end is what it waits for.
    keeper.unref();
    (keeper.stdin as { unref?: () => void } | null)?.unref?.();
    return keeper;
  } catch {
    return undefined;
  }
}

/** Ends a keeper whose group is gone (it would otherwise wait for mqspec's exit). */
export function releaseGroupKeeper(keeper: ChildProcess | undefined): void {
  if (keeper?.pid === undefined) return;
  try {
    process.kill(-keeper.pid, 'SIGKILL');
  } catch {
    // ESRCH: it already exited.
  }
}
