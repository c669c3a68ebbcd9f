/**
 * `mqspec check`: runs properties of the catalog and reports what each found. The stored counterexamples of the
 * corpus are replayed first (see properties/corpus/check-replay-first.ts for what a replay decides); new
 * counterexamples are saved to the corpus unless `--no-save`.
 */
import { randomInt } from 'node:crypto';
import { isExpected } from '../../properties/check-property.js';
import { agreementCatalog } from '../../conformance/target-properties.js';
import { checkTargetCommand } from './check-target.js';
import { expectationChanges, loadExpectations } from '../../conformance/expectations.js';
import { formatMatrix, runMatrix, type MatrixOptions, type MatrixRow } from '../../conformance/matrix.js';
import { matrixInWorkers } from '../../conformance/matrix-in-workers.js';
import { shippedCorpus } from '../../conformance/shipped-corpus.js';
import { checkReplayFirst, type CorpusCheckResult } from '../../properties/corpus/check-replay-first.js';
import { modelTarget } from '../../properties/corpus/counterexample-record.js';
import { loadCorpus } from '../../properties/corpus/load-corpus.js';
import type { SavedCounterexample } from '../../properties/corpus/save-counterexample.js';
import type { Property } from '../../properties/property.js';
import { checkInWorkers } from '../../properties/parallel/check-in-workers.js';
import { parseShard, shardOf, type Shard } from '../../properties/parallel/shard.js';
import { defaultWorkers } from '../../properties/parallel/worker-pool.js';
import { colorsFor, type CliContext, type Colors, type Sink } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { internalErrorLine } from '../internal-error.js';
import { progressDone, progressRunning, resultDetails, summaryLine, summaryTable } from '../format/check-report.js';
import { parseInteger, parsePositiveInteger } from '../parse-integer.js';
import { UsageError } from '../usage-error.js';
import { packageVersion } from '../version.js';

/** The seed when neither `--seed` nor MQSPEC_SEED gives one (the same as vitest.setup.ts). */
export const defaultSeed = 20261202;

/** The options of `mqspec check`, as typed on the command line. */
export interface CheckCommandOptions {
  /** Property ids (repeatable); all properties when empty. */
  readonly property?: readonly string[];
  readonly system?: string;
  /** An integer, or `random` for a fresh seed (printed with the results). */
  readonly seed?: string;
  readonly runs?: string;
  readonly json?: boolean;
  /** False with `--no-save`: new counterexamples are not stored. */
  readonly save?: boolean;
  /** The corpus folder (default: the context's). */
  readonly corpus?: string;
  /** Check this target instead of the model (a bundled name, `zoo:<id>`, `exec:<command>` or a module path). */
  readonly target?: string;
  /** Check this program, speaking the JSON-lines protocol, instead of the model. */
  readonly exec?: string;
  /** The protocol's per-request timeout in milliseconds (default 2000). */
  readonly timeout?: string;
  /** Then check every bundled library target and end with the matrix. */
  readonly matrix?: boolean;
  /** Worker threads (default: the machine's cores); see properties/parallel/check-in-workers.ts. */
  readonly workers?: string;
  /** `i/n`: run only every n-th selected property, from the i-th. */
  readonly shard?: string;
}

/** What `mqspec check --json` prints. */
export interface CheckDocument {
  readonly seed: number;
  /** `--runs`, when it was given: the rerun commands of the report repeat it (`mqspec merge` reads it back). */
  readonly runs?: number;
  /** The corpus folder replayed (and saved to, unless `--no-save`). */
  readonly corpus: string;
  /** Corpus files skipped and counterexamples not saved, one line each (also written to stderr). */
  readonly warnings: readonly string[];
  readonly results: readonly CorpusCheckResult[];
  readonly summary: { readonly passed: number; readonly failed: number };
  /** With `--matrix`: the bundled library targets × systems, and where they differ from the expectations. */
  readonly matrix?: { readonly rows: readonly MatrixRow[]; readonly changes: readonly string[] };
}

