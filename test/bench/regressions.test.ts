/**
 * The bench's regression gate (bench/regressions.ts) on hand-made figures: the real bench takes minutes, and its
 * figures move with the machine, so the rules are checked here on numbers chosen at and around each threshold.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparable, EXPLORER_FLOOR, HAZARD_NOISE_MS, HAZARD_SLOWDOWN, previousFigures, regressions, type GateFigures } from '../../bench/regressions.js';

const base: GateFigures = {
  quick: false,
  hazards: [
    { id: 'H-SLOW', found: 10, seeds: 10, medianMilliseconds: 100, shrunkMedian: 5 },
    { id: 'H-FAST', found: 10, seeds: 10, medianMilliseconds: 2, shrunkMedian: 1 },
  ],
  systems: [{ system: 's', explorer: { statesPerSecond: 10_000, transitionsPerSecond: 40_000 } }],
};

/** `base` with one hazard's (H-SLOW unless `id` says which) or the system's figures changed. */
function changed(hazard: Partial<GateFigures['hazards'][number]> & { id?: string }, explorer?: Partial<GateFigures['systems'][number]['explorer']>): GateFigures {
  return {
    ...base,
    hazards: base.hazards.map((h) => (h.id === (hazard.id ?? 'H-SLOW') ? { ...h, ...hazard } : h)),
    systems: base.systems.map((s) => ({ ...s, explorer: { ...s.explorer, ...explorer } })),
  };
}

/** The figures as the next run reads them: written to JSON by this run, parsed back by the gate. */
function roundTrip(figures: GateFigures): GateFigures {
  const read = previousFigures(JSON.stringify({ generated: 'npm run bench', node: 'v20', ...figures }, null, 2));
  if (typeof read === 'string') throw new Error(read);
  return read;
}

