/**
 * The bug zoo through the target path: every entry checked as a target (`zoo:<id>`) on all of its properties (the
 * differential one first, 1000 runs each, stopping at the first that fails), reporting the detection rate (must be
 * 100%) and the median time to catch (find + shrink).
 */
import { bugZoo } from '../conformance/bug-zoo/bugs.js';
import { zooTarget } from '../conformance/bug-zoo/zoo-targets.js';
import { checkTarget } from '../conformance/check-target.js';
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import type { BenchEntry } from './bench-entry.js';
import { median } from './hazard-search.js';

/** Runs per property. */
const RUNS = 1000;

/** The zoo's detection rate, with the median time to catch in the detail. */
export const zooDetectionEntry: BenchEntry = {
  name: 'bug zoo detection (as targets)',
  run: () => {
    const times: number[] = [];
    const missed: string[] = [];
    let byDifferential = 0;
    for (const bug of bugZoo) {
      const started = performance.now();
      const result = checkTarget(zooTarget(bug), { seed: 20261202, runs: RUNS, models: systems, catalog, stopOnViolation: true });
      times.push(performance.now() - started);
      if (result.verdict !== 'diverges') missed.push(bug.id);
      else if (result.results.at(-1)?.id.endsWith('-AGREE') === true) byDifferential++;
    }
    const caught = bugZoo.length - missed.length;
    return {
      value: Math.round((1000 * caught) / bugZoo.length) / 10,
      unit: '% caught',
      detail: `${caught}/${bugZoo.length} entries (${byDifferential} first by the differential property), median ${Math.round(median(times))} ms to catch (find + shrink), ${RUNS} runs per property${missed.length === 0 ? '' : `; missed: ${missed.join(', ')}`}`,
    };
  },
};
