import { describe, expect, it } from 'vitest';
import { bugZoo } from '../../conformance/bug-zoo/bugs.js';
import { zooTarget } from '../../conformance/bug-zoo/zoo-targets.js';
import { lockstepSource } from '../../conformance/lockstep.js';
import { targetProperties } from '../../conformance/target-properties.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { checkProperty } from '../../properties/check-property.js';
import { lengthsMarkdown, reachMarkdown, runsToFirstFailure, scenarioLengths, type ReachFigure } from '../../bench/runs-to-find.js';

describe('runs to the first failure', () => {
  it('is the run on which checkProperty met its first counterexample, for a hazard', () => {
    const hazard = catalog.find((p) => p.id === 'RG-H2');
    if (hazard === undefined) throw new Error('no RG-H2');
    for (const seed of [1, 2, 3]) expect(runsToFirstFailure(hazard, seed)).toBe(checkProperty(hazard, { seed }).runs);
  });

  it('is undefined for an invariant that holds, and a number for a zoo entry its property catches', () => {
    const invariant = catalog.find((p) => p.id === 'RF-01');
    if (invariant === undefined) throw new Error('no RF-01');
    expect(runsToFirstFailure(invariant, 1)).toBeUndefined();
    const bug = bugZoo.find((b) => b.id === 'kc-unsubscribe-keeps-pattern');
    if (bug === undefined) throw new Error('no zoo entry');
    const target = zooTarget(bug);
    const declared = target.systems[0];
    const model = systems.get('kafka.consumer');
    if (declared === undefined || model === undefined) throw new Error('no system');
    const kc02 = targetProperties(declared, model, catalog).find((p) => p.id === 'KC-02');
    if (kc02 === undefined) throw new Error('no KC-02');
    expect(runsToFirstFailure(kc02, 1, lockstepSource(target, declared, model))).toBeGreaterThan(0);
  });

  it('names the entries below the goal in the report', () => {
    const figures: ReachFigure[] = [
      { id: 'KC-H1', kind: 'hazard', defaultRuns: 1000, seeds: 20, found: 20, medianRuns: 29, maxRuns: 216 },
      { id: 'kc-x', kind: 'zoo', defaultRuns: 200, seeds: 20, found: 14, medianRuns: 88, maxRuns: 196 },
    ];
    const text = reachMarkdown(figures).join('\n');
    expect(text).toContain('Below the goal: zoo:kc-x (14/20).');
    expect(text).toContain('| KC-H1 | 20/20 | 29 | 216 | 1000 | yes |');
    expect(text).toContain('| zoo:kc-x | 14/20 | 88 | 196 | 200 | no |');
  });

  it('groups every property once by the lengths its generator draws, which reach past fast-check\'s default size of ten', () => {
    const figures = scenarioLengths(100);
    expect(figures.flatMap((f) => f.properties).sort()).toEqual(catalog.map((p) => p.id).sort());
    for (const f of figures) expect(f.median <= f.p90 && f.p90 <= f.max).toBe(true);
    expect(Math.max(...figures.filter((f) => f.system === 'kafka.group').map((f) => f.max))).toBeGreaterThan(10);
    expect(lengthsMarkdown(figures).join('\n')).toContain('| kafka.consumer | KC-01');
  });
});
