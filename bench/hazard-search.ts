/**
 * How fast each hazard is found and shrunk: `checkProperty` over ten seeds, reporting the median wall time, the
 * median number of generated runs before the first counterexample, and the shrunk lengths.
 */
import type { Property } from '../properties/property.js';
import { checkProperty } from '../properties/check-property.js';
import type { BenchEntry } from './bench-entry.js';

/** The seeds every hazard is searched with. */
export const HAZARD_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The median of a non-empty list (the lower middle for an even count, so it is a value that occurred). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** A bench entry for one hazard: median milliseconds to find and shrink it over ten seeds. */
export function hazardSearchEntry(hazard: Property): BenchEntry {
  return {
    name: `${hazard.id} find + shrink`,
    run: () => {
      const results = HAZARD_SEEDS.map((seed) => checkProperty(hazard, { seed }));
      const found = results.filter((r) => r.status === 'found');
      const lengths = found.map((r) => r.counterexample?.length ?? 0);
      return {
        value: Math.round(median(results.map((r) => r.milliseconds))),
        unit: 'ms (median)',
        detail: `found ${found.length}/${HAZARD_SEEDS.length}, median runs ${median(results.map((r) => r.runs))}, shrunk length median ${median(lengths)} (min ${Math.min(...lengths)}, max ${Math.max(...lengths)})`,
      };
    },
  };
}
