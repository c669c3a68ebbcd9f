/**
 * Model steps per second on generated scenarios of one system: scenarios are drawn once from a fixed seed (the
 * generator's own cost is not counted), then replayed through `step` until about a second has passed.
 */
import fc from 'fast-check';
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import type { BenchEntry } from './bench-entry.js';

/** How many scenarios to draw and how long to keep stepping. */
const SCENARIOS = 2000;
const MIN_MILLISECONDS = 1000;

/** Runs every scenario once; answers the number of steps taken. */
function replayAll(model: AnySystemModel, scenarios: readonly Scenario[]): number {
  let steps = 0;
  for (const scenario of scenarios) {
    let state = model.init(scenario.setup);
    for (const command of scenario.commands) {
      state = model.step(state, command).state;
      steps++;
    }
  }
  return steps;
}

/** A bench entry measuring `model.step` throughput on scenarios drawn from `arbitrary`. */
export function modelStepsEntry(model: AnySystemModel, arbitrary: fc.Arbitrary<Scenario>): BenchEntry {
  return {
    name: `${model.id} model steps`,
    run: () => {
      const scenarios = fc.sample(arbitrary, { numRuns: SCENARIOS, seed: 1 });
      const stepsPerPass = replayAll(model, scenarios); // also the warm-up: let the JIT settle before timing
      let steps = 0;
      const started = performance.now();
      while (performance.now() - started < MIN_MILLISECONDS) steps += replayAll(model, scenarios);
      const seconds = (performance.now() - started) / 1000;
      const detail = `${SCENARIOS} generated scenarios (seed 1), ${(stepsPerPass / SCENARIOS).toFixed(1)} steps each on average, one core`;
      return { value: Math.round(steps / seconds), unit: 'steps/s', detail };
    },
  };
}
