/**
 * How long the built `mqspec` takes to start (dist/cli/mqspec.js, as users run it; `npm run bench` builds first).
 * Each figure is the median of several runs, in wall and CPU time (user + system of the process and its threads, from
 * bash's `time`), so that a loaded machine moves the CPU figure little:
 *
 * - `mqspec --help`: the whole command;
 * - `mqspec check --system rocketmq.filter` start-up: the time to the first property's line minus the checking time
 *   that line reports (`✓ RF-01 held (200 runs, 61 ms)`), i.e. from the process's start to the first property's
 *   start, on one thread (`--workers 1`, so that lines come as properties finish); its CPU is that of the same command
 *   with one run of one property (`--property RF-01 --runs 1`), where the checking work is next to nothing.
 *
 * Rerun by hand: `npm run build && bash -c 'time node dist/cli/mqspec.js --help'`, and
 * `node dist/cli/mqspec.js check --system rocketmq.filter --workers 1 --no-save` (the first line's time minus its ms).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { BenchEntry } from './bench-entry.js';

/** The built bin. */
const bin = 'dist/cli/mqspec.js';

/** Runs per figure (the median is kept). */
const RUNS = 5;

/** One measured start-up: wall and CPU milliseconds. */
export interface StartupFigure {
  readonly command: string;
  readonly wallMilliseconds: number;
  readonly cpuMilliseconds: number;
}

/** The CLI's start-up figures. */
export interface StartupFigures {
  readonly help: StartupFigure;
  readonly check: StartupFigure;
}

/** The median of some numbers. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Fails with what to do when there is no build to measure. */
function requireBuild(): void {
  if (!existsSync(bin)) throw new Error(`bench: ${bin} is missing (npm run build)`);
}

/** Wall and CPU milliseconds of one run of `node dist/cli/mqspec.js …args`, from bash's `time`. */
function timed(args: readonly string[]): { wall: number; cpu: number } {
  const quoted = [process.execPath, bin, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time (${quoted} >/dev/null 2>&1)`], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const [wall, user, system] = (run.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  if (wall === undefined || user === undefined || system === undefined || [wall, user, system].some(Number.isNaN)) throw new Error(`bench: cannot time mqspec ${args.join(' ')}: ${run.stderr}`);
  return { wall: wall * 1000, cpu: (user + system) * 1000 };
}

/**
 * A small program that starts `node <bin> …args`, waits for the first property's line, and prints the milliseconds
 * from the start to that line minus the checking time the line reports (run through spawnSync, so the bench stays
 * synchronous; its own start-up is not counted, since it starts the clock when it starts the bin).
 */
const firstPropertyWatcher = String.raw`
const { spawn } = require('node:child_process');
const [bin, ...args] = process.argv.slice(1);
const started = performance.now();
const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
let text = '';
let done = false;
child.stdout.on('data', (chunk) => {
  text += chunk;
  const line = /^.*\((?:\d+ runs?, )?(\d+) ms\)$/m.exec(text);
  if (done || line === null) return;
  done = true;
  process.stdout.write(String(performance.now() - started - Number(line[1])));
  child.kill();
});
child.on('exit', () => { if (!done) process.exitCode = 1; });
`;

/** Milliseconds from the start of `mqspec …args` to its first property's start (see firstPropertyWatcher). */
function untilFirstProperty(args: readonly string[]): number {
  const run = spawnSync(process.execPath, ['-e', firstPropertyWatcher, bin, ...args], { encoding: 'utf8' });
  const milliseconds = Number(run.stdout);
  if (run.status !== 0 || Number.isNaN(milliseconds)) throw new Error(`bench: mqspec ${args.join(' ')} printed no property line`);
  return milliseconds;
}

/** Measures `mqspec --help` and `mqspec check --system rocketmq.filter`'s start-up. */
export function measureStartup(): StartupFigures {
  requireBuild();
  const help = Array.from({ length: RUNS }, () => timed(['--help']));
  const checkArgs = ['check', '--system', 'rocketmq.filter', '--workers', '1', '--no-save'];
  const firstLines = Array.from({ length: RUNS }, () => untilFirstProperty(checkArgs));
  const checkCpu = Array.from({ length: RUNS }, () => timed([...checkArgs, '--property', 'RF-01', '--runs', '1']).cpu);
  return {
    help: { command: 'mqspec --help', wallMilliseconds: Math.round(median(help.map((h) => h.wall))), cpuMilliseconds: Math.round(median(help.map((h) => h.cpu))) },
    check: { command: 'mqspec check --system rocketmq.filter', wallMilliseconds: Math.round(median(firstLines)), cpuMilliseconds: Math.round(median(checkCpu)) },
  };
}

/** The figures as a Markdown section of reports/bench.md. */
export function startupMarkdown(figures: StartupFigures): string[] {
  return [
    '## Command-line start-up',
    '',
    `Built bin (\`node ${bin}\`), median of ${RUNS} runs; CPU is user + system time of the process and its threads. \`check\` start-up is the time to the first property's line minus the checking time the line reports (\`--workers 1\`); its CPU is the same command with one run of one property (\`--property RF-01 --runs 1\`). Aims: \`--help\` under 300 ms, \`check\` start-up under 1 s.`,
    '',
    '| command | wall ms | CPU ms |',
    '|---|---:|---:|',
    ...[figures.help, figures.check].map((f) => `| \`${f.command}\` | ${f.wallMilliseconds} | ${f.cpuMilliseconds} |`),
    '',
  ];
}

/** The bench entry: `check` start-up in wall milliseconds, the rest in the detail. */
export const startupEntry: BenchEntry = {
  name: 'cli start-up (mqspec check --system rocketmq.filter)',
  run: () => {
    const f = measureStartup();
    return {
      value: f.check.wallMilliseconds,
      unit: 'ms to the first property',
      detail: `CPU ${f.check.cpuMilliseconds} ms; mqspec --help ${f.help.wallMilliseconds} ms wall, ${f.help.cpuMilliseconds} ms CPU`,
    };
  },
};
