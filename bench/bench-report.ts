/**
 * `npm run bench` (second part): measures, in one run so the ratios hold on a noisy machine, and writes
 * `reports/bench.json` and `reports/bench.md` (with `reports/bench-growth.svg`):
 *
 * - per system, model steps/s with and without `observe` after every step;
 * - the explorer's distinct states/s and transitions/s on each system's default scope (its first 50,000 transitions,
 *   repeated for a CPU second), and transitions/s ÷ raw steps/s, also when checking no property;
 * - states with and without symmetry reduction (rocketmq.group under BROADCASTING, two clients);
 * - how states and time grow with the scope (rocketmq.group, 1–3 clients × 1–4 queues, a fixed depth);
 * - per hazard, the median time to find and shrink over ten seeds, the shrunk lengths and the explorer's shortest;
 * - per hazard and bug-zoo entry, the generated runs before the first failure over twenty seeds (bench/runs-to-find.ts);
 * - the whole test suite's wall time (`--suite`; slow, so off by default).
 *
 * Each figure with a goal (issue 24) is shown beside its goal and the previous run's value, read from the
 * reports/bench.json this run replaces; the run exits 1 on a regression against those figures (bench/regressions.ts).
 *
 * Options: `--quick` (fewer seeds and a smaller grid, for a smoke run; never compared), `--suite`, `--systems` (only
 * the throughput table, printed, nothing written), `--no-gate` (write the figures, do not fail on regressions).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import { checkProperty } from '../properties/check-property.js';
import { defineExploration, type AnyExploration } from '../properties/explore/exploration.js';
import type { Property } from '../properties/property.js';
import { explore, type ExploreResult } from '../properties/explore/explore.js';
import { explorations } from '../properties/explore/explorations.js';
import { rocketmqGroupExploration, rocketmqGroupExplorationScope } from '../properties/rocketmq/group/exploration-scopes.js';
import { HAZARD_SEEDS, median } from './hazard-search.js';
import { hazardReach, lengthsMarkdown, reachMarkdown, REACH_SEEDS, scenarioLengths, zooReach, type LengthFigure, type ReachFigure } from './runs-to-find.js';
import { measureStartup, startupMarkdown, type StartupFigures } from './cli-startup.js';
import { comparable, HAZARD_NOISE_MS, HAZARD_SLOWDOWN, previousFigures, regressions, type GateFigures, type HazardFigure } from './regressions.js';

const quick = process.argv.includes('--quick');
const withSuite = process.argv.includes('--suite');
const systemsOnly = process.argv.includes('--systems');
/** `--no-gate` (or MQSPEC_BENCH_NO_GATE=1): write the figures but do not fail on regressions. */
const gated = !process.argv.includes('--no-gate') && process.env.MQSPEC_BENCH_NO_GATE !== '1';

/** Goals of issue 24, shown beside the figures. */
const HAZARD_GOAL_MS = 100;
const STATES_RATIO_GOAL = 0.25;
const WORKERS_GOAL = 1.8;
const met = (ok: boolean): string => (ok ? 'yes' : 'no');

/**
 * CPU seconds used by this process since `from`: the throughput figures divide by CPU time, not wall time, so
 * other processes on a shared machine do not move them (and their ratios compare like with like).
 */
