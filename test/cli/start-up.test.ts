/**
 * The bin loads what a verb needs and no more (cli/lazy-verbs.ts): `mqspec --help` starts without the model, the
 * property catalog or any target, which is what keeps it fast (the figures are in reports/bench.md, `npm run bench`).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** A module hook that reports every module URL loaded, on stderr at exit, one per line after a marker. */
const recordLoads = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
port1.unref();
register('data:text/javascript,' + encodeURIComponent('let port; export function initialize(data) { port = data.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }'), { data: { port: port2 }, transferList: [port2] });
process.on('exit', () => process.stderr.write('loaded:\\n' + loaded.join('\\n') + '\\n'));
`)}`;

/** The repository modules `mqspec …args` loads (paths from the repository root). */
function modulesLoadedBy(...args: string[]): { status: number | null; stdout: string; modules: string[] } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', recordLoads, 'cli/mqspec.ts', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const urls = run.stderr.split('loaded:\n')[1]?.split('\n') ?? [];
  const root = new URL('../../', import.meta.url).href;
  return { status: run.status, stdout: run.stdout, modules: urls.filter((url) => url.startsWith(root) && !url.includes('/node_modules/')).map((url) => url.slice(root.length)) };
}

describe('mqspec start-up', () => {
  it('prints the help without loading the model, the catalog or any target', () => {
    const run = modulesLoadedBy('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: mqspec');
    expect(run.modules).toContain('cli/program-definition.ts');
    expect(run.modules.filter((path) => /^(model|properties|conformance|real|reports)\//.test(path))).toEqual([]);
  });

  it('loads the model and the catalog once a verb needs them', () => {
    const run = modulesLoadedBy('list', '--json');
    expect(run.status).toBe(0);
    expect(run.modules).toContain('model/systems.ts');
    expect(run.modules).toContain('properties/catalog.ts');
  });
});
