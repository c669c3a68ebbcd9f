import { describe, expect, it } from 'vitest';
import { systems } from '../../../model/systems.js';
import type { Command } from '../../../model/scenario.js';
import { runTrace } from '../../../model/trace.js';
import { catalog } from '../../../properties/catalog.js';
import type { AnyExploration } from '../../../properties/explore/exploration.js';
import { explore, mergeResults, type ExploreResult } from '../../../properties/explore/explore.js';
import { explorations } from '../../../properties/explore/explorations.js';
import type { Property, StepView } from '../../../properties/property.js';

const searched = new Map<string, ExploreResult>();

/** Explores a system's small scope with every property of the system (the whole scope once per file). */
function exploreSmall(system: string, options: { symmetry?: boolean; maxDepth?: number; setupIndexes?: number[] } = {}): ExploreResult {
  const whole = Object.keys(options).length === 0;
  const known = whole ? searched.get(system) : undefined;
  if (known !== undefined) return known;
  const result = search(system, options);
  if (whole) searched.set(system, result);
  return result;
}

function search(system: string, options: { symmetry?: boolean; maxDepth?: number; setupIndexes?: number[] }): ExploreResult {
  const model = systems.get(system);
  const exploration = explorations.get(system);
  if (model === undefined || exploration === undefined) throw new Error(`no exploration for ${system}`);
  return explore({ model, exploration, scopeName: 'small', properties: catalog.filter((p) => p.system === system), ...options });
}

/**
 * Every path of up to `depth` commands, without merging anything: the reference the explorer's merging must agree
 * with. Answers, per property, the length of its shortest violating path.
 */
function treeSearch(system: string, depth: number): Map<string, number> {
  const model = systems.get(system);
  const exploration = explorations.get(system) as AnyExploration;
  const scope = exploration.scopes.small;
  const shortest = new Map<string, number>();
  const visit = (setup: unknown, path: Command[], state: unknown): void => {
    if (path.length === depth || model === undefined) return;
    const properties = catalog.filter((p) => p.system === system && (exploration.applies?.(p.id, setup) ?? true));
    for (const command of scope.commands(state, setup)) {
      const next = [...path, command];
      const trace = runTrace(model, setup, next);
      const steps = trace.steps;
      const last = steps[steps.length - 1];
      if (last === undefined) continue;
      const view: StepView<unknown, Command, unknown> = { setup, ...last, history: steps };
      for (const p of properties as Property[]) {
        if ((shortest.get(p.id) ?? Infinity) > next.length && p.check?.(view) !== undefined) shortest.set(p.id, next.length);
      }
      visit(setup, next, model.step(state, command).state);
    }
  };
  for (const setup of scope.setups) if (model !== undefined) visit(setup, [], model.init(setup));
  return shortest;
}