function cpuSeconds(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

/** Steps per CPU second over generated scenarios for about `ms` ms of CPU, with or without observing after every step. */
function stepsPerSecond(model: AnySystemModel, scenarios: readonly Scenario[], observe: boolean, ms: number): number {
  const pass = (): number => {
    let steps = 0;
    for (const s of scenarios) {
      let state = model.init(s.setup);
      for (const command of s.commands) {
        state = model.step(state, command).state;
        if (observe) model.observe(state);
        steps++;
      }
    }
    return steps;
  };
  // Warm up until the JIT has settled (a few passes), then measure.
  const warm = process.cpuUsage();
  while (cpuSeconds(warm) < ms / 2000) pass();
  let steps = 0;
  const started = process.cpuUsage();
  while (cpuSeconds(started) < ms / 1000) steps += pass();
  return steps / cpuSeconds(started);
}

interface SystemFigures {
  readonly system: string;
  readonly stepsPerSecond: number;
  readonly stepsWithObservePerSecond: number;
  readonly explorer: { readonly scope: string; readonly states: number; readonly transitions: number; readonly searches: number; readonly seconds: number; readonly statesPerSecond: number; readonly transitionsPerSecond: number; readonly ratioToRawSteps: number; readonly statesRatioToRawSteps: number; readonly properties: number; readonly uncheckedTransitionsPerSecond: number; readonly uncheckedRatioToRawSteps: number };
}

function systemFigures(model: AnySystemModel): SystemFigures {
  const property = catalog.find((p) => p.system === model.id && p.kind === 'invariant');
  const scenarios = property === undefined ? [] : fc.sample(property.scenarios, { numRuns: quick ? 200 : 1000, seed: 1 });
  const raw = stepsPerSecond(model, scenarios, false, quick ? 300 : 1000);
  const observed = stepsPerSecond(model, scenarios, true, quick ? 300 : 1000);
  const exploration = explorations.get(model.id);
  if (exploration === undefined) throw new Error(`no exploration for ${model.id}`);
  const properties = catalog.filter((p) => p.system === model.id);
  const timed = searchThroughput(model, exploration, properties);
  // The same search checking nothing: what stepping, observing and fingerprinting cost without the properties.
  const unchecked = searchThroughput(model, exploration, []);
  const { result, searches, states, transitions, seconds } = timed;
  return {
    system: model.id,
    stepsPerSecond: Math.round(raw),
    stepsWithObservePerSecond: Math.round(observed),
    explorer: {
      scope: SCOPE,
      states: result.states,
      transitions: result.transitions,
      searches,
      seconds: round(seconds),
      statesPerSecond: Math.round(states / seconds),
      transitionsPerSecond: Math.round(transitions / seconds),
      ratioToRawSteps: round(transitions / seconds / raw),
      statesRatioToRawSteps: round(states / seconds / raw),
      properties: properties.length,
      uncheckedTransitionsPerSecond: Math.round(unchecked.transitions / unchecked.seconds),
      uncheckedRatioToRawSteps: round(unchecked.transitions / unchecked.seconds / raw),
    },
  };
}

/**
 * The scope the explorer's throughput is measured on: the default one (what `explore` searches), cut after a fixed
 * number of transitions, so every system does a comparable amount of work in its first levels.
 */
const SCOPE = 'default';
const TRANSITIONS = quick ? 10_000 : 50_000;

/** The seeds each hazard is searched with: a quick run takes the first three, one reason it is never compared. */
const hazardSeeds = quick ? HAZARD_SEEDS.slice(0, 3) : HAZARD_SEEDS;

/**
 * Repeats the search for a fixed amount of CPU time, after warming the JIT up, as the raw steps are measured: one
 * cold search would mostly time the JIT and the setup.
 */
function searchThroughput(model: AnySystemModel, exploration: AnyExploration, properties: readonly Property[]) {
  const search = (): ExploreResult => explore({ model, exploration, scopeName: SCOPE, properties, transitionLimit: TRANSITIONS });
  const warm = process.cpuUsage();
  while (cpuSeconds(warm) < (quick ? 0.15 : 0.5)) search();
  let states = 0;
  let transitions = 0;
  let searches = 0;
  let result = search();
  const started = process.cpuUsage();
  do {
    result = search();
    states += result.states;
    transitions += result.transitions;
    searches++;
  } while (cpuSeconds(started) < (quick ? 0.3 : 1));
  return { result, searches, states, transitions, seconds: cpuSeconds(started) };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** A rocketmq.group scope of `clients` clients and `queues` queues on one broker, broadcasting or clustering. */
function groupScope(clients: number, queues: number, messageModel: 'CLUSTERING' | 'BROADCASTING', maxDepth: number) {
  return defineExploration({
    ...rocketmqGroupExploration,
    system: 'rocketmq.group',
    scopes: {
      small: rocketmqGroupExplorationScope('grid', {
        clients: ['c1', 'c2', 'c3'].slice(0, clients),
        brokers: ['broker-a'],
        topics: { T1: queues },
        variants: [{ strategy: { name: 'AVG' }, messageModel, consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' }],
        startWith: [{ T1: 'TagA' }, { T1: '*' }],
        expressions: [],
        tags: ['TagA'],
        maxMessages: 1,
        unsubscribe: false,
        shutdown: false,
        maxDepth,
      }),
      default: rocketmqGroupExploration.scopes.default,
    } as never,
  });
}

function exploreGroup(clients: number, queues: number, messageModel: 'CLUSTERING' | 'BROADCASTING', depth: number, symmetry: boolean): ExploreResult {
  const model = systems.get('rocketmq.group');
  if (model === undefined) throw new Error('no rocketmq.group');
  return explore({
    model,
    exploration: groupScope(clients, queues, messageModel, depth),
    scopeName: 'small',
    symmetry,
    properties: catalog.filter((p) => p.system === 'rocketmq.group'),
    timeLimitMs: 120_000,
  });
}

/** A hazard's figures: what the gate reads, and the spread of the shrunk lengths for the report. */
interface HazardFigures extends HazardFigure {
  readonly shrunkMin: number;
  readonly shrunkMax: number;
  /** The explorer's shortest in the system's default scope (depth-bounded), when it holds one. */
  readonly shortest?: number;
}

function hazardFigures(shortest: ReadonlyMap<string, number>): HazardFigures[] {
  return catalog
    .filter((p) => p.kind === 'hazard')
    .map((hazard) => {
      process.stderr.write(`bench: ${hazard.id} over ${hazardSeeds.length} seeds…\n`);
      const results = hazardSeeds.map((seed) => checkProperty(hazard, { seed }));
      const lengths = results.filter((r) => r.status === 'found').map((r) => r.counterexample?.length ?? 0);
      const best = shortest.get(hazard.id);
      return {
        id: hazard.id,
        found: lengths.length,
        seeds: hazardSeeds.length,
        medianMilliseconds: Math.round(median(results.map((r) => r.milliseconds))),
        shrunkMedian: median(lengths),
        shrunkMin: Math.min(...lengths),
        shrunkMax: Math.max(...lengths),
        ...(best === undefined ? {} : { shortest: best }),
      };
    });
}

/** The explorer's shortest hazard counterexamples over every scope of every system (hazard checks only). */
function shortestHazards(): Map<string, number> {
  const shortest = new Map<string, number>();
  for (const [system, exploration] of explorations) {
    const model = systems.get(system);
    if (model === undefined) continue;
    for (const scopeName of Object.keys(exploration.scopes)) {
      process.stderr.write(`bench: exploring ${system} scope ${scopeName} for hazards…\n`);
      const properties = catalog.filter((p) => p.system === system && p.kind === 'hazard');
      const result = explore({ model, exploration, scopeName, properties, timeLimitMs: quick ? 20_000 : 120_000 });
      for (const f of result.findings) if ((shortest.get(f.id) ?? Infinity) > f.length) shortest.set(f.id, f.length);
    }
  }
  return shortest;
}

/** Wall seconds of one `mqspec` run (the build in dist/ when there is one, else from sources), output discarded. */
function cliSeconds(args: readonly string[]): number {
  const started = performance.now();
  const [command, ...prefix] = existsSync('dist/cli/mqspec.js') ? ['node', 'dist/cli/mqspec.js'] : ['npx', 'tsx', 'cli/mqspec.ts'];
  const run = spawnSync(command ?? 'node', [...prefix, ...args], { stdio: 'ignore' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`bench: mqspec ${args.join(' ')} exited ${String(run.status)}`);
  return round((performance.now() - started) / 1000);
}

/** `--workers 1` against `--workers 2` for `check` (the whole catalog) and `explore` (a scope of several setups). */
function workerSpeedUp(): { check: { one: number; two: number; speedUp: number }; explore: { one: number; two: number; speedUp: number } } {
  process.stderr.write('bench: --workers 1 vs 2…\n');
  const check = (n: number): number => cliSeconds(['check', '--no-save', '--workers', String(n), ...(quick ? ['--runs', '50'] : [])]);
  const exploreRun = (n: number): number => cliSeconds(['explore', '--system', 'kafka.consumer', '--scope', 'two-topics', '--depth', quick ? '3' : '5', '--no-save', '--workers', String(n)]);
  const c1 = check(1);
  const c2 = check(2);
  const e1 = exploreRun(1);
  const e2 = exploreRun(2);
  return { check: { one: c1, two: c2, speedUp: round(c1 / c2) }, explore: { one: e1, two: e2, speedUp: round(e1 / e2) } };
}

function suiteSeconds(): number | undefined {
  if (!withSuite) return undefined;
  process.stderr.write('bench: running the whole test suite (vitest run --maxWorkers=1)…\n');
  const started = performance.now();
  spawnSync('npx', ['vitest', 'run', '--maxWorkers=1'], { stdio: 'ignore' });
  return round((performance.now() - started) / 1000);
}

/** A line chart of states against queues, one line per client count. */
function growthSvg(grid: readonly { clients: number; queues: number; states: number }[]): string {
  const width = 480;
  const height = 260;
  const maxStates = Math.max(...grid.map((g) => g.states), 1);
  const maxQueues = Math.max(...grid.map((g) => g.queues), 1);
  const x = (q: number): number => 50 + ((q - 1) / Math.max(maxQueues - 1, 1)) * (width - 80);
  const y = (s: number): number => height - 30 - (Math.log10(s) / Math.log10(maxStates * 1.2)) * (height - 60);
  const colors = ['#1f77b4', '#ff7f0e', '#2ca02c'];
  const lines = [1, 2, 3].map((c, i) => {
    const points = grid.filter((g) => g.clients === c).map((g) => `${x(g.queues).toFixed(1)},${y(g.states).toFixed(1)}`);
    return points.length === 0 ? '' : `<polyline fill="none" stroke="${colors[i]}" stroke-width="2" points="${points.join(' ')}"/><text x="${width - 25}" y="${20 + i * 16}" fill="${colors[i]}" font-size="12">${c} client${c > 1 ? 's' : ''}</text>`;
  });
  const ticks = grid.filter((g) => g.clients === 1).map((g) => `<text x="${x(g.queues)}" y="${height - 10}" font-size="11" text-anchor="middle">${g.queues}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif"><text x="10" y="16" font-size="12">distinct states (log scale) by queues, rocketmq.group</text><line x1="50" y1="${height - 30}" x2="${width - 30}" y2="${height - 30}" stroke="#888"/>${ticks.join('')}${lines.join('')}</svg>\n`;
}

const thousands = (x: number): string => x.toLocaleString('en-US');

/** The model and explorer throughput table, one row per system. */
function throughputTable(systems: readonly SystemFigures[]): string[] {
  const n = thousands;
  return [
    `| system | steps/s | steps/s with observe | explorer states (default scope, first ${thousands(TRANSITIONS)} transitions) | searches timed | states/s | transitions/s | states/s ÷ steps/s | transitions/s ÷ steps/s | properties checked | transitions/s checking none | ÷ steps/s |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...systems.map((s) => `| ${s.system} | ${n(s.stepsPerSecond)} | ${n(s.stepsWithObservePerSecond)} | ${n(s.explorer.states)} | ${s.explorer.searches} | ${n(s.explorer.statesPerSecond)} | ${n(s.explorer.transitionsPerSecond)} | ${s.explorer.statesRatioToRawSteps} | ${s.explorer.ratioToRawSteps} | ${s.explorer.properties} | ${n(s.explorer.uncheckedTransitionsPerSecond)} | ${s.explorer.uncheckedRatioToRawSteps} |`),
  ];
}

function main(): void {
  const perSystem = [...systems.values()].map((model) => {
    process.stderr.write(`bench: ${model.id} steps and small scope…\n`);
    return systemFigures(model);
  });
  if (systemsOnly) {
    // Only the throughput table, printed and not written: for measuring a change to the model or the explorer.
    process.stdout.write(`${throughputTable(perSystem).join('\n')}\n`);
    return;
  }
  const depth = quick ? 3 : 4;
  process.stderr.write('bench: symmetry…\n');
  const withSymmetry = exploreGroup(2, 2, 'BROADCASTING', depth, true);
  const withoutSymmetry = exploreGroup(2, 2, 'BROADCASTING', depth, false);
  const withSymmetry3 = exploreGroup(3, 1, 'BROADCASTING', depth, true);
  const withoutSymmetry3 = exploreGroup(3, 1, 'BROADCASTING', depth, false);
  const grid: { clients: number; queues: number; states: number; transitions: number; seconds: number; exhausted: boolean }[] = [];
  for (const clients of [1, 2, 3]) {
    for (const queues of quick ? [1, 2] : [1, 2, 3, 4]) {
      process.stderr.write(`bench: grid ${clients} clients × ${queues} queues…\n`);
      const r = exploreGroup(clients, queues, 'CLUSTERING', depth, true);
      grid.push({ clients, queues, states: r.states, transitions: r.transitions, seconds: round(r.milliseconds / 1000), exhausted: r.exhausted });
    }
  }
  const hazards = hazardFigures(shortestHazards());
  process.stderr.write('bench: runs to find each hazard and zoo entry…\n');
  const reachSeeds = quick ? REACH_SEEDS.slice(0, 5) : REACH_SEEDS;
  const reach = [...hazardReach(reachSeeds), ...zooReach(reachSeeds)];
  const lengths = scenarioLengths();
  const workers = workerSpeedUp();
  const suite = suiteSeconds();
  process.stderr.write('bench: command-line start-up…\n');
  const startup = measureStartup();
  const document = {
    generated: 'npm run bench',
    node: process.version,
    quick,
    systems: perSystem,
    symmetry: [
      { scope: `rocketmq.group BROADCASTING, 2 clients, 2 queues, depth ${depth}`, with: withSymmetry.states, without: withoutSymmetry.states, ratio: round(withoutSymmetry.states / withSymmetry.states) },
      { scope: `rocketmq.group BROADCASTING, 3 clients, 1 queue, depth ${depth}`, with: withSymmetry3.states, without: withoutSymmetry3.states, ratio: round(withoutSymmetry3.states / withSymmetry3.states) },
    ],
    growth: { scope: `rocketmq.group CLUSTERING AVG, one topic, depth ${depth}`, grid },
    hazards,
    reach,
    lengths,
    workers,
    startup,
    ...(suite === undefined ? {} : { suiteSeconds: suite }),
  };
  const previous = previousFigures(existsSync('reports/bench.json') ? readFileSync('reports/bench.json', 'utf8') : undefined);
  const found = typeof previous === 'string' ? [] : regressions(previous, document);
  const text = markdown(document, previous, found);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/bench.json', JSON.stringify(document, null, 2) + '\n');
  writeFileSync('reports/bench-growth.svg', growthSvg(grid));
  writeFileSync('reports/bench.md', text);
  process.stdout.write(text);
  for (const line of found) process.stderr.write(`bench: regression: ${line}\n`);
  process.stderr.write(`bench: ${gateVerdict(previous, found)}\n`);
  if (found.length > 0 && gated) process.exitCode = 1;
}

/** The gate's verdict in one line, for stderr and for bench.md. */
function gateVerdict(previous: GateFigures | string, found: readonly string[]): string {
  // Quick first: with fewer seeds and shorter searches there is nothing fair to compare, whatever the previous file.
  if (quick) return `not compared, and no previous values shown: a --quick run (${hazardSeeds.length} seeds per hazard, shorter searches) measures other work, so the regression gate is off`;
  if (typeof previous === 'string') return `${previous}, so nothing was compared`;
  if (!comparable(previous, { quick })) return 'not compared, and no previous values shown: the previous reports/bench.json is from a --quick run';
  if (found.length === 0) return 'no regression against the previous reports/bench.json';
  return `${found.length} regression(s) against the previous reports/bench.json${gated ? '' : ' (not failing: --no-gate or MQSPEC_BENCH_NO_GATE=1)'}`;
}

/** Whether a worker run meets the goal, or that it is too short to judge (the goal is for runs over 10 s). */
function workerGoal(run: { one: number; speedUp: number }): string {
  return run.one <= 10 ? 'too short to judge' : met(run.speedUp >= WORKERS_GOAL);
}

/** The previous run's figure of one item, or a dash. */
function was(value: number | undefined, unit = ''): string {
  return value === undefined ? '—' : `${thousands(value)}${unit}`;
}

function markdown(d: {
  systems: SystemFigures[];
  symmetry: { scope: string; with: number; without: number; ratio: number }[];
  growth: { scope: string; grid: { clients: number; queues: number; states: number; transitions: number; seconds: number }[] };
  hazards: HazardFigures[];
  reach: ReachFigure[];
  lengths: LengthFigure[];
  workers: { check: { one: number; two: number; speedUp: number }; explore: { one: number; two: number; speedUp: number } };
  startup: StartupFigures;
  suiteSeconds?: number;
  node: string;
  quick: boolean;
}, previous: GateFigures | string, found: readonly string[]): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  // A quick run's figures measure other work (fewer seeds, shorter searches): the previous column stays empty then.
  const before = typeof previous === 'string' || !comparable(previous, d) ? undefined : previous;
  const hazardBefore = new Map(before?.hazards.map((h) => [h.id, h]) ?? []);
  const systemBefore = new Map(before?.systems.map((s) => [s.system, s.explorer]) ?? []);
  const gate = [`Regression gate: ${gateVerdict(previous, found)}.`, ...(found.length === 0 ? [] : ['', ...found.map((f) => `- ${f}`)])].join('\n');
  const ratios = d.systems.map((s) => `| ${s.system} | ${s.explorer.statesRatioToRawSteps} | ${was(systemBefore.get(s.system)?.statesRatioToRawSteps)} | ≥ ${STATES_RATIO_GOAL} | ${met(s.explorer.statesRatioToRawSteps >= STATES_RATIO_GOAL)} |`);
  const grid = d.growth.grid.map((g) => `| ${g.clients} | ${g.queues} | ${n(g.states)} | ${n(g.transitions)} | ${g.seconds} |`);
  const hazards = d.hazards.map(
    (h) =>
      `| ${h.id} | ${h.found}/${h.seeds} | ${n(h.medianMilliseconds)} | ${was(hazardBefore.get(h.id)?.medianMilliseconds)} | ${h.found === 0 ? '—' : `${h.shrunkMedian} (${h.shrunkMin}–${h.shrunkMax})`} | ${h.shortest ?? '—'} | ${met(h.found === h.seeds && h.medianMilliseconds < HAZARD_GOAL_MS && h.shrunkMedian === h.shortest)} |`,
  );
  const workersBefore = before?.workers;
  return [
    '# Benchmarks',
    '',
    `Generated by \`npm run bench\` (one run, Node ${d.node}${d.quick ? ', --quick' : ''}). Throughput is per CPU second of this process, so the load of a shared machine moves it little; times in the other tables are wall time.`,
    '',
    gate,
    '',
    `The bench exits 1 on a regression against the committed figures: a hazard's median find + shrink more than ${HAZARD_SLOWDOWN}× the previous median and more than ${HAZARD_NOISE_MS} ms slower (both, so 1 ms → 3 ms on a trivial hazard is noise), a hazard found on fewer seeds or shrunk to a longer median, or an explorer's states/s or transitions/s per CPU second below half the previous (\`--no-gate\` or \`MQSPEC_BENCH_NO_GATE=1\` turns it off; a \`--quick\` run is never compared, nor compared against).`,
    '',
    '## Model and explorer throughput',
    '',
    ...throughputTable(d.systems),
    '',
    `Goal: the explorer's distinct states/s at least ${STATES_RATIO_GOAL}× the raw step rate on every system.`,
    '',
    '| system | states/s ÷ steps/s | previous | goal | met |',
    '|---|---:|---:|---:|---|',
    ...ratios,
    '',
    '## Symmetry reduction',
    '',
    'Renaming two clients maps a state to at most one other, so two clients can at most halve the states (states symmetric in both count once); three clients allow up to 6×.',
    '',
    ...d.symmetry.map((x) => `- ${x.scope}: ${n(x.without)} states without, ${n(x.with)} with (${x.ratio}× fewer).`),
    '',
    `## Growth with the scope\n\n${d.growth.scope}.\n\n![states by queues](bench-growth.svg)\n`,
    '| clients | queues | states | transitions | seconds |',
    '|---:|---:|---:|---:|---:|',
    ...grid,
    '',
    '## Hazards: generation and shrinking vs. exhaustive search',
    '',
    `Goal: every hazard found on every seed, its median find + shrink under ${HAZARD_GOAL_MS} ms, shrunk to the explorer's shortest.`,
    '',
    '| hazard | found | median ms to find + shrink | previous | shrunk length median (min–max) | explorer shortest | goal met |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...hazards,
    '',
    ...reachMarkdown(d.reach),
    ...lengthsMarkdown(d.lengths),
    '## Worker threads',
    '',
    'Wall seconds from the command line (`dist/` when built; startup included). The machine is shared: the speed-up is what the other processes left.',
    '',
    `Goal: --workers 2 at least ${WORKERS_GOAL}× on a run over 10 s (runs shorter than that are shown, not judged).`,
    '',
    '| run | --workers 1 | --workers 2 | speed-up | previous | goal met |',
    '|---|---:|---:|---:|---:|---|',
    `| \`mqspec check --no-save\` (whole catalog) | ${d.workers.check.one} | ${d.workers.check.two} | ${d.workers.check.speedUp}× | ${was(workersBefore?.check.speedUp, '×')} | ${workerGoal(d.workers.check)} |`,
    `| \`mqspec explore --system kafka.consumer --scope two-topics\` (4 setups) | ${d.workers.explore.one} | ${d.workers.explore.two} | ${d.workers.explore.speedUp}× | ${was(workersBefore?.explore.speedUp, '×')} | ${workerGoal(d.workers.explore)} |`,
    '',
    ...startupMarkdown(d.startup),
    d.suiteSeconds === undefined ? 'Whole test suite: not measured in this run (`npm run bench -- --suite`).' : `Whole test suite (\`vitest run --maxWorkers=1\`): ${d.suiteSeconds} s.`,
    '',
  ].join('\n');
}

main();
