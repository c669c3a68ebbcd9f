/**
 * `mqspec explore`: exhaustive bounded exploration of one system's scope (properties/explore/explore.ts). Prints the
 * search's figures and, per property, whether the scope holds a violation, with the shortest counterexample and the
 * length of the generated one in the corpus; saves the shortest counterexamples to the corpus unless `--no-save`.
 * Exit 1 when an invariant is violated, 0 otherwise (a hazard absent from a small scope is reported, not failed).
 */
import { getHeapStatistics } from 'node:v8';
import { explore, mergeResults, type ExploreResult, type Finding } from '../../properties/explore/explore.js';
import { explorations } from '../../properties/explore/explorations.js';
import { counterexampleRecord, modelTarget } from '../../properties/corpus/counterexample-record.js';
import { loadCorpus, storedFor, type Corpus } from '../../properties/corpus/load-corpus.js';
import { saveCounterexample, type SavedCounterexample } from '../../properties/corpus/save-counterexample.js';
import type { AnyExploration, AnyExplorationScope } from '../../properties/explore/exploration.js';
import { readScopeFile } from '../../properties/explore/scope-file.js';
import { parseShard, shardOf, type Shard } from '../../properties/parallel/shard.js';
import { defaultWorkers, runInWorkers } from '../../properties/parallel/worker-pool.js';
import type { ExploreTask } from '../../properties/parallel/worker-task.js';
import type { Property } from '../../properties/property.js';
import type { CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { exploreReport, exploreSummary } from '../format/explore-report.js';
import { parsePositiveInteger } from '../parse-integer.js';
import { UsageError } from '../usage-error.js';
import { packageVersion } from '../version.js';

/** The options of `mqspec explore`, as typed on the command line. */
export interface ExploreCommandOptions {
  readonly system?: string;
  /** A scope name of the system (`small`, `default`, …) or the path of a scope file. */
  readonly scope?: string;
  readonly depth?: string;
  /** Seconds. */
  readonly time?: string;
  /** MiB: the heap bound of the search (of each thread's, with workers). */
  readonly maxMemory?: string;
  readonly json?: boolean;
  /** False with `--no-symmetry`. */
  readonly symmetry?: boolean;
  readonly save?: boolean;
  readonly corpus?: string;
  readonly workers?: string;
  readonly shard?: string;
  /** Every system's scope of this name in turn. */
  readonly all?: boolean;
}

/** One property's verdict in the scope. */
export interface ExploreVerdict {
  readonly id: string;
  readonly kind: Property['kind'];
  /** held / violated for invariants, found / not-found for hazards. */
  readonly status: 'held' | 'violated' | 'found' | 'not-found';
  readonly shortest?: Finding;
  /** The shortest generated (fast-check shrunk) counterexample of the corpus, when there is one. */
  readonly generatedLength?: number;
  readonly saved?: SavedCounterexample;
}

/** What `mqspec explore --json` prints. */
export interface ExploreDocument {
  readonly result: ExploreResult;
  readonly summary: string;
  readonly statesPerSecond: number;
  readonly verdicts: readonly ExploreVerdict[];
}

/** Ten minutes: long enough for the default scopes on a slow machine, short enough to notice a scope too big. */
const defaultTimeSeconds = 600;

/** The system's exploration, or a UsageError naming the known ones. */
function explorationOf(system: string | undefined): NonNullable<ReturnType<typeof explorations.get>> {
  const known = [...explorations.keys()].join(', ');
  if (system === undefined) throw new UsageError(`explore: --system is required (one of: ${known})`);
  const exploration = explorations.get(system);
  if (exploration === undefined) throw new UsageError(`--system: unknown system "${system}" (expected one of: ${known})`);
  return exploration;
}

/** Runs the search in-process or on worker threads, one task per setup. */
function runSearch(task: Omit<ExploreTask, 'setupIndexes'>, scope: AnyExplorationScope, setups: readonly number[], workers: number, context: CliContext): ExploreResult {
  const model = context.systems.get(task.system);
  const exploration = explorations.get(task.system);
  if (model === undefined || exploration === undefined) throw new UsageError(`--system: unknown system "${task.system}"`);
  if (workers > 1 && setups.length > 1) {
    // A thread runs several setups one after another, so no part's own time is the search's: time the pool.
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const replies = runInWorkers(setups.map((i) => ({ ...task, setupIndexes: [i] })), workers);
    const merged = mergeResults(replies.map((r) => (r.kind === 'explore' ? r.result : unreachable(r.kind))));
    const cpu = process.cpuUsage(cpuStarted);
    return { ...merged, milliseconds: performance.now() - started, cpuMilliseconds: (cpu.user + cpu.system) / 1000 };
  }
  const properties = context.catalog.filter((p) => p.system === task.system);
  return explore({
    model,
    exploration,
    scopeName: task.scope,
    scope,
    properties,
    setupIndexes: setups,
    symmetry: task.symmetry,
    ...(task.maxDepth === undefined ? {} : { maxDepth: task.maxDepth }),
    ...(task.timeLimitMs === undefined ? {} : { timeLimitMs: task.timeLimitMs }),
    ...(task.heapLimitBytes === undefined ? {} : { heapLimitBytes: task.heapLimitBytes }),
  });
}

/**
 * `--max-memory` in bytes. The search stops cleanly with a partial result when its heap reaches the bound, so the
 * bound must leave V8 room to finish: more than three quarters of node's heap limit (the default bound) is refused.
 */
function heapLimitOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const mib = parsePositiveInteger('--max-memory', text);
  const most = Math.floor((getHeapStatistics().heap_size_limit * 0.75) / 2 ** 20);
  if (mib > most) throw new UsageError(`--max-memory: at most ${most} MiB in this node (received ${mib}; node --max-old-space-size raises the heap)`);
  return mib * 2 ** 20;
}