/** The base seed: `--seed`, else MQSPEC_SEED, else the default. */
export function resolveSeed(option: string | undefined, env: CliContext['env']): number {
  if (option === 'random') return randomInt(0, 2 ** 31 - 1);
  if (option !== undefined) return parseInteger('--seed', option);
  const fromEnv = env['MQSPEC_SEED'];
  if (fromEnv !== undefined && fromEnv !== '') return parseInteger('MQSPEC_SEED', fromEnv);
  return defaultSeed;
}

/** A quoted, comma-separated list for "expected one of" messages. */
function oneOf(values: readonly string[]): string {
  return values.length === 0 ? 'none registered yet' : values.join(', ');
}

/** The properties to run, in catalog order, or a UsageError for an unknown id or system. */
export function selectProperties(
  context: Pick<CliContext, 'catalog' | 'systems'>,
  ids: readonly string[],
  system: string | undefined,
): Property[] {
  const known = context.catalog.map((p) => p.id);
  for (const id of ids) {
    if (!known.includes(id)) throw new UsageError(`--property: unknown property "${id}" (expected one of: ${oneOf(known)})`);
  }
  if (system !== undefined) {
    const systems = [...new Set([...context.systems.keys(), ...context.catalog.map((p) => p.system)])];
    if (!systems.includes(system)) throw new UsageError(`--system: unknown system "${system}" (expected one of: ${oneOf(systems)})`);
    const elsewhere = context.catalog.find((p) => ids.includes(p.id) && p.system !== system);
    if (elsewhere !== undefined) {
      throw new UsageError(`--property: ${elsewhere.id} belongs to ${elsewhere.system}, not to --system ${system}`);
    }
  }
  return context.catalog.filter((p) => (ids.length === 0 || ids.includes(p.id)) && (system === undefined || p.system === system));
}

/** The parsed `--shard`, or a UsageError. */
function shardOption(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const shard = parseShard(text);
  if (typeof shard === 'string') throw new UsageError(shard);
  return shard;
}

/** A warning for a counterexample that could not be stored, if it could not. */
function saveWarning(saved: SavedCounterexample | undefined): string | undefined {
  if (saved?.status === 'conflict') return `${saved.path}: another file holds this name; the new counterexample was not saved`;
  if (saved?.status === 'failed') return `${saved.path}: cannot save the counterexample: ${saved.reason ?? 'unknown error'}`;
  return undefined;
}

/**
 * Runs the selected properties, replaying the corpus first; exit 0 when every result is as its kind expects, 1
 * otherwise. Unusable corpus files are one-line warnings on stderr, never fatal.
 */
