import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the real bin from source through tsx (a devDependency), as a user would run the built one. */
function mqspec(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'cli/mqspec.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('mqspec bin', () => {
  it('lists the real catalog as JSON with exit 0', () => {
    const run = mqspec('list', '--json');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('properties');
  });

  it('exits 2 with one line for an unknown verb', () => {
    const run = mqspec('frobnicate');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("mqspec: unknown command 'frobnicate'\n");
  });
});