function unreachable(kind: string): never {
  throw new Error(`explore: a worker answered a ${kind} task`);
}

/** The shortest stored counterexample of the property on the model, if any. */
function generatedLength(corpus: Corpus, id: string): number | undefined {
  const lengths = storedFor(corpus, id, modelTarget).map((entry) => entry.record.scenario.commands.length);
  return lengths.length === 0 ? undefined : Math.min(...lengths);
}

/** Saves a finding to the corpus, with the property's own message and explanation for the scenario. */
function saveFinding(finding: Finding, property: Property, folder: string, corpus: Corpus, context: CliContext): SavedCounterexample | undefined {
  const evaluation = property.evaluate(finding.scenario);
  if (evaluation.status !== 'violated') return undefined;
  const counterexample = {
    scenario: finding.scenario,
    length: finding.length,
    step: evaluation.step,
    message: evaluation.message,
    ...(evaluation.explanation === undefined ? {} : { explanation: evaluation.explanation }),
  };
  // Found by search, not by a seed: seed 0 and no fast-check path.
  const record = counterexampleRecord(counterexample, { property, target: modelTarget, seed: 0, mqspecVersion: packageVersion() });
  return saveCounterexample(folder, record, { systems: context.systems, existing: corpus.entries });
}

/** Whether `--scope` names a file rather than one of the system's scopes. */
function isScopeFile(scope: string): boolean {
  return scope.endsWith('.json') || scope.includes('/') || scope.includes('\\');
}

/** The scope to search: a named one of the system, or a scope file's (which may name the system itself). */
interface ChosenScope {
  readonly exploration: AnyExploration;
  readonly name: string;
  readonly scope: AnyExplorationScope;
  /** For worker threads: a scope file's summary and validated bounds. */
  readonly file?: { readonly summary: string; readonly bounds: unknown };
}

function chooseScope(options: ExploreCommandOptions, context: CliContext): ChosenScope {
  const scopeName = options.scope ?? 'default';
  if (!isScopeFile(scopeName)) {
    const exploration = explorationOf(options.system);
    const scope = exploration.scopes[scopeName];
    if (scope === undefined) {
      throw new UsageError(`--scope: ${exploration.system} has no scope "${scopeName}" (expected one of: ${Object.keys(exploration.scopes).join(', ')}, or a scope file ending in .json)`);
    }
    return { exploration, name: scopeName, scope };
  }
  const read = readScopeFile(scopeName, explorations, context.systems);
  if (!read.ok) throw new UsageError(`--scope ${scopeName}: ${read.reason}`);
  if (options.system !== undefined && options.system !== read.system) {
    throw new UsageError(`--scope ${scopeName}: the file is a scope of ${read.system}, not of --system ${options.system}`);
  }
  return { exploration: explorationOf(read.system), name: scopeName, scope: read.scope, file: { summary: read.summary, bounds: read.bounds } };
}