export function checkCommand(options: CheckCommandOptions, context: CliContext): ExitCode {
  if (options.target !== undefined || options.exec !== undefined) return checkTargetCommand(options, context);
  if (options.timeout !== undefined) throw new UsageError('--timeout: applies only with --target or --exec');
  const selected = shardOf(selectProperties(context, options.property ?? [], options.system), shardOption(options.shard));
  const seed = resolveSeed(options.seed, context.env);
  const runs = options.runs === undefined ? undefined : parsePositiveInteger('--runs', options.runs);
  const json = options.json === true;
  const colors = colorsFor(context.stdout, context.env);
  const tty = context.stdout.isTTY;
  const folder = options.corpus ?? context.corpus;
  // Counterexamples of targets (the differential properties) share the corpus: known, not replayed here.
  const corpus = loadCorpus(folder, context.systems, [...context.catalog, ...agreementCatalog(context.systems, context.catalog)]);
  const warnings = [...corpus.warnings];
  const warn = (warning: string): void => context.stderr.write(`mqspec: warning: ${warning}\n`);
  for (const warning of corpus.warnings) warn(warning);
  const save = options.save === false ? undefined : { folder, systems: context.systems, mqspecVersion: packageVersion() };
  const results: CorpusCheckResult[] = [];
  const workers = options.workers === undefined ? defaultWorkers() : parsePositiveInteger('--workers', options.workers);
  const parallel = checkInWorkers(selected, { seed, runs, folder, mqspecVersion: save?.mqspecVersion, workers });
  for (const property of parallel === undefined ? selected : []) {
    if (!json && tty) context.stdout.write(progressRunning(property, colors));
    const result = checkReplayFirst(property, {
      seed,
      ...(runs === undefined ? {} : { runs }),
      corpus,
      target: modelTarget,
      ...(save === undefined ? {} : { save }),
    });
    results.push(result);
    if (!json) context.stdout.write(progressDone(result, colors, tty));
    const warning = saveWarning(result.saved);
    if (warning !== undefined) {
      warnings.push(warning);
      warn(warning);
    }
  }
  for (const result of parallel ?? []) {
    results.push(result);
    if (!json) context.stdout.write(progressDone(result, colors, false));
    const warning = saveWarning(result.saved);
    if (warning !== undefined) {
      warnings.push(warning);
      warn(warning);
    }
  }
  const { passed, failed } = checkSummary(results);
  let matrix: CheckDocument['matrix'];
  if (options.matrix === true) {
    const expectations = loadExpectations();
    if (!json) context.stdout.write('\nbundled library targets:\n');
    const matrixOptions: MatrixOptions = {
      seed,
      ...(runs === undefined ? {} : { runs }),
      // The shipped counterexamples, not the working directory's: the matrix's verdicts must not depend on what ran before.
      corpus: shippedCorpus(expectations, context.systems, context.catalog),
      models: context.systems,
      catalog: context.catalog,
      ...(save === undefined ? {} : { save }),
      onRow: (row) => {
        if (!json) context.stdout.write(`  ${row.target} ${row.system}: ${row.verdict}${row.skipped === undefined ? '' : ` (${row.skipped})`}\n`);
      },
    };
    const rows = matrixInWorkers(matrixOptions, workers) ?? runMatrix(matrixOptions);
    matrix = { rows, changes: expectationChanges(rows, expectations) };
  }
  const document: CheckDocument = {
    seed,
    ...(runs === undefined ? {} : { runs }),
    corpus: folder,
    warnings,
    results,
    summary: { passed, failed },
    ...(matrix === undefined ? {} : { matrix }),
  };
  // The blank line parts the report from the progress lines above it.
  if (json) context.stdout.write(JSON.stringify(document, null, 2) + '\n');
  else context.stdout.write((results.length === 0 ? '' : '\n') + checkReport(document, colors));
  return checkExitCode(document, context.stderr);
}

/** How many results came out as their kind expects, and how many did not. */
export function checkSummary(results: readonly CorpusCheckResult[]): CheckDocument['summary'] {
  const passed = results.filter(isExpected).length;
  return { passed, failed: results.length - passed };
}

/**
 * What `mqspec check` prints after its progress lines: the table, what to act on for each result, the summary line
 * and, with `--matrix`, the matrix and its changes from the expectations.
 */
export function checkReport(document: CheckDocument, colors: Colors): string {
  const { results, seed, runs, matrix, summary } = document;
  let text = results.length === 0 ? 'no properties selected\n' : summaryTable(results, colors);
  const details = results.map((r) => resultDetails(r, seed, runs, colors)).filter((t) => t !== '');
  if (details.length > 0) text += '\n' + details.join('\n');
  text += '\n' + summaryLine(summary.passed, summary.failed, seed, colors);
  if (matrix !== undefined) {
    text += '\n' + formatMatrix(matrix.rows);
    const changes = matrix.changes;
    text += changes.length === 0 ? 'every target as expected (conformance/expectations.json)\n' : `${changes.length} change(s) from conformance/expectations.json:\n${changes.map((c) => `  ${c}\n`).join('')}`;
  }
  return text;
}

/**
 * The exit status of a check: 0 when every result is as its kind expects (and the matrix as the expectations say),
 * 1 otherwise, 4 when a check broke — writing one line for each broken check to `stderr`.
 */
export function checkExitCode(document: CheckDocument, stderr: Sink): ExitCode {
  const { results, seed, matrix } = document;
  // A check that broke (the model threw) is no verdict on the property: it is a bug in mqspec, named by its rerun.
  const broken = results.filter((r) => r.status === 'error');
  for (const r of broken) stderr.write(internalErrorLine(`${r.id}: ${r.error ?? 'unknown error'}`, ['check', '--property', r.id, '--seed', String(seed)]));
  if (broken.length > 0) return ExitCode.internal;
  return checkSummary(results).failed === 0 && (matrix === undefined || matrix.changes.length === 0) ? ExitCode.ok : ExitCode.failed;
}
