/**
 * `mqspec merge FILE...`: the report of a sharded campaign. Each shard of `check --shard i/n --json` or
 * `explore --shard i/n --json` (a job of a CI matrix, say) writes its document to a file; merge reads them and prints
 * what the unsharded command would have printed — its human report, or with `--json` its document — and exits with
 * its status. Files that cannot be one campaign (malformed, of another kind, mixing check and explore, shards of
 * checks with other seeds) are bad input: one line, exit 2.
 *
 * The documents are validated for what merging and the reports read; the rest of each is carried through as the
 * shard wrote it, so that a merged `--json` document is the one the shards would have printed together.
 */
import { z } from 'zod';
import { isRecord } from '../../model/json.js';
import { issuePath } from '../../model/zod-issue.js';
import { deepEqual } from '../../properties/deep-equal.js';
import { mergeResults, type ExploreResult, type Finding } from '../../properties/explore/explore.js';
import { readJsonFile } from '../../properties/read-json-file.js';
import { colorsFor, type CliContext } from '../context.js';
import type { ExitCode } from '../exit-code.js';
import { exploreReport, exploreSummary } from '../format/explore-report.js';
import { UsageError } from '../usage-error.js';
import { checkExitCode, checkReport, checkSummary, type CheckDocument } from './check.js';
import { exploreExitCode, statesPerSecond, verdictStatus, type ExploreDocument, type ExploreVerdict } from './explore.js';

/** The options of `mqspec merge`. */
export interface MergeOptions {
  readonly json?: boolean;
}

const count = z.number().int().nonnegative();
const kind = z.enum(['invariant', 'hazard']);
/** A scenario as the reports print it (JSON.stringify): its system and commands are checked, the rest carried. */
const scenario = z.looseObject({ system: z.string(), commands: z.array(z.unknown()) });
const saved = z.looseObject({ status: z.enum(['written', 'exists', 'conflict', 'failed']), path: z.string(), reason: z.string().optional() });

const checkResultSchema = z.looseObject({
  id: z.string().min(1),
  system: z.string(),
  kind,
  status: z.enum(['held', 'violated', 'found', 'not-found', 'error', 'target-failure']),
  runs: count,
  seed: z.number().int(),
  milliseconds: z.number().nonnegative(),
  counterexample: z
    .looseObject({ scenario, length: count, step: count, message: z.string(), explanation: z.string().optional() })
    .optional(),
  coverage: z.record(z.string(), z.number()),
  error: z.string().optional(),
  replayed: z.array(z.looseObject({ file: z.string(), reproduced: z.boolean(), step: count.optional(), message: z.string().optional() })),
  regression: z.string().optional(),
  saved: saved.optional(),
});

const matrixRowSchema = z.looseObject({
  target: z.string(),
  version: z.string(),
  system: z.string(),
  verdict: z.string(),
  agreed: count,
  diverged: count,
  milliseconds: z.number().nonnegative(),
  properties: z.record(z.string(), z.unknown()),
  skipped: z.string().optional(),
});

/** What `check --json` prints (CheckDocument). */
const checkDocumentSchema = z.looseObject({
  seed: z.number().int(),
  runs: z.number().int().positive().optional(),
  corpus: z.string(),
  warnings: z.array(z.string()),
  results: z.array(checkResultSchema),
  summary: z.looseObject({ passed: count, failed: count }),
  matrix: z.looseObject({ rows: z.array(matrixRowSchema), changes: z.array(z.string()) }).optional(),
});

const findingSchema = z.looseObject({ id: z.string().min(1), kind, scenario, length: count, message: z.string() });

const exploreResultSchema = z.looseObject({
  system: z.string().min(1),
  scope: z.string().min(1),
  setups: z.array(count).min(1),
  symmetry: z.boolean(),
  states: count,
  transitions: count,
  depthCompleted: count,
  exhausted: z.boolean(),
  stopped: z.enum(['depth', 'time', 'memory', 'transitions', 'found']).optional(),
  stopMessage: z.string().optional(),
  milliseconds: z.number().nonnegative(),
  cpuMilliseconds: z.number().nonnegative(),
  heapBytes: z.number().nonnegative(),
  rssBytes: z.number().nonnegative(),
  findings: z.array(findingSchema),
  checked: z.array(z.string()),
});

