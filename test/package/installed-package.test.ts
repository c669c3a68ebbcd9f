/**
 * mqspec as its users get it: the package packed with `npm pack`, installed into an empty project with production
 * dependencies only (no kafkajs, ali-ons, kafka-node or @platformatic/kafka, no tsx), and every command run from
 * that project through the installed bin on the Node running this test; then the library API imported from an ES
 * module, and a strict TypeScript vitest file that embeds `checkTarget` type-checked and run.
 *
 * The package is packed from a staging copy (the manifest, the README and what `files` lists, with dist/ compiled
 * into it) so that the repository's own dist/ is never rewritten under the other tests running beside this one.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { docCodeBlocks } from '../support/doc-code-blocks.js';
import { signalDuringHungTarget } from '../support/hung-target.js';
import { tempFolder } from '../support/temp-folder.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const npmCli = resolve(process.execPath, '../../lib/node_modules/npm/bin/npm-cli.js');

/** Runs `command` in `cwd`, bounded in time, without colour. */
function run(cwd: string, command: string, args: readonly string[], timeout = 120_000): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', MQSPEC_SEED: '20261202' } });
}

/** npm of the Node running the test (the LTS run uses the LTS npm), or the one on PATH. */
function npm(cwd: string, ...args: string[]): SpawnSyncReturns<string> {
  return existsSync(npmCli) ? run(cwd, process.execPath, [npmCli, ...args], 300_000) : run(cwd, 'npm', args, 300_000);
}