describe('the bench regression gate', () => {
  it('states its thresholds as the issue sets them', () => {
    expect([HAZARD_SLOWDOWN, HAZARD_NOISE_MS, EXPLORER_FLOOR]).toEqual([2, 20, 0.5]);
  });

  it('is quiet for the same figures and for noise under its thresholds', () => {
    expect(regressions(base, base)).toEqual([]);
    expect(regressions(base, changed({ medianMilliseconds: 199 }, { statesPerSecond: 5_001 }))).toEqual([]);
    // Exactly at the thresholds is still not a regression: 2× the median, half the rates.
    expect(regressions(base, changed({ medianMilliseconds: 200 }, { statesPerSecond: 5_000, transitionsPerSecond: 20_000 }))).toEqual([]);
    // 2 ms → 15 ms is more than 2× but within the 20 ms of noise a trivial hazard may show.
    expect(regressions(base, changed({ id: 'H-FAST', medianMilliseconds: 15 }))).toEqual([]);
    expect(regressions(base, changed({ id: 'H-FAST', medianMilliseconds: 22 }))).toEqual([]);
    // Getting better is never a regression.
    expect(regressions(base, changed({ medianMilliseconds: 1, shrunkMedian: 4 }, { statesPerSecond: 99_999, transitionsPerSecond: 99_999 }))).toEqual([]);
  });

  it('finds each kind of regression, one line each', () => {
    expect(regressions(base, changed({ medianMilliseconds: 201 }))).toEqual([expect.stringMatching(/^H-SLOW: find \+ shrink took 201 ms .* previous 100 ms and over 20 ms slower$/)]);
    // A trivial hazard slowed down by more than both bounds (2 ms → 23 ms) is a regression too.
    expect(regressions(base, changed({ id: 'H-FAST', medianMilliseconds: 23 }))).toEqual([expect.stringMatching(/^H-FAST: find \+ shrink took 23 ms/)]);
    expect(regressions(base, changed({ found: 9 }))).toEqual(['H-SLOW: found on 9/10 seeds, previously 10/10']);
    expect(regressions(base, changed({ shrunkMedian: 6 }))).toEqual(['H-SLOW: shrunk to 6 commands (median), previously 5']);
    expect(regressions(base, changed({}, { statesPerSecond: 4_999 }))).toEqual([expect.stringMatching(/^s: explorer statesPerSecond 4999, below half the previous 10000$/)]);
    expect(regressions(base, changed({}, { transitionsPerSecond: 19_999 }))).toEqual([expect.stringMatching(/^s: explorer transitionsPerSecond 19999, below half/)]);
    const everything = changed({ medianMilliseconds: 500, found: 8, shrunkMedian: 7 }, { statesPerSecond: 1, transitionsPerSecond: 1 });
    expect(regressions(base, everything)).toHaveLength(5);
    expect(regressions(base, everything).every((line) => !line.includes('\n'))).toBe(true);
  });

  it('judges a changed list of seeds by the share of seeds a hazard is found on', () => {
    expect(regressions(base, changed({ found: 19, seeds: 20 }))).toEqual(['H-SLOW: found on 19/20 seeds, previously 10/10']);
    expect(regressions(base, changed({ found: 20, seeds: 20 }))).toEqual([]);
    expect(regressions(changed({ found: 5 }), changed({ found: 10, seeds: 20 }))).toEqual([]);
  });

  it('counts a hazard or system new this run as no regression, and never compares a quick run', () => {
    const grown: GateFigures = { ...base, hazards: [...base.hazards, { id: 'H-NEW', found: 1, seeds: 10, medianMilliseconds: 9_999, shrunkMedian: 9 }], systems: [...base.systems, { system: 't', explorer: { statesPerSecond: 1, transitionsPerSecond: 1 } }] };
    expect(regressions(base, grown)).toEqual([]);
    // A hazard or system gone from this run is not judged either (the catalog changed, not its speed).
    expect(regressions(grown, base)).toEqual([]);
    expect(regressions({ ...base, quick: true }, changed({ medianMilliseconds: 9_999 }))).toEqual([]);
    expect(regressions(base, { ...changed({ medianMilliseconds: 9_999 }), quick: true })).toEqual([]);
    expect([comparable(base, base), comparable({ quick: true }, base), comparable(base, { quick: true }), comparable({ quick: true }, { quick: true })]).toEqual([true, false, false, false]);
  });

  it('reads the committed figures, or says in one line why there are none', () => {
    expect(previousFigures(JSON.stringify({ ...base, node: 'v20' }))).toMatchObject({ quick: false, hazards: base.hazards });
    expect(previousFigures(undefined)).toBe('no previous figures (reports/bench.json is missing)');
    expect(previousFigures('{not json')).toBe('no previous figures (reports/bench.json is not JSON)');
    expect(previousFigures('')).toBe('no previous figures (reports/bench.json is not JSON)');
    for (const malformed of ['{"quick": false}', '[]', 'null', '42', JSON.stringify({ ...base, hazards: [{ id: 'H-SLOW', found: '10' }] }), JSON.stringify({ ...base, systems: [{ system: 's' }] })]) {
      expect(previousFigures(malformed)).toBe('no previous figures (reports/bench.json is not in the format this bench writes)');
    }
  });

  it('reads back a run where a hazard was found on no seed, and does not judge its shrunk length against none', () => {
    // The bench writes a median of no lengths as NaN, which JSON turns into null.
    const lost = roundTrip(changed({ found: 0, shrunkMedian: Number.NaN }));
    expect(lost.hazards[0]?.shrunkMedian).toBeNaN();
    expect(regressions(lost, base)).toEqual([]);
    expect(regressions(base, changed({ found: 0, shrunkMedian: Number.NaN }))).toEqual(['H-SLOW: found on 0/10 seeds, previously 10/10']);
  });

  it('compares figures that went through JSON as it compares them in memory', () => {
    const slower = changed({ medianMilliseconds: 300 });
    expect(regressions(roundTrip(base), slower)).toEqual(regressions(base, slower));
  });

  it('reads the committed reports/bench.json (the writer and the gate agree on its format)', () => {
    expect(typeof previousFigures(readFileSync('reports/bench.json', 'utf8'))).toBe('object');
  });
});