/** What `explore --json` prints (ExploreDocument). */
const exploreDocumentSchema = z.looseObject({
  result: exploreResultSchema,
  summary: z.string(),
  statesPerSecond: z.number().nonnegative(),
  verdicts: z.array(
    z.looseObject({
      id: z.string().min(1),
      kind,
      status: z.enum(['held', 'violated', 'found', 'not-found']),
      shortest: findingSchema.optional(),
      generatedLength: count.optional(),
      saved: saved.optional(),
    }),
  ),
});

/** One file a shard wrote: a check document, or explore documents (one, or a list as `explore --all --json` prints). */
type ShardFile =
  | { readonly file: string; readonly kind: 'check'; readonly document: CheckDocument }
  | { readonly file: string; readonly kind: 'explore'; readonly documents: readonly ExploreDocument[] };

type CheckFile = Extract<ShardFile, { kind: 'check' }>;
type ExploreFile = Extract<ShardFile, { kind: 'explore' }>;

/** One explore document with the file it came from, for the messages. */
interface ExplorePart {
  readonly file: string;
  readonly document: ExploreDocument;
}

/** The first zod issue as `file: path: message`. */
function issueLine(file: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue === undefined ? '' : issuePath(issue);
  return `${file}: ${path === '' ? '' : `${path}: `}${issue?.message ?? 'invalid'}`;
}

/** Which command printed the value, by the fields only its document has, or a UsageError saying it is neither. */
function documentKind(file: string, value: unknown): 'check' | 'explore' {
  if (Array.isArray(value)) return 'explore';
  const expected = 'expected the document that check --json or explore --json prints';
  if (!isRecord(value)) throw new UsageError(`${file}: ${expected}, received ${value === null ? 'null' : typeof value}`);
  if ('target' in value && 'verdict' in value) throw new UsageError(`${file}: a check --target document; merge takes the shards of check and explore on the model`);
  if ('results' in value) return 'check';
  if ('result' in value && 'verdicts' in value) return 'explore';
  throw new UsageError(`${file}: ${expected} (it has neither "results" nor "result" and "verdicts")`);
}

/**
 * Reads and validates one shard's file. The schemas check every field merging and the reports read, and transform
 * nothing: the value kept is the one read, so what they do not read (and the order of keys) is as the shard wrote it.
 */
function readShardFile(file: string): ShardFile {
  const read = readJsonFile(file);
  if (!read.ok) throw new UsageError(`${file}: ${read.reason}`);
  const value = read.value;
  if (documentKind(file, value) === 'check') {
    const parsed = checkDocumentSchema.safeParse(value);
    if (!parsed.success) throw new UsageError(issueLine(file, parsed.error));
    return { file, kind: 'check', document: value as CheckDocument };
  }
  // A list is what `explore --all --json` prints: one document per system.
  const parsed = (Array.isArray(value) ? z.array(exploreDocumentSchema).min(1) : exploreDocumentSchema).safeParse(value);
  if (!parsed.success) throw new UsageError(issueLine(file, parsed.error));
  return { file, kind: 'explore', documents: Array.isArray(value) ? (value as ExploreDocument[]) : [value as ExploreDocument] };
}