/** Explores the scope and judges every property of the system in it, saving shortest counterexamples unless told not to. */
function exploreScope(options: ExploreCommandOptions, context: CliContext): ExploreDocument {
  const { exploration, name: scopeName, scope, file } = chooseScope(options, context);
  const maxDepth = options.depth === undefined ? undefined : parsePositiveInteger('--depth', options.depth);
  const seconds = options.time === undefined ? defaultTimeSeconds : parsePositiveInteger('--time', options.time);
  const heapLimitBytes = heapLimitOption(options.maxMemory);
  const workers = options.workers === undefined ? defaultWorkers() : parsePositiveInteger('--workers', options.workers);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (typeof shard === 'string') throw new UsageError(shard);
  const setups = shardOf(scope.setups.map((_, i) => i), shard as Shard | undefined);
  if (setups.length === 0) throw new UsageError(`--shard: shard ${options.shard ?? ''} of a scope with ${scope.setups.length} setups is empty`);
  const result = runSearch(
    {
      kind: 'explore',
      system: exploration.system,
      scope: scopeName,
      ...(file === undefined ? {} : { scopeFile: file }),
      symmetry: options.symmetry !== false,
      timeLimitMs: seconds * 1000,
      ...(heapLimitBytes === undefined ? {} : { heapLimitBytes }),
      ...(maxDepth === undefined ? {} : { maxDepth }),
    },
    scope,
    setups,
    workers,
    context,
  );
  if (result.stopMessage !== undefined) context.stderr.write(`mqspec: ${result.stopMessage}\n`);
  const folder = options.corpus ?? context.corpus;
  const corpus = loadCorpus(folder, context.systems, context.catalog);
  const properties = context.catalog.filter((p) => p.system === exploration.system);
  const verdicts = properties.map((property): ExploreVerdict => {
    const shortest = result.findings.find((f) => f.id === property.id);
    const generated = generatedLength(corpus, property.id);
    const saved = shortest === undefined || options.save === false ? undefined : saveFinding(shortest, property, folder, corpus, context);
    return {
      id: property.id,
      kind: property.kind,
      status: verdictStatus(property.kind, shortest),
      ...(shortest === undefined ? {} : { shortest }),
      ...(generated === undefined ? {} : { generatedLength: generated }),
      ...(saved === undefined ? {} : { saved }),
    };
  });
  return { result, summary: scope.summary, statesPerSecond: statesPerSecond(result), verdicts };
}

/** A property's verdict in a scope from whether the search found a violation of it. */
export function verdictStatus(kind: Property['kind'], shortest: Finding | undefined): ExploreVerdict['status'] {
  if (kind === 'invariant') return shortest === undefined ? 'held' : 'violated';
  return shortest === undefined ? 'not-found' : 'found';
}

/** The search's throughput, in whole states per second of wall-clock time. */
export function statesPerSecond(result: ExploreResult): number {
  return Math.round(result.states / Math.max(result.milliseconds / 1000, 1e-3));
}

/** Exit 1 when an invariant is violated within a scope explored. */
export function exploreExitCode(documents: readonly ExploreDocument[]): ExitCode {
  return documents.some((d) => d.verdicts.some((v) => v.status === 'violated')) ? ExitCode.failed : ExitCode.ok;
}

/**
 * Explores the scope; exit 1 when an invariant is violated within it. With `--all`, one named scope (default:
 * `default`) of every system in turn — the main job's exhaustive part — then a table of the systems.
 */
export function exploreCommand(options: ExploreCommandOptions, context: CliContext): ExitCode {
  if (options.all !== true) {
    const document = exploreScope(options, context);
    context.stdout.write(options.json === true ? JSON.stringify(document, null, 2) + '\n' : exploreReport(document));
    return exploreExitCode([document]);
  }
  if (options.system !== undefined) throw new UsageError('explore: --all explores every system; leave out --system');
  if (options.scope !== undefined && isScopeFile(options.scope)) throw new UsageError('explore: --all takes a scope name that every system has (small, default), not a file');
  if (options.shard !== undefined) throw new UsageError('explore: --all cannot be sharded; shard one system at a time');
  const documents: ExploreDocument[] = [];
  for (const system of explorations.keys()) {
    const document = exploreScope({ ...options, system }, context);
    documents.push(document);
    if (options.json !== true) context.stdout.write(exploreReport(document) + '\n');
  }
  context.stdout.write(options.json === true ? JSON.stringify(documents, null, 2) + '\n' : exploreSummary(documents));
  return exploreExitCode(documents);
}
