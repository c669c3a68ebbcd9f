/**
 * The conformance matrix: every bundled library target checked on each system it declares (replay-first from the
 * shipped corpus, see shipped-corpus.ts, then as many generated scenarios per property as a default
 * `check --target` runs, so that the matrix finds what that check finds), one row per target × system with its verdict, the counts
 * of properties that held and that diverged, and the time taken; a target that cannot run here is a `skipped` row
 * with the reason. `npm start` ends with it, `mqspec check --matrix --json` carries it, and the expectations file
 * (conformance/expectations.json, see expectations.ts) says what each row must show.
 */
import path from 'node:path';
import type { AnySystemModel, SystemId } from '../model/system.js';
import type { SaveTo } from '../properties/corpus/check-replay-first.js';
import type { Corpus } from '../properties/corpus/load-corpus.js';
import type { Property } from '../properties/property.js';
import { checkTarget, resultKey, type TargetPropertyResult } from './check-target.js';
import { bundledTargets, type BundledTarget } from './targets.js';

/**
 * A property's status on a target, as the matrix and the expectations name it; `not-applicable`: the target's
 * declaration leaves it out (the cell's message says why), it is not run and not counted.
 */
export type PropertyVerdict = 'agrees' | 'diverges' | 'failure' | 'not-applicable';

/** A row's verdict. */
export type RowVerdict = PropertyVerdict | 'skipped';

/** One property on one target. */
export interface MatrixCell {
  readonly status: PropertyVerdict;
  /** The corpus file (relative to the corpus folder's parent) of the counterexample, for a divergence. */
  readonly counterexample?: string;
  /** The first diverging step in one sentence, or the failure. */
  readonly message?: string;
  /** The divergence's class (divergence-class.ts), for the differential property. */
  readonly class?: string;
}

/** One target × system. */
export interface MatrixRow {
  readonly target: string;
  readonly version: string;
  readonly system: SystemId;
  readonly verdict: RowVerdict;
  /** Properties that held / diverged (or failed). */
  readonly agreed: number;
  readonly diverged: number;
  readonly milliseconds: number;
  /** By property id. */
  readonly properties: Readonly<Record<string, MatrixCell>>;
  /** Why the target was not run. */
  readonly skipped?: string;
}

/** Options of a matrix run. */
export interface MatrixOptions {
  readonly seed: number;
  /** Generated scenarios per property beyond the replayed corpus; each property's own number by default. */
  readonly runs?: number;
  /** What to replay first: the shipped corpus (shippedCorpus), whatever the working directory's holds. */
  readonly corpus: Corpus;
  readonly models: ReadonlyMap<string, AnySystemModel>;
  readonly catalog: readonly Property[];
  /** Only these targets (all library targets by default: every bundled target but the Python example). */
  readonly targets?: readonly string[];
  /** Save new counterexamples (the long campaign); the CI gate only replays. */
  readonly save?: SaveTo;
  /** Called after each row, e.g. for progress lines. */
  readonly onRow?: (row: MatrixRow) => void;
}

/** The bundled targets that wrap real libraries (the Python example is a template, not a library). */
export function libraryEntries(names?: readonly string[]): BundledTarget[] {
  return bundledTargets.filter((t) => t.name !== 'python-rocketmq-filter' && (names === undefined || names.includes(t.name)));
}

/** A corpus file relative to its corpus folder's parent (`counterexamples/kafka.group/KG-04-….json`). */
function corpusRelative(file: string, corpusFolder: string): string {
  // Corpus files are named as the folder was given joined with the file (relative to the working directory, or absolute).
  return path.relative(path.dirname(path.resolve(corpusFolder)), path.resolve(file));
}

/** A property result as a cell: a replayed file is the shipped corpus's, a saved one the save folder's. */
function cellOf(result: TargetPropertyResult, options: MatrixOptions): MatrixCell {
  const relative =
    result.regression !== undefined
      ? corpusRelative(result.regression, options.corpus.folder)
      : result.saved !== undefined && options.save !== undefined
        ? corpusRelative(result.saved.path, options.save.folder)
        : undefined;
  if (result.status === 'target-failure') return { status: 'failure', message: result.failure?.message ?? 'target failure' };
  if (result.status === 'held' || result.status === 'found') return { status: 'agrees' };
  return {
    status: 'diverges',
    ...(relative === undefined ? {} : { counterexample: relative }),
    message: result.counterexample?.message ?? result.error ?? result.status,
    ...(result.divergenceClass === undefined ? {} : { class: result.divergenceClass }),
  };
}

/** Checks one target on one system. */
export function checkRow(entry: BundledTarget, system: SystemId, options: MatrixOptions): MatrixRow {
  const started = performance.now();
  const base = { target: entry.name, version: entry.version, system };
  const reason = entry.unavailable?.();
  if (reason !== undefined) return { ...base, verdict: 'skipped', agreed: 0, diverged: 0, milliseconds: 0, properties: {}, skipped: reason };
  const target = entry.create({});
  try {
    const result = checkTarget(target, {
      seed: options.seed,
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      systems: [system],
      corpus: options.corpus,
      ...(options.save === undefined ? {} : { save: options.save }),
      models: options.models,
      catalog: options.catalog,
    });
    const ran = result.results.map((r) => [resultKey(r), cellOf(r, options)] as const);
    const cells = ran.map(([, cell]) => cell);
    const skipped = result.notApplicable.map((p) => [p.id, { status: 'not-applicable', message: p.reason } satisfies MatrixCell] as const);
    const properties = Object.fromEntries([...ran, ...skipped]);
    const verdict: RowVerdict = result.verdict === 'target-failure' ? 'failure' : result.verdict;
    return {
      ...base,
      verdict,
      agreed: cells.filter((c) => c.status === 'agrees').length,
      diverged: cells.filter((c) => c.status !== 'agrees').length,
      milliseconds: Math.round(performance.now() - started),
      properties,
    };
  } finally {
    target.dispose?.();
  }
}

/** Runs the matrix: each library target on each system it declares. */
export function runMatrix(options: MatrixOptions): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const entry of libraryEntries(options.targets)) {
    for (const system of entry.systems) {
      const row = checkRow(entry, system, options);
      rows.push(row);
      options.onRow?.(row);
    }
  }
  return rows;
}

/** The matrix as a text table: target, system, verdict, counts, time (and the reason of a skipped row). */
export function formatMatrix(rows: readonly MatrixRow[]): string {
  const header = ['target', 'version', 'system', 'verdict', 'agree', 'diverge', 'ms'];
  const body = rows.map((r) => [r.target, r.version, r.system, r.skipped === undefined ? r.verdict : `skipped: ${r.skipped}`, String(r.agreed), String(r.diverged), String(r.milliseconds)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => (line[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n') + '\n';
}