/** The value without the keys that measure a run (time, memory) rather than say what it found. */
function withoutTimings<T extends object>(value: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** A value of each file, refused unless the files agree on it: the shards of one campaign share their options. */
function agreeing<T>(parts: readonly { readonly file: string; readonly value: T }[], what: (value: T) => string): T {
  const [first, ...rest] = parts;
  if (first === undefined) throw new Error('merge: nothing to agree on');
  const other = rest.find((p) => !deepEqual(p.value, first.value));
  if (other !== undefined) throw new UsageError(`merge: ${first.file} has ${what(first.value)} but ${other.file} has ${what(other.value)}: shards of one campaign must share it`);
  return first.value;
}

/** Two results of one property that say the same (the same shard given twice, or run twice): equal but for time. */
function sameCheckResult(a: CheckDocument['results'][number], b: CheckDocument['results'][number]): boolean {
  return deepEqual(withoutTimings(a, ['milliseconds']), withoutTimings(b, ['milliseconds']));
}

/** The results of every file, each property once, in catalog order. */
function mergedCheckResults(files: readonly CheckFile[], catalog: CliContext['catalog']): CheckDocument['results'] {
  const order = new Map(catalog.map((p, i) => [p.id, i]));
  const byId = new Map<string, { readonly file: string; readonly result: CheckDocument['results'][number] }>();
  for (const { file, document } of files) {
    document.results.forEach((result, index) => {
      if (!order.has(result.id)) throw new UsageError(`${file}: results[${index}].id: unknown property "${result.id}" (not in this mqspec's catalog)`);
      const known = byId.get(result.id);
      if (known === undefined) byId.set(result.id, { file, result });
      else if (!sameCheckResult(known.result, result)) {
        throw new UsageError(`merge: ${result.id} is in ${known.file} and in ${file} with different results: give each property's shard once`);
      }
    });
  }
  return [...byId.values()].map((entry) => entry.result).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** The matrix, which every shard that ran `--matrix` ran whole (it is not sharded): one, if they agree. */
function mergedMatrix(files: readonly CheckFile[]): CheckDocument['matrix'] {
  const withMatrix = files.flatMap(({ file, document }) => (document.matrix === undefined ? [] : [{ file, matrix: document.matrix }]));
  if (withMatrix.length === 0) return undefined;
  const [first, ...rest] = withMatrix;
  const verdicts = (matrix: NonNullable<CheckDocument['matrix']>): unknown => ({ rows: matrix.rows.map((r) => withoutTimings(r, ['milliseconds'])), changes: matrix.changes });
  const other = rest.find((m) => first !== undefined && !deepEqual(verdicts(m.matrix), verdicts(first.matrix)));
  if (first !== undefined && other !== undefined) {
    throw new UsageError(`merge: ${first.file} and ${other.file} hold different --matrix results (each shard runs the matrix whole, so they must agree)`);
  }
  return first?.matrix;
}

/** One check document from disjoint property shards of one seed, as the unsharded check would have printed it. */
function mergeCheckDocuments(files: readonly CheckFile[], catalog: CliContext['catalog']): CheckDocument {
  const seed = agreeing(files.map(({ file, document }) => ({ file, value: document.seed })), (s) => `seed ${s}`);
  const runs = agreeing(files.map(({ file, document }) => ({ file, value: document.runs })), (r) => (r === undefined ? "each property's own runs" : `--runs ${r}`));
  const corpus = agreeing(files.map(({ file, document }) => ({ file, value: document.corpus })), (c) => `corpus ${JSON.stringify(c)}`);
  const results = mergedCheckResults(files, catalog);
  // Every shard loads the same corpus, so its warnings about skipped files come once from each: keep one of each.
  const warnings = [...new Set(files.flatMap(({ document }) => document.warnings))];
  const matrix = mergedMatrix(files);
  return { seed, ...(runs === undefined ? {} : { runs }), corpus, warnings, results, summary: checkSummary(results), ...(matrix === undefined ? {} : { matrix }) };
}

/** The figures of a search that measure the machine, not the scope. */
const timingKeys = ['milliseconds', 'cpuMilliseconds', 'heapBytes', 'rssBytes'];

/**
 * The parts of one system and scope, each setup once: a part equal to an earlier one but for its timings (the same
 * shard given twice) is dropped; parts that share only some setups cannot be added up and are refused.
 */
function distinctParts(parts: readonly ExplorePart[]): ExplorePart[] {
  const kept: ExplorePart[] = [];
  for (const part of parts) {
    const { result } = part.document;
    const same = kept.find((k) => deepEqual(withoutTimings(k.document.result, timingKeys), withoutTimings(result, timingKeys)));
    if (same !== undefined) continue;
    const overlap = kept.find((k) => k.document.result.setups.some((s) => result.setups.includes(s)));
    if (overlap !== undefined) {
      const setup = overlap.document.result.setups.find((s) => result.setups.includes(s));
      throw new UsageError(`merge: ${overlap.file} and ${part.file} both explored setup ${setup ?? '?'} of ${result.system} scope ${result.scope}: give each shard once`);
    }
    kept.push(part);
  }
  return kept;
}

/** One property's verdict in the merged scope: from the merged shortest finding, saved where the part that found it saved it. */
function mergedVerdict(verdict: ExploreVerdict, merged: ExploreResult, parts: readonly ExplorePart[]): ExploreVerdict {
  const shortest: Finding | undefined = merged.findings.find((f) => f.id === verdict.id);
  const theirs = parts.map((p) => p.document.verdicts.find((v) => v.id === verdict.id));
  const lengths = theirs.flatMap((v) => (v?.generatedLength === undefined ? [] : [v.generatedLength]));
  const saved = shortest === undefined ? undefined : theirs.find((v) => v?.saved !== undefined && deepEqual(v.shortest, shortest))?.saved;
  return {
    id: verdict.id,
    kind: verdict.kind,
    status: verdictStatus(verdict.kind, shortest),
    ...(shortest === undefined ? {} : { shortest }),
    ...(lengths.length === 0 ? {} : { generatedLength: Math.min(...lengths) }),
    ...(saved === undefined ? {} : { saved }),
  };
}

/** One explore document from the parts of one system and scope (disjoint setups), with mergeResults. */
function mergeExploreParts(parts: readonly ExplorePart[]): ExploreDocument {
  const [first] = parts;
  if (first === undefined) throw new Error('merge: no explore parts');
  const { system, scope } = first.document.result;
  const values = <T>(pick: (d: ExploreDocument) => T) => parts.map((p) => ({ file: p.file, value: pick(p.document) }));
  agreeing(values((d) => d.result.symmetry), (s) => `${system} scope ${scope} explored ${s ? 'with' : 'without'} symmetry reduction`);
  agreeing(values((d) => d.summary), (s) => `${system} scope ${scope} described as ${JSON.stringify(s)}`);
  agreeing(values((d) => d.result.checked), (c) => `${system} checked for ${c.join(', ')}`);
  const distinct = distinctParts(parts);
  if (distinct.length === 1) return first.document;
  const result = mergeResults(distinct.map((p) => p.document.result));
  const verdicts = first.document.verdicts.map((v) => mergedVerdict(v, result, distinct));
  return { result, summary: first.document.summary, statesPerSecond: statesPerSecond(result), verdicts };
}

/** One document per system and scope, in the registry's order of systems (as `explore --all` prints them). */
function mergeExploreFiles(files: readonly ExploreFile[], systems: CliContext['systems']): ExploreDocument[] {
  const groups = new Map<string, ExplorePart[]>();
  for (const { file, documents } of files) {
    for (const document of documents) {
      const key = JSON.stringify([document.result.system, document.result.scope]);
      groups.set(key, [...(groups.get(key) ?? []), { file, document }]);
    }
  }
  const order = [...systems.keys()];
  const rank = (d: ExploreDocument): number => (order.includes(d.result.system) ? order.indexOf(d.result.system) : order.length);
  // Array.prototype.sort is stable: scopes of one system, and unknown systems, stay in the order the files gave them.
  return [...groups.values()].map(mergeExploreParts).sort((a, b) => rank(a) - rank(b));
}

/** The files of one kind, or a UsageError naming a file of each kind. */
function oneKind(files: readonly ShardFile[]): { readonly kind: 'check'; readonly files: CheckFile[] } | { readonly kind: 'explore'; readonly files: ExploreFile[] } {
  const checks = files.filter((f): f is CheckFile => f.kind === 'check');
  const explores = files.filter((f): f is ExploreFile => f.kind === 'explore');
  const [check] = checks;
  const [explore] = explores;
  if (check !== undefined && explore !== undefined) {
    throw new UsageError(`merge: ${check.file} is a check document but ${explore.file} an explore document: merge the shards of one command at a time`);
  }
  return checks.length > 0 ? { kind: 'check', files: checks } : { kind: 'explore', files: explores };
}

/**
 * Merges the shards' documents and prints what the unsharded command prints, exiting with its status: check's
 * (0, 1, or 4 for a check that broke) or explore's (1 when an invariant is violated in a scope).
 */
export function mergeCommand(paths: readonly string[], options: MergeOptions, context: CliContext): ExitCode {
  const json = options.json === true;
  const files = oneKind(paths.map(readShardFile));
  if (files.kind === 'check') {
    const document = mergeCheckDocuments(files.files, context.catalog);
    context.stdout.write(json ? JSON.stringify(document, null, 2) + '\n' : checkReport(document, colorsFor(context.stdout, context.env)));
    return checkExitCode(document, context.stderr);
  }
  const documents = mergeExploreFiles(files.files, context.systems);
  // As explore says it on stderr: a part stopped early, so the merged scope is not exhausted.
  for (const { result } of documents) if (result.stopMessage !== undefined) context.stderr.write(`mqspec: ${result.stopMessage}\n`);
  const [only] = documents;
  if (documents.length === 1 && only !== undefined) context.stdout.write(json ? JSON.stringify(only, null, 2) + '\n' : exploreReport(only));
  else if (json) context.stdout.write(JSON.stringify(documents, null, 2) + '\n');
  else context.stdout.write(documents.map((d) => exploreReport(d) + '\n').join('') + exploreSummary(documents));
  return exploreExitCode(documents);
}