describe('explore', () => {
  it.each(['kafka.consumer', 'kafka.group', 'rocketmq.allocate', 'rocketmq.filter', 'rocketmq.group'])(
    'searches the small scope of %s to its bound, checking every property, and every finding replays as a violation',
    (system) => {
      const result = exploreSmall(system);
      expect(result.states).toBeGreaterThan(1);
      expect(result.transitions).toBeGreaterThanOrEqual(result.states - result.setups.length);
      expect(result.exhausted || result.stopped === 'depth').toBe(true);
      for (const finding of result.findings) {
        const property = catalog.find((p) => p.id === finding.id);
        const evaluation = property?.evaluate(finding.scenario);
        expect(evaluation?.status, finding.id).toBe('violated');
        expect(finding.scenario.commands).toHaveLength(finding.length);
        if (evaluation?.status === 'violated') expect(evaluation.step).toBe(finding.length - 1);
      }
    },
  );

  it.each(['kafka.consumer', 'kafka.group', 'rocketmq.allocate'])('exhausts the small scope of %s: a level adds no new state before the bound', (system) => {
    const result = exploreSmall(system);
    expect(result.exhausted).toBe(true);
    expect(result.depthCompleted).toBeLessThan(30);
  });

  it.each(['kafka.consumer', 'kafka.group', 'rocketmq.allocate', 'rocketmq.filter', 'rocketmq.group'])('violates no invariant anywhere in the small scope of %s', (system) => {
    const violated = exploreSmall(system).findings.filter((f) => f.kind === 'invariant').map((f) => `${f.id} (${f.length} steps)`);
    expect(violated).toEqual([]);
  });

  it('finds the shortest counterexample of every hazard the small scopes hold', () => {
    const found = (system: string): Record<string, number> => Object.fromEntries(exploreSmall(system).findings.map((f) => [f.id, f.length]));
    expect(found('kafka.consumer')).toMatchObject({ 'KC-H1': 4 });
    expect(found('rocketmq.allocate')).toMatchObject({ 'RA-H1': 2 });
    expect(found('rocketmq.filter')).toMatchObject({ 'RF-H1': 1, 'RF-H2': 1 });
    expect(found('rocketmq.group')).toMatchObject({ 'RG-H3': 4 });
  });

  it.each([
    ['kafka.consumer', 3],
    ['rocketmq.allocate', 2],
    ['rocketmq.group', 4],
  ])('merging by state and memory in %s loses no violation a search of every path finds (depth %i)', (system, depth) => {
    const merged = Object.fromEntries(exploreSmall(system, { maxDepth: depth }).findings.map((f) => [f.id, f.length]));
    expect(merged).toEqual(Object.fromEntries(treeSearch(system, depth)));
  });

  it.each([
    ['kafka.consumer', 3],
    ['kafka.group', 3],
    ['rocketmq.group', 4],
  ])('a last level not kept checks the same steps in %s (depth %i): the same findings, transitions and paths, fewer states, not called exhausted', (system, depth) => {
    const kept = exploreSmall(system, { maxDepth: depth });
    const model = systems.get(system);
    const exploration = explorations.get(system);
    if (model === undefined || exploration === undefined) throw new Error(`no exploration for ${system}`);
    const properties = catalog.filter((p) => p.system === system);
    const unkept = explore({ model, exploration, scopeName: 'small', properties, maxDepth: depth, keepLastLevel: false });
    expect(unkept.findings).toEqual(kept.findings);
    expect(unkept.transitions).toBe(kept.transitions);
    expect(unkept.states).toBeLessThan(kept.states);
    expect(unkept.exhausted).toBe(false);
  });

  it('symmetry reduction under BROADCASTING merges renamed clients and keeps every verdict and length', () => {
    const model = systems.get('rocketmq.group');
    const exploration = explorations.get('rocketmq.group');
    if (model === undefined || exploration === undefined) throw new Error('no rocketmq.group');
    const run = (symmetry: boolean): ExploreResult =>
      explore({ model, exploration, scopeName: 'default', maxDepth: 3, setupIndexes: [1], symmetry, properties: catalog.filter((p) => p.system === 'rocketmq.group') });
    const reduced = run(true);
    const full = run(false);
    expect(reduced.states).toBeLessThan(full.states);
    expect(reduced.findings.map((f) => [f.id, f.length])).toEqual(full.findings.map((f) => [f.id, f.length]));
  });

  it('stops at the time limit with a one-line message instead of running on', () => {
    const model = systems.get('kafka.consumer');
    const exploration = explorations.get('kafka.consumer');
    if (model === undefined || exploration === undefined) throw new Error('no kafka.consumer');
    const result = explore({ model, exploration, scopeName: 'default', properties: [], timeLimitMs: 50 });
    expect(result.stopped).toBe('time');
    expect(result.exhausted).toBe(false);
    expect(result.stopMessage).toMatch(/^explore: stopped at the time limit .* not exhausted$/);
  });

  it('stops when the heap reaches its bound', () => {
    const model = systems.get('kafka.consumer');
    const exploration = explorations.get('kafka.consumer');
    if (model === undefined || exploration === undefined) throw new Error('no kafka.consumer');
    const result = explore({ model, exploration, scopeName: 'default', properties: [], heapLimitBytes: 1 });
    expect(result.stopped).toBe('memory');
    expect(result.stopMessage).toContain('--max-old-space-size');
  });

  it('merges the results of disjoint setups into the result of the whole scope', () => {
    const model = systems.get('rocketmq.allocate');
    const exploration = explorations.get('rocketmq.allocate');
    if (model === undefined || exploration === undefined) throw new Error('no rocketmq.allocate');
    const run = (setupIndexes?: number[]): ExploreResult =>
      explore({ model, exploration, scopeName: 'default', maxDepth: 2, properties: catalog.filter((p) => p.system === 'rocketmq.allocate'), ...(setupIndexes === undefined ? {} : { setupIndexes }) });
    const whole = run();
    const merged = mergeResults([0, 1, 2].map((i) => run([i])));
    expect([merged.states, merged.transitions, merged.depthCompleted, merged.exhausted]).toEqual([whole.states, whole.transitions, whole.depthCompleted, whole.exhausted]);
    expect(merged.findings.map((f) => [f.id, f.length])).toEqual(whole.findings.map((f) => [f.id, f.length]));
  });
});
