/**
 * How many generated scenarios the default generators need to find each hazard and catch each bug-zoo entry, over
 * twenty seeds (issue 25, item 6): a property's default number of runs is only enough when the first failing run
 * comes well inside it on (nearly) every seed. Generation only — the runs until the first failure under the check's
 * own per-property seed, no shrinking — so the figure is the generator's reach, not the search's speed.
 *
 * A zoo entry is checked as `check --target zoo:<id>` checks it: its properties in order (the differential one first),
 * each with its default runs; the entry counts as caught on a seed when one of them fails, and its runs are that
 * property's runs to the first failure.
 */
import fc from 'fast-check';
import { bugZoo } from '../conformance/bug-zoo/bugs.js';
import { zooTarget } from '../conformance/bug-zoo/zoo-targets.js';
import { lockstepSource } from '../conformance/lockstep.js';
import { targetProperties } from '../conformance/target-properties.js';
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import { propertySeed } from '../properties/check-property.js';
import type { Implementation, Property } from '../properties/property.js';
import { median } from './hazard-search.js';

/** The seeds: twenty, the issue's bar is found on at least 19. */
export const REACH_SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

/** The goal: found or caught on at least this many of the seeds. */
export const REACH_GOAL = 19;

/** The run (1-based) on which the property first fails under `seed`, or undefined when none of its default runs does. */
export function runsToFirstFailure(property: Property, seed: number, implementation?: Implementation): number | undefined {
  let runs = 0;
  let failedAt: number | undefined;
  const predicate = fc.property(property.scenarios, (scenario) => {
    runs++;
    const failed = property.evaluate(scenario, implementation).status === 'violated';
    if (failed) failedAt ??= runs;
    return !failed;
  });
  fc.check(predicate, { seed: propertySeed(seed, property.id), numRuns: property.runs, endOnFailure: true });
  return failedAt;
}

/** One hazard or zoo entry over the seeds. */
export interface ReachFigure {
  readonly id: string;
  readonly kind: 'hazard' | 'zoo';
  /** The default runs of the property (for a zoo entry, of the one that caught it most often). */
  readonly defaultRuns: number;
  readonly seeds: number;
  readonly found: number;
  /** Over the seeds that found it. */
  readonly medianRuns?: number;
  readonly maxRuns?: number;
}

function figure(id: string, kind: ReachFigure['kind'], defaultRuns: number, runs: readonly (number | undefined)[]): ReachFigure {
  const found = runs.filter((r): r is number => r !== undefined);
  return {
    id,
    kind,
    defaultRuns,
    seeds: runs.length,
    found: found.length,
    ...(found.length === 0 ? {} : { medianRuns: median(found), maxRuns: Math.max(...found) }),
  };
}

/** Every hazard of the catalog over the seeds. */
export function hazardReach(seeds: readonly number[] = REACH_SEEDS): ReachFigure[] {
  return catalog.filter((p) => p.kind === 'hazard').map((hazard) => figure(hazard.id, 'hazard', hazard.runs, seeds.map((seed) => runsToFirstFailure(hazard, seed))));
}

/** Every bug-zoo entry over the seeds, as `check --target zoo:<id>` runs it. */
export function zooReach(seeds: readonly number[] = REACH_SEEDS): ReachFigure[] {
  return bugZoo.map((bug) => {
    const target = zooTarget(bug);
    const declared = target.systems[0];
    const model = declared === undefined ? undefined : systems.get(declared.system);
    if (declared === undefined || model === undefined) throw new Error(`bench: zoo entry ${bug.id} has no modelled system`);
    const source = lockstepSource(target, declared, model);
    const properties = targetProperties(declared, model, catalog);
    const catcher = new Map<string, number>();
    const runs = seeds.map((seed) => {
      for (const property of properties) {
        const at = runsToFirstFailure(property, seed, source);
        if (at !== undefined) {
          catcher.set(property.id, (catcher.get(property.id) ?? 0) + 1);
          return at;
        }
      }
      return undefined;
    });
    const usual = [...catcher].sort((a, b) => b[1] - a[1])[0]?.[0];
    const defaultRuns = properties.find((p) => p.id === usual)?.runs ?? properties[0]?.runs ?? 0;
    return figure(bug.id, 'zoo', defaultRuns, runs);
  });
}

/** The figures as a Markdown section. */
export function reachMarkdown(figures: readonly ReachFigure[]): string[] {
  const row = (f: ReachFigure): string =>
    `| ${f.kind === 'zoo' ? `zoo:${f.id}` : f.id} | ${f.found}/${f.seeds} | ${f.medianRuns ?? '—'} | ${f.maxRuns ?? '—'} | ${f.defaultRuns} | ${f.seeds < REACH_SEEDS.length ? '—' : f.found >= REACH_GOAL ? 'yes' : 'no'} |`;
  const missed = figures.filter((f) => f.seeds === REACH_SEEDS.length && f.found < REACH_GOAL);
  return [
    '## Runs to find: the generators\' reach',
    '',
    `Generated scenarios until the first failure under each check's own seed, over seeds 1–${figures[0]?.seeds ?? REACH_SEEDS.length}, within the property's default runs (generation only, no shrinking). A zoo entry runs its properties as \`check --target zoo:<id>\` does and counts the first that fails. Goal: found on at least ${REACH_GOAL} of ${REACH_SEEDS.length} seeds (a \`--quick\` run takes 5, so it is not judged).`,
    '',
    missed.length === 0 ? `Every hazard and zoo entry meets it.` : `Below the goal: ${missed.map((f) => `${f.kind === 'zoo' ? 'zoo:' : ''}${f.id} (${f.found}/${f.seeds})`).join(', ')}.`,
    '',
    '| hazard or zoo entry | found | median runs | max runs | default runs | goal met |',
    '|---|---:|---:|---:|---:|---|',
    ...figures.map(row),
    '',
  ];
}

/** The lengths the generators really draw for a group of properties sharing one distribution. */
export interface LengthFigure {
  readonly system: string;
  readonly properties: readonly string[];
  readonly median: number;
  readonly p90: number;
  readonly max: number;
}

/**
 * Scenario lengths over 500 generated scenarios per property (seed 1), properties with the same distribution grouped:
 * fast-check's default size caps an array at about ten elements whatever its `maxLength`, so a generator can
 * promise long scenarios it never draws; this shows what each one reaches.
 */
export function scenarioLengths(samples = 500): LengthFigure[] {
  const groups = new Map<string, { system: string; properties: string[]; median: number; p90: number; max: number }>();
  for (const property of catalog) {
    const lengths = fc.sample(property.scenarios, { numRuns: samples, seed: 1 }).map((s) => s.commands.length).sort((a, b) => a - b);
    const at = (q: number): number => lengths[Math.min(lengths.length - 1, Math.floor(q * lengths.length))] ?? 0;
    const figure = { median: at(0.5), p90: at(0.9), max: lengths.at(-1) ?? 0 };
    const key = `${property.system} ${figure.median} ${figure.p90} ${figure.max}`;
    const group = groups.get(key) ?? { system: property.system, properties: [], ...figure };
    group.properties.push(property.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The lengths as a Markdown table. */
export function lengthsMarkdown(figures: readonly LengthFigure[]): string[] {
  return [
    'Scenario lengths the generators draw (500 scenarios per property, seed 1; properties with the same distribution on one line):',
    '',
    '| system | properties | median | 90th percentile | max |',
    '|---|---|---:|---:|---:|',
    ...figures.map((f) => `| ${f.system} | ${f.properties.join(', ')} | ${f.median} | ${f.p90} | ${f.max} |`),
    '',
  ];
}
