/** The shape of one benchmark: a named run that reports the figure it measured. */

/** What one benchmark measured, e.g. `{value: 5400, unit: 'scenarios/s', detail: 'KC-001, 2000 runs'}`. */
export interface BenchFigure {
  readonly value: number;
  readonly unit: string;
  /** What was run, in a few words (sizes, runs), so the figure can be compared across changes. */
  readonly detail?: string;
}

/** One benchmark; the harness also times the whole `run()`. */
export interface BenchEntry {
  readonly name: string;
  run(): BenchFigure;
}
