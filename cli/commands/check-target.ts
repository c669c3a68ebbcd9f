/**
 * `mqspec check --target NAME` / `--exec "CMD ARGS"`: checks an implementation against the model (conformance/
 * check-target.ts): the target's counterexamples in the corpus first, then generated scenarios in lockstep,
 * divergences shrunk against the target and saved under its name. Exit 0 when it agrees, 1 when it diverges (or
 * violates an invariant), 3 on a target failure, 2 for bad usage (an unknown target, a program that cannot start).
 */
import { checkTarget, type TargetCheckResult } from '../../conformance/check-target.js';
import { protocolTarget } from '../../conformance/protocol/protocol-target.js';
import { SpawnError } from '../../conformance/protocol/child-channel.js';
import type { Target } from '../../conformance/target.js';
import { agreementCatalog, targetProperties } from '../../conformance/target-properties.js';
import { resolveTarget, TargetUnavailable, UnknownTarget } from '../../conformance/targets.js';
import type { SystemId } from '../../model/system.js';
import type { CorpusCheckResult } from '../../properties/corpus/check-replay-first.js';
import { loadCorpus } from '../../properties/corpus/load-corpus.js';
import { TargetFailure } from '../../properties/target-failure.js';
import { colorsFor, type CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { progressDone, summaryTable } from '../format/check-report.js';
import { notApplicableLines, targetFailureDetails, targetHeading, targetResultDetails, targetVerdictLine } from '../format/target-report.js';
import { parsePositiveInteger } from '../parse-integer.js';
import { UsageError } from '../usage-error.js';
import { packageVersion } from '../version.js';
import { targetInvocation, type TargetInvocation, type TargetOptions } from '../target-invocation.js';
import type { CheckCommandOptions } from './check.js';
import { resolveSeed } from './check.js';

/** What `mqspec check --target --json` prints. */
export interface TargetCheckDocument extends TargetCheckResult {
  readonly seed: number;
  readonly corpus: string;
  readonly warnings: readonly string[];
  readonly summary: { readonly passed: number; readonly failed: number; readonly notApplicable: number };
}

/** The per-request timeout from `--timeout`, if given. */
export function parseTimeout(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parsePositiveInteger('--timeout', text);
}

/**
 * Starts the target the options name; a program that cannot start or a name nothing resolves is bad usage (exit 2),
 * a target that starts but fails its handshake is a TargetFailure (exit 3, reported by the caller).
 */
export function startTarget(options: TargetOptions & Pick<CheckCommandOptions, 'timeout'>, context: CliContext): Target {
  if (options.target !== undefined && options.exec !== undefined) throw new UsageError('--target and --exec: give one of them, not both');
  const timeout = parseTimeout(options.timeout);
  try {
    if (options.exec !== undefined) {
      return protocolTarget(options.exec, { ...(timeout === undefined ? {} : { timeout }), ...(options.execCwd === undefined ? {} : { cwd: options.execCwd }) });
    }
    return resolveTarget(options.target ?? '', { ...(timeout === undefined ? {} : { timeout }), ...(context.targets === undefined ? {} : { modules: context.targets }) });
  } catch (error) {
    const option = options.exec !== undefined ? '--exec' : '--target';
    if (error instanceof SpawnError) throw new UsageError(`${option}: cannot start ${JSON.stringify(options.exec ?? options.target)}: ${error.message}`);
    if (error instanceof UnknownTarget || error instanceof TargetUnavailable) throw new UsageError(`${option}: ${error.message}`);
    if (error instanceof TargetFailure) throw error;
    if (error instanceof Error && options.exec !== undefined) throw new UsageError(`--exec: ${error.message}`);
    throw error;
  }
}

/** The property ids a target is checked on, validated against `--property` and `--system`. */
function selection(target: Target, options: CheckCommandOptions, context: CliContext): { properties?: string[]; systems?: SystemId[] } {
  const declared = target.systems.filter((s) => context.systems.has(s.system));
  if (declared.length === 0) {
    throw new UsageError(`--target: ${target.name} implements no system mqspec models (it declares: ${target.systems.map((s) => s.system).join(', ') || 'none'})`);
  }
  if (options.system !== undefined && !declared.some((s) => s.system === options.system)) {
    throw new UsageError(`--system: ${target.name} does not implement "${options.system}" (it implements: ${declared.map((s) => s.system).join(', ')})`);
  }
  const systems = options.system === undefined ? undefined : [options.system as SystemId];
  const ids = options.property ?? [];
  if (ids.length === 0) return systems === undefined ? {} : { systems };
  const known = declared.flatMap((s) => {
    const model = context.systems.get(s.system);
    return model === undefined ? [] : targetProperties(s, model, context.catalog).map((p) => p.id);
  });
  for (const id of ids) {
    if (!known.includes(id)) throw new UsageError(`--property: ${target.name} is not checked on "${id}" (expected one of: ${known.join(', ')})`);
  }
  return { properties: [...ids], ...(systems === undefined ? {} : { systems }) };
}

/** A failure thrown while the target started, as a result with no properties. */
function startFailure(error: TargetFailure, name: string): TargetCheckResult {
  return { target: { name, version: '?', describes: 'did not finish its handshake' }, results: [], unmodelled: [], notApplicable: [], failure: error.report(), verdict: 'target-failure' };
}

/** Runs `mqspec check` against a target. */
export function checkTargetCommand(options: CheckCommandOptions, context: CliContext): ExitCode {
  const seed = resolveSeed(options.seed, context.env);
  const runs = options.runs === undefined ? undefined : parsePositiveInteger('--runs', options.runs);
  const json = options.json === true;
  const colors = colorsFor(context.stdout, context.env);
  const tty = context.stdout.isTTY;
  const name = options.exec !== undefined ? `exec:${options.exec}` : (options.target ?? '');
  const invocation = targetInvocation(options, process.cwd());
  let target: Target;
  try {
    target = startTarget(options, context);
  } catch (error) {
    if (!(error instanceof TargetFailure)) throw error;
    return report(startFailure(error, name), [], '', seed, runs, invocation, options, context);
  }
  try {
    const selected = selection(target, options, context);
    const folder = options.corpus ?? context.corpus;
    const corpus = loadCorpus(folder, context.systems, [...context.catalog, ...agreementCatalog(context.systems, context.catalog)]);
    const warnings = [...corpus.warnings];
    for (const warning of corpus.warnings) context.stderr.write(`mqspec: warning: ${warning}\n`);
    if (!json) context.stdout.write(targetHeading({ target }, colors));
    const save = options.save === false ? undefined : { folder, systems: context.systems, mqspecVersion: packageVersion(), reach: invocation.location };
    const onResult = (result: CorpusCheckResult): void => {
      if (!json) context.stdout.write(progressDone(result, colors, tty));
    };
    const result = checkTarget(target, {
      seed,
      ...(runs === undefined ? {} : { runs }),
      ...selected,
      corpus,
      ...(save === undefined ? {} : { save }),
      models: context.systems,
      catalog: context.catalog,
      onResult,
    });
    return report(result, warnings, folder, seed, runs, invocation, options, context);
  } finally {
    target.dispose?.();
  }
}

/** Prints the result and answers the exit status. */
function report(
  result: TargetCheckResult,
  warnings: readonly string[],
  folder: string,
  seed: number,
  runs: number | undefined,
  invocation: TargetInvocation,
  options: CheckCommandOptions,
  context: CliContext,
): ExitCode {
  const colors = colorsFor(context.stdout, context.env);
  const passed = result.results.filter((r) => r.status === 'held').length;
  const failed = result.results.length - passed;
  if (options.json === true) {
    const document: TargetCheckDocument = { seed, corpus: folder, warnings, ...result, summary: { passed, failed, notApplicable: result.notApplicable.length } };
    context.stdout.write(JSON.stringify(document, null, 2) + '\n');
  } else {
    if (result.results.length > 0) context.stdout.write('\n' + summaryTable(result.results, colors));
    const details = result.results.map((r) => targetResultDetails(result.target.name, invocation.words, r, seed, runs, colors)).filter((text) => text !== '');
    if (details.length > 0) context.stdout.write('\n' + details.join('\n'));
    if (result.failure !== undefined) {
      const during = result.results.find((r) => r.status === 'target-failure')?.id;
      context.stdout.write('\n' + targetFailureDetails(during, result.failure, colors));
    }
    if (result.notApplicable.length > 0) context.stdout.write('\n' + notApplicableLines(result, colors));
    if (result.unmodelled.length > 0) context.stdout.write(`not checked (not modelled by mqspec): ${result.unmodelled.join(', ')}\n`);
    context.stdout.write('\n' + targetVerdictLine(result, seed, colors));
  }
  if (result.verdict === 'target-failure') return ExitCode.targetFailure;
  return result.verdict === 'agrees' ? ExitCode.ok : ExitCode.failed;
}
