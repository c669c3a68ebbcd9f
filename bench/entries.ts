/** The benchmarks `npm run bench` runs, in order. */
import type { BenchEntry } from './bench-entry.js';

/** Every benchmark. */
export const entries: readonly BenchEntry[] = [];