/** Fails with the command's output when it did not exit 0. */
function succeeded(result: SpawnSyncReturns<string>, what: string): string {
  expect(result.error, `${what}: ${String(result.error)}`).toBeUndefined();
  expect(result.status, `${what} exited ${String(result.status)}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** The staging copy of the package, with dist/ compiled into it, packed; answers the tarball's path. */
function packStagingCopy(): string {
  const staging = tempFolder('package-staging');
  const manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { files: string[] };
  cpSync(join(repository, 'package.json'), join(staging, 'package.json'));
  cpSync(join(repository, 'README.md'), join(staging, 'README.md'));
  // `files` entries are folders or globs under a folder: copy the folder each names (npm pack then applies `files`).
  for (const entry of manifest.files.filter((f) => f !== 'dist/')) {
    const top = entry.split('/')[0] ?? entry;
    if (!existsSync(join(staging, top))) cpSync(join(repository, top), join(staging, top), { recursive: true });
  }
  const tsc = join(repository, 'node_modules/typescript/bin/tsc');
  succeeded(run(repository, process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(staging, 'dist')], 240_000), 'tsc build');
  const out = tempFolder('package-tarball');
  succeeded(npm(staging, 'pack', '--ignore-scripts', '--pack-destination', out, '--silent'), 'npm pack');
  const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  return join(out, tarball ?? '');
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

/** A user's strict TypeScript vitest file embedding the check. */
const embeddedTest = `import { describe, expect, it } from 'vitest';
import { assertConforms, checkTarget, type Target } from 'mqspec';

/** Java's String.hashCode, as the client computes a tag's code. */
function javaStringHashCode(value: string): number {
  let h = 0;
  for (let i = 0; i < value.length; i++) h = (Math.imul(31, h) + value.charCodeAt(i)) | 0;
  return h;
}

const target: Target<'rocketmq.filter'> = {
  name: 'my-hash',
  version: '1.0.0',
  describes: "String.hashCode as the client computes a tag's code",
  systems: [{ system: 'rocketmq.filter', commands: ['hashCode'], fields: [] }],
  open: () => ({
    step: (command) => (command.type === 'hashCode' ? { ok: true, value: javaStringHashCode(command.value) } : { ok: false, error: 'unsupported' }),
    observe: () => ({}),
    close: () => {},
  }),
};

describe('my client', () => {
  it('agrees with the model', () => {
    expect(checkTarget(target, { runs: 50 }).verdict).toBe('agrees');
    assertConforms(target, { runs: 20 });
  });
});
`;

let project = '';
let bin = '';

/** The installed bin, run in the project. */
function mqspec(...args: string[]): SpawnSyncReturns<string> {
  return run(project, process.execPath, [bin, ...args]);
}

describe('the packed package installed into an empty project', () => {
  beforeAll(() => {
    const tarball = packStagingCopy();
    project = tempFolder('user-project');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2) + '\n');
    succeeded(npm(project, 'install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--silent', tarball), 'npm install');
    bin = join(project, 'node_modules/mqspec/dist/cli/mqspec.js');
  }, 600_000);

  it('ships what users need (with the counterexamples the matrix replays) and none of the repository\'s tests, sources or real-client findings', () => {
    const installed = join(project, 'node_modules/mqspec');
    for (const needed of ['dist/cli/mqspec.js', 'dist/conformance/index.d.ts', 'conformance/expectations.json', 'counterexamples/kafka.group/KG-05-48eba81721c9.json', 'conformance/examples/rocketmq_filter_target.py', 'conformance/targets/kafka-python/kafka_python_target.py', 'schemas/counterexample.schema.json', 'docs/protocol.md']) {
      expect(existsSync(join(installed, needed)), needed).toBe(true);
    }
    for (const absent of ['counterexamples/real-clients', 'test', 'node_modules/kafkajs', 'model']) expect(existsSync(join(installed, absent)), absent).toBe(false);
    expect(existsSync(join(project, 'node_modules/kafkajs'))).toBe(false);
  });

  it('mqspec --help, list and targets work; a bundled target whose library is missing says how to install it and exits 2', () => {
    expect(succeeded(mqspec('--help'), '--help')).toContain('Usage: mqspec');
    expect(succeeded(mqspec('list'), 'list')).toContain('RF-H1');
    expect(succeeded(mqspec('targets'), 'targets')).toContain('not installed (npm i -D kafkajs@2.2.4)');
    const missing = mqspec('check', '--target', 'kafkajs-round-robin');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('npm i -D kafkajs@2.2.4');
  });

  it('check, explore and report run on the model, and the corpus goes into the project, not into the package', () => {
    const shipped = (): string[] => readdirSync(join(project, 'node_modules/mqspec/counterexamples'), { recursive: true, encoding: 'utf8' }).sort();
    const before = shipped();
    succeeded(mqspec('check', '--system', 'rocketmq.filter'), 'check');
    expect(readdirSync(join(project, 'counterexamples/rocketmq.filter')).some((f) => f.startsWith('RF-H'))).toBe(true);
    expect(shipped()).toEqual(before);
    succeeded(mqspec('explore', '--system', 'rocketmq.filter', '--time', '20'), 'explore');
    succeeded(mqspec('report', '--out', 'reports'), 'report');
    expect(existsSync(join(project, 'reports/index.html'))).toBe(true);
  });

  it('check --target with a module and with --exec; a counterexample replays by FILE and by its rerun line', () => {
    writeFileSync(join(project, 'wrong-target.mjs'), wrongModule);
    const wrong = mqspec('check', '--target', './wrong-target.mjs', '--property', 'RF-AGREE', '--runs', '50');
    expect(wrong.status, wrong.stderr).toBe(1);
    const saved = /saved: +(\S+)/.exec(wrong.stdout)?.[1];
    expect(saved, wrong.stdout).toBeDefined();
    expect(succeeded(mqspec('replay', saved ?? ''), 'replay')).toContain('replay as expected');
    const rerun = /rerun: +mqspec (.+)/.exec(wrong.stdout)?.[1]?.split(' ') ?? [];
    expect(rerun.slice(0, 3)).toEqual(['check', '--target', './wrong-target.mjs']);
    expect(mqspec(...rerun).stdout).toContain('regression: the stored counterexample');

    const example = 'node_modules/mqspec/conformance/examples/rocketmq_filter_target.py';
    expect(succeeded(mqspec('check', '--exec', `python3 ${example}`, '--runs', '30'), '--exec')).toContain('agrees with the model');
    expect(succeeded(mqspec('check', '--target', 'python-rocketmq-filter', '--runs', '20'), 'bundled protocol target')).toContain('agrees with the model');
    succeeded(mqspec('check', '--matrix', '--system', 'rocketmq.filter'), 'check --matrix');
  });

  it('a Python target that implements only AVG allocation passes; one that lies about it fails, and its rerun line reproduces it', () => {
    // As docs/protocol.md tells users: copy the example next to their project and check it.
    for (const file of ['rocketmq_avg_target.py', 'rocketmq_avg_liar_target.py']) copyFileSync(join(project, 'node_modules/mqspec/conformance/examples', file), join(project, file));
    const honest = succeeded(mqspec('check', '--exec', 'python3 rocketmq_avg_target.py', '--runs', '40'), 'AVG target');
    expect(honest).toContain('agrees with the model: 7 passed, 0 failed, 1 not applicable');
    const liar = mqspec('check', '--exec', 'python3 rocketmq_avg_liar_target.py', '--property', 'RA-03', '--runs', '100');
    expect(liar.status, liar.stderr).toBe(1);
    expect(liar.stdout).toContain('RA-03 (invariant, rocketmq.allocate) violated at step 0 of 1');
    const rerun = /rerun: +mqspec (.+)/.exec(liar.stdout)?.[1];
    expect(rerun, liar.stdout).toBeDefined();
    const again = run(project, 'sh', ['-c', `"${process.execPath}" "${bin}" ${rerun ?? ''}`]);
    expect(again.status).toBe(1);
    expect(again.stdout).toContain('regression: the stored counterexample');
  });

  it('Ctrl-C to the installed mqspec while a target hangs leaves none of the target\'s processes behind', async () => {
    const outcome = await signalDuringHungTarget([bin], project, 'SIGINT');
    expect(outcome.targetStarted).toBe(true);
    expect(outcome.leftAlive).toEqual([]);
  }, 60_000);

  it('the library API imports from an ES module; a strict TypeScript vitest file embedding checkTarget and every TypeScript block of the docs compile and run', () => {
    const script = 'import { assertConforms, checkTarget, systems } from "mqspec"; if (typeof assertConforms !== "function" || typeof checkTarget !== "function" || !systems.has("kafka.consumer")) process.exit(1);';
    succeeded(run(project, process.execPath, ['--input-type=module', '-e', script]), 'ESM import');

    writeFileSync(join(project, 'embed.test.ts'), embeddedTest);
    // Every TypeScript block of the README and docs/, as a user copies it: compiled under --strict and run.
    const docBlocks = docCodeBlocks().filter((b) => b.lang === 'ts');
    expect(docBlocks.length).toBeGreaterThan(0);
    const docFiles = docBlocks.map((block, i) => {
      const name = `doc-block-${i}.test.ts`;
      writeFileSync(join(project, name), `// ${block.file}:${block.line}\n${block.body}`);
      return name;
    });
    const tsconfig = { compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [] }, include: ['embed.test.ts', ...docFiles] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2) + '\n');
    // The user's own devDependency, here the repository's copy: vitest resolves its own dependencies from its real path.
    symlinkSync(join(repository, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir');
    succeeded(run(project, process.execPath, [join(repository, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']), 'tsc --strict');
    const vitest = run(project, process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--root', project]);
    expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0);
    expect(vitest.stdout).toMatch(new RegExp(`Test Files +${1 + docFiles.length} passed`));
  });
});
