import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnySystemModel } from '../../model/system.js';
import { counterModel, counterSystems, runCli } from './fixtures/counter-system.js';
import { tempFolder } from '../support/temp-folder.js';

describe('mqspec (program)', () => {
  it.each([
    [['frobnicate'], "mqspec: unknown command 'frobnicate'\n"],
    [['list', '--jsn'], "mqspec: unknown option '--jsn' (Did you mean --json?)\n"],
    [['list', 'extra'], "mqspec: too many arguments for 'list'. Expected 0 arguments but got 1.\n"],
    [['replay'], "mqspec: missing required argument 'file'\n"],
    [[], 'mqspec: missing command (expected list, check, explore, merge, replay, targets, report, trace or run; see mqspec --help)\n'],
  ])('exits 2 with one line on stderr for %j', (args, stderr) => {
    const run = runCli(args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(stderr);
    expect(run.stdout).toBe('');
  });

  it('prints help and the version with exit 0', () => {
    const help = runCli(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('replay');
    const version = runCli(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports an unexpected exception as a bug in mqspec: one line naming the input, exit 4', () => {
    const broken: AnySystemModel = {
      ...(counterModel as AnySystemModel),
      observe: () => {
        throw new Error('observe broke\nacross lines');
      },
    };
    const path = join(tempFolder('program'), 'scenario.json');
    writeFileSync(path, JSON.stringify({ system: 'test.counter', setup: { start: 0 }, commands: [] }));
    const run = runCli(['replay', path], { systems: new Map([...counterSystems.keys()].map((id) => [id, broken])) });
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toBe(
      `mqspec: internal error (a bug in mqspec; please report it with this input): observe broke across lines [input: mqspec replay ${path}]\n`,
    );
    expect(run.stdout).toBe('');
  });
});
