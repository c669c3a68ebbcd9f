/**
 * An in-process target module runs under a time bound, like a protocol target: `check --target ./module.mjs` whose
 * step never returns (an endless loop) is a target failure with exit 3 within `--timeout`, naming the call; one that
 * throws is a target failure naming what it threw. Run through the real bin from source, in a folder of the user's.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp-folder.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A rocketmq.filter hashCode target whose step runs `body`. */
function moduleText(body: string): string {
  return `export default {
  name: 'misbehaving-module', version: '0.0.1', describes: 'a step that misbehaves',
  systems: [{ system: 'rocketmq.filter', commands: ['hashCode'], fields: [] }],
  open: () => ({ step: (command) => { ${body} }, observe: () => ({}), close: () => {} }),
};
`;
}

/** Runs `check --target ./target.mjs` on `body` in a folder of its own. */
function check(body: string): { status: number | null; stdout: string; stderr: string; milliseconds: number } {
  const project = tempFolder('module-target');
  writeFileSync(join(project, 'target.mjs'), moduleText(body));
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(repository, 'cli/mqspec.ts'), 'check', '--target', './target.mjs', '--timeout', '500', '--no-save'], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, milliseconds: Date.now() - started };
}

describe('an in-process target module under a time bound', () => {
  it('a step that never returns is a target failure (exit 3) naming the call, not a hang', () => {
    const run = check('for (;;) {}');
    expect(run.status, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('step: no answer within 500 ms (the target hangs)');
    expect(run.milliseconds).toBeLessThan(30_000);
  });

  it('a step that throws is a target failure naming what it threw', () => {
    const run = check("throw new TypeError('no hash today');");
    expect(run.status, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toContain('no hash today');
  });

  it('a correct module still agrees', () => {
    const run = check('let h = 0; for (const c of command.value) h = (Math.imul(31, h) + c.charCodeAt(0)) | 0; return { ok: true, value: h };');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('misbehaving-module agrees with the model');
  });
});
