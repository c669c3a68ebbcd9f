import { describe, expect, it } from 'vitest';
import { previousFigures, regressions, type GateFigures } from '../../bench/regressions.js';

const base: GateFigures = {
  quick: false,
  hazards: [
    { id: 'H-SLOW', found: 10, seeds: 10, medianMilliseconds: 100, shrunkMedian: 5 },
    { id: 'H-FAST', found: 10, seeds: 10, medianMilliseconds: 2, shrunkMedian: 1 },
  ],
  systems: [{ system: 's', explorer: { statesPerSecond: 10_000, transitionsPerSecond: 40_000 } }],
};

/** `base` with one hazard's or the system's figures changed. */
function changed(hazard: Partial<GateFigures['hazards'][number]> & { id?: string }, explorer?: Partial<GateFigures['systems'][number]['explorer']>): GateFigures {
  return {
    ...base,
    hazards: base.hazards.map((h) => (h.id === (hazard.id ?? 'H-SLOW') ? { ...h, ...hazard } : h)),
    systems: base.systems.map((s) => ({ ...s, explorer: { ...s.explorer, ...explorer } })),
  };
}

describe('the bench regression gate', () => {
  it('is quiet for the same figures and for noise under its thresholds', () => {
    expect(regressions(base, base)).toEqual([]);
    expect(regressions(base, changed({ medianMilliseconds: 199 }, { statesPerSecond: 5_001 }))).toEqual([]);
    // 2 ms → 15 ms is more than 2× but within the 20 ms of noise a trivial hazard may show.
    expect(regressions(base, changed({ id: 'H-FAST', medianMilliseconds: 15 }))).toEqual([]);
  });

  it('finds each kind of regression, one line each', () => {
    expect(regressions(base, changed({ medianMilliseconds: 201 }))).toEqual([expect.stringMatching(/^H-SLOW: find \+ shrink took 201 ms .* previous 100 ms$/)]);
    expect(regressions(base, changed({ found: 9 }))).toEqual(['H-SLOW: found on 9/10 seeds, previously 10/10']);
    expect(regressions(base, changed({ shrunkMedian: 6 }))).toEqual(['H-SLOW: shrunk to 6 commands (median), previously 5']);
    expect(regressions(base, changed({}, { transitionsPerSecond: 19_999 }))).toEqual([expect.stringMatching(/^s: explorer transitionsPerSecond 19999, below half/)]);
  });

  it('counts a hazard or system new this run as no regression, and never compares a quick run', () => {
    const grown: GateFigures = { ...base, hazards: [...base.hazards, { id: 'H-NEW', found: 1, seeds: 10, medianMilliseconds: 9_999, shrunkMedian: 9 }], systems: [...base.systems, { system: 't', explorer: { statesPerSecond: 1, transitionsPerSecond: 1 } }] };
    expect(regressions(base, grown)).toEqual([]);
    expect(regressions({ ...base, quick: true }, changed({ medianMilliseconds: 9_999 }))).toEqual([]);
    expect(regressions(base, { ...changed({ medianMilliseconds: 9_999 }), quick: true })).toEqual([]);
  });

  it('reads the committed figures, or says in one line why there are none', () => {
    expect(previousFigures(JSON.stringify({ ...base, node: 'v20' }))).toMatchObject({ quick: false, hazards: base.hazards });
    expect(previousFigures(undefined)).toBe('no previous figures (reports/bench.json is missing)');
    expect(previousFigures('{not json')).toBe('no previous figures (reports/bench.json is not JSON)');
    expect(previousFigures('{"quick": false}')).toBe('no previous figures (reports/bench.json is not in the format this bench writes)');
  });
});
