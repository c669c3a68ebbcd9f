import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasNotExited, liveGroupMembers, processStat } from '../../../conformance/protocol/process-table.js';
import { tempFolder } from '../../support/temp-folder.js';

/** The process group of `pid` as `ps` reports it: an oracle independent of the /proc parser under test. */
const psGroup = (pid: number): number => Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());

describe('process table (/proc)', () => {
  it('reads this process as running, in the group ps names, and a member of its group', () => {
    const stat = processStat(process.pid);
    expect(hasNotExited(stat)).toBe(true);
    expect(stat?.group).toBe(psGroup(process.pid));
    expect(liveGroupMembers(psGroup(process.pid))).toContain(process.pid);
  });

  it('knows no process for a pid not in the table, and none as not exited', () => {
    expect(processStat(2 ** 30)).toBeUndefined();
    expect(hasNotExited(undefined)).toBe(false);
  });

  it('tells a zombie (exited, not yet waited for) from a live process', () => {
    expect(hasNotExited({ state: 'Z', group: 1 })).toBe(false);
    expect(hasNotExited({ state: 'S', group: 1 })).toBe(true);
  });

  it('reads a command name holding spaces and parentheses', async () => {
    // The kernel names a process after its executable's file: a copy of sleep called "a) b (c" shows as (a) b (c).
    const named = join(tempFolder('process-table'), 'a) b (c');
    copyFileSync(execFileSync('bash', ['-c', 'command -v sleep'], { encoding: 'utf8' }).trim(), named);
    chmodSync(named, 0o755);
    const child = spawn(named, ['5'], { detached: true, stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(readFileSync(`/proc/${child.pid}/stat`, 'utf8')).toContain('(a) b (c)');
      const stat = processStat(child.pid ?? -1);
      expect(hasNotExited(stat)).toBe(true);
      expect(stat?.group).toBe(child.pid);
    } finally {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
  });
});
