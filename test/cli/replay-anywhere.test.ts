/**
 * A counterexample found on a user's target replays anywhere: the corpus file records how to start the target (the
 * module's path, the program's command line and folder, relative to the file), so `mqspec replay FILE` works from
 * another folder after the project moved, and the printed `rerun:` line names the target the way the user did.
 * Run through the real bin (from source, through tsx), in folders of their own, as a user runs it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp-folder.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const tsx = import.meta.resolve('tsx');

/** Runs the bin in `cwd`. */
function mqspec(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', tsx, join(repository, 'cli/mqspec.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A rocketmq.filter target whose String.hashCode forgets Java's 32-bit wrap-around. */
const wrongModule = `export default {
  name: 'unwrapped-hash', version: '0.0.1', describes: 'hashCode without the 32-bit wrap',
  systems: [{ system: 'rocketmq.filter', commands: ['hashCode'], fields: [] }],
  open: () => ({
    step: (command) => { let h = 0; for (const c of command.value) h = 31 * h + c.charCodeAt(0); return { ok: true, value: h }; },
    observe: () => ({}),
    close: () => {},
  }),
};
`;

/** The same bug over the protocol, in Python. */
const wrongProgram = `import json, sys
for line in sys.stdin:
    request = json.loads(line)
    op = request["op"]
    if op == "hello":
        answer = {"ok": True, "name": "unwrapped-hash-py", "version": "0.0.1",
                  "systems": [{"system": "rocketmq.filter", "commands": ["hashCode"], "fields": []}]}
    elif op == "step":
        h = 0
        for c in request["command"]["value"]:
            h = 31 * h + ord(c)
        answer = {"ok": True, "outcome": {"ok": True, "value": h}}
    else:
        answer = {"ok": True}
    print(json.dumps(answer), flush=True)
    if op == "close":
        break
`;

/** The words of the `rerun:` line of one property, split as a shell would (single quotes only). */
function rerunWords(stdout: string, property: string): string[] {
  const line = stdout.split('\n').find((l) => l.trim().startsWith('rerun:') && l.includes(`--property ${property} `));
  expect(line, `a rerun line for ${property} in:\n${stdout}`).toBeDefined();
  const words = (line ?? '').trim().replace(/^rerun:\s+mqspec\s+/, '').match(/'[^']*'|\S+/g) ?? [];
  return words.map((w) => (w.startsWith("'") ? w.slice(1, -1) : w));
}

/** The single corpus file of `property` under `project`. */
function corpusFile(project: string, property: string): string {
  const folder = join(project, 'counterexamples', 'rocketmq.filter');
  const file = readdirSync(folder).find((name) => name.startsWith(`${property}-`));
  expect(file).toBeDefined();
  return join(folder, file ?? '');
}

describe('counterexamples of a user target replay anywhere', () => {
  it('a module target: the file records the module relative to itself; replay and the rerun line work after the project moved', () => {
    const project = tempFolder('user-project');
    writeFileSync(join(project, 'wrong-target.mjs'), wrongModule);
    const checked = mqspec(project, 'check', '--target', './wrong-target.mjs', '--property', 'RF-AGREE', '--runs', '50');
    expect(checked.status, checked.stderr).toBe(1);
    const rerun = rerunWords(checked.stdout, 'RF-AGREE');
    expect(rerun.slice(0, 3)).toEqual(['check', '--target', './wrong-target.mjs']);
    const stored = JSON.parse(readFileSync(corpusFile(project, 'RF-AGREE'), 'utf8')) as { target: string; reach: unknown };
    expect(stored).toMatchObject({ target: 'unwrapped-hash', reach: { module: '../../wrong-target.mjs' } });

    const moved = join(tempFolder('moved-project'), 'project');
    cpSync(project, moved, { recursive: true });
    const elsewhere = tempFolder('elsewhere');
    const replay = mqspec(elsewhere, 'replay', corpusFile(moved, 'RF-AGREE'), '--json');
    expect(replay.status, replay.stderr).toBe(0);
    const document = JSON.parse(replay.stdout) as { target: { name: string }; property: { verdict: string } };
    expect(document.target.name).toBe('unwrapped-hash');
    expect(document.property.verdict).toBe('violated');

    const again = mqspec(moved, ...rerun);
    expect(again.status, again.stderr).toBe(1);
    expect(again.stdout).toContain('regression: the stored counterexample');
  });

  it('a protocol program: the file records its command line and folder; replay from another folder starts it there', () => {
    const project = tempFolder('user-project');
    writeFileSync(join(project, 'wrong_target.py'), wrongProgram);
    const checked = mqspec(project, 'check', '--exec', 'python3 wrong_target.py', '--property', 'RF-AGREE', '--runs', '50');
    expect(checked.status, checked.stderr).toBe(1);
    expect(rerunWords(checked.stdout, 'RF-AGREE').slice(0, 3)).toEqual(['check', '--exec', 'python3 wrong_target.py']);
    const file = corpusFile(project, 'RF-AGREE');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ target: 'exec:python3 wrong_target.py', reach: { exec: 'python3 wrong_target.py', cwd: '../..' } });

    const replay = mqspec(tempFolder('elsewhere'), 'replay', file);
    expect(replay.status, replay.stderr + replay.stdout).toBe(0);
    expect(replay.stdout).toContain('replay as expected');
  });
});
