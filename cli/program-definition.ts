/**
 * The `mqspec` command line's definition: verbs, options and exit statuses (DESIGN.md "Command line"), apart from
 * what the verbs do. Every fault ends in one line on stderr: bad usage and bad input exit 2; an unexpected exception
 * is a bug in mqspec and exits 4 (`mqspec: internal error (a bug in mqspec; …): … [input: mqspec …]`, see
 * internal-error.ts).
 *
 * The verbs come in as functions: program.ts binds them to their modules (what the tests run, synchronously), and
 * the bin loads only the verb it runs (lazy-verbs.ts), so that `mqspec --help` starts without loading the model.
 * This module therefore imports commander and the option types only.
 */
import { Command, CommanderError, Option } from 'commander';
import type { CheckCommandOptions } from './commands/check.js';
import type { ExploreCommandOptions } from './commands/explore.js';
import type { ListOptions } from './commands/list.js';
import type { MergeOptions } from './commands/merge.js';
import type { ReplayOptions } from './commands/replay.js';
import type { ReportOptions } from './commands/report.js';
import type { RunOptions } from './commands/run.js';
import type { TargetsOptions } from './commands/targets.js';
import type { TraceOptions } from './commands/trace.js';
import { colorsFor, type CliStreams } from './context.js';
import { ExitCode } from './exit-code.js';
import { internalErrorLine } from './internal-error.js';
import { UsageError } from './usage-error.js';
import { packageVersion } from './version.js';

/** What a verb answers: its exit status, at once or when it is done. */
export type VerbResult<R> = R extends 'sync' ? ExitCode : ExitCode | Promise<ExitCode>;

/** The verbs, by name, each given its parsed options. */
export interface Verbs<R extends 'sync' | 'async' = 'sync'> {
  list(options: ListOptions): VerbResult<R>;
  check(options: CheckCommandOptions): VerbResult<R>;
  targets(options: TargetsOptions): VerbResult<R>;
  explore(options: ExploreCommandOptions): VerbResult<R>;
  merge(files: readonly string[], options: MergeOptions): VerbResult<R>;
  replay(file: string, options: ReplayOptions): VerbResult<R>;
  report(options: ReportOptions): VerbResult<R>;
  trace(file: string, options: TraceOptions): VerbResult<R>;
  /** Real clients run for seconds: this verb is asynchronous in both forms (runProgramAsync runs it). */
  run(options: RunOptions): ExitCode | Promise<ExitCode>;
}

/** The verb names, as `mqspec` with no command lists them. */
export const verbNames = ['list', 'check', 'explore', 'merge', 'replay', 'targets', 'report', 'trace', 'run'] as const;

/** Joins a multi-line message into one line (commander puts suggestions on a line of their own). */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Appends a repeated option's value to the ones before it. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The commander program; each verb's action hands its result to `done`. */
export function buildProgram<R extends 'sync' | 'async'>(streams: CliStreams, verbs: Verbs<R>, done: (result: VerbResult<R>) => void): Command {
  const program = new Command('mqspec')
    .description('Executable specification of message-queue consumer behaviour, and its property-based conformance suite')
    .version(packageVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => streams.stdout.write(text),
      writeErr: (text) => streams.stderr.write(text),
      outputError: (text, write) => write(`mqspec: ${oneLine(text.replace(/^error: /, ''))}\n`),
      getOutHasColors: () => colorsFor(streams.stdout, streams.env).isColorSupported,
      getErrHasColors: () => colorsFor(streams.stderr, streams.env).isColorSupported,
    });

  program
    .command('list')
    .description('list the property catalog (id, system, kind, statement)')
    .addOption(new Option('--json', 'print the catalog and the command vocabulary as JSON').conflicts('markdown'))
    .option('--markdown', 'print the Markdown of docs/catalog.md: properties by system, then every command')
    .action((options: ListOptions) => done(verbs.list(options)));

  program
    .command('check')
    .description('check properties by generation; exit 1 if an invariant is violated or a hazard is not found')
    .option('-p, --property <id>', 'check this property (repeatable; default: all)', collect, [])
    .option('--system <id>', 'check only the properties of this system')
    .option('--seed <n>', 'base seed, or "random" (default: $MQSPEC_SEED or 20261202)')
    .option('--runs <n>', "generated scenarios per property (default: each property's own)")
    .option('--json', 'print {seed, corpus, warnings, results, summary} as JSON')
    .option('--corpus <dir>', 'the counterexample corpus to replay first and save to (default: counterexamples)')
    .option('--no-save', 'do not save new counterexamples to the corpus')
    .option('--target <name>', 'check this implementation instead of the model: a bundled target, zoo:<id>, exec:<command> or a module path')
    .option('--exec <command>', 'check this program, which speaks the JSON-lines protocol (docs/protocol.md)')
    .option('--matrix', 'then check every bundled library target and end with the matrix (targets × systems) and its expectations')
    .option('--timeout <ms>', 'per-request timeout of a protocol target (default: 2000)')
    .option('--workers <n>', "worker threads, one property at a time each (default: the machine's cores)")
    .option('--shard <i/n>', 'check only every n-th selected property, from the i-th (for a CI matrix)')
    .action((options: CheckCommandOptions) => done(verbs.check(options)));

  program
    .command('targets')
    .description('list the bundled targets (systems, versions, what they wrap, whether they can run here) and the bug-zoo targets')
    .option('--json', 'print the targets as JSON')
    .action((options: TargetsOptions) => done(verbs.targets(options)));

  program
    .command('explore')
    .description("exhaustive bounded exploration of a system's scope: every command sequence, every property at every step")
    .option('--system <id>', 'the system to explore (required unless a scope file names it)')
    .option('--scope <name|file>', 'a scope of the system (small, default; default: default) or a scope file (.json, see docs/exploration.md)')
    .option('--all', "every system's scope of that name in turn (the main job's exhaustive part), then a table")
    .option('--depth <n>', "the longest command sequence (default: the scope's bound)")
    .option('--time <s>', 'stop after this many seconds (default: 600)')
    .option('--max-memory <MiB>', "stop with a partial result when the search's heap reaches this (default: 3/4 of node's heap limit; per thread with workers)")
    .option('--workers <n>', "worker threads, one setup of the scope each (default: the machine's cores)")
    .option('--shard <i/n>', "explore only the i-th of n parts of the scope's setups")
    .option('--no-symmetry', 'do not merge states that differ only by interchangeable names')
    .option('--json', 'print {result, summary, statesPerSecond, verdicts} as JSON')
    .option('--corpus <dir>', 'the counterexample corpus to compare with and save to (default: counterexamples)')
    .option('--no-save', 'do not save shortest counterexamples to the corpus')
    .action((options: ExploreCommandOptions) => done(verbs.explore(options)));

  program
    .command('merge')
    .description("merge the --json documents of a sharded check or explore (one file per shard) into the unsharded command's report and exit status")
    .argument('<files...>', 'the files the shards wrote with --json: all of check, or all of explore')
    .option('--json', 'print the merged document, as the unsharded command prints it with --json')
    .action((files: string[], options: MergeOptions) => done(verbs.merge(files, options)));

  program
    .command('replay')
    .description('run a scenario or counterexample file on the model (and a target, side by side) and check its expectations')
    .argument('<file>', 'a scenario JSON file, or a counterexample file (an object with a "scenario" field)')
    .option('--json', 'print the replay as JSON')
    .option('--target <name>', "replay on this target beside the model (default: a counterexample's own target)")
    .option('--exec <command>', 'replay on this protocol program beside the model')
    .option('--timeout <ms>', 'per-request timeout of a protocol target (default: 2000)')
    .action((file: string, options: ReplayOptions) => done(verbs.replay(file, options)));

  program
    .command('report')
    .description('write reports/edge-cases.md and reports/index.html from the corpus and a fixed-seed check run')
    .option('--out <dir>', 'the folder to write to (default: reports)')
    .option('--corpus <dir>', 'the counterexample corpus to read (default: counterexamples)')
    .option('--seed <n>', 'base seed of the coverage run (default: $MQSPEC_SEED or 20261202)')
    .option('--json', 'print {seed, files, hazards, warnings} as JSON')
    .action((options: ReportOptions) => done(verbs.report(options)));

  program
    .command('trace')
    .description("check a history of real clients in a consumer group (JSON lines, docs/histories.md) against the model's rules")
    .argument('<file>', 'a history file: a header line, then one event per line')
    .option('--json', 'print {file, violations, duplicates, stableMarkers, errors} as JSON')
    .action((file: string, options: TraceOptions) => done(verbs.trace(file, options)));

  program
    .command('run')
    .description('run real Kafka clients in real consumer groups: generated workloads over a real broker, histories judged, failures shrunk (docs/real-clients.md)')
    .option('--library <name>', 'run this client library (repeatable; default: every one)', collect, [])
    .option('--assignor <name>', 'run this assignor (repeatable; default: every one each library offers)', collect, [])
    .option('--runs <n>', 'generated workloads per library and assignor (default: 6)')
    .option('--seed <n>', 'seed of the workloads, or "random" (default: $MQSPEC_SEED or 20261202)')
    .option('--concurrency <n>', 'workloads run at once, each on a broker of its own (default: 4)')
    .option('--shrink-time <s>', 'how long shrinking one failing workload may take, every step re-run for real (default: 180)')
    .option('--max-steps <n>', 'commands per workload after its first consumer starts (default: 8)')
    .option('--bootstrap <host:port>', 'run against a Kafka broker you run, instead of librdkafka\'s mock')
    .option('--replay <file>', 're-run a saved finding (or a workload file) once and judge it')
    .option('--corpus <dir>', 'save findings under <dir>/real-clients/kafka (default: counterexamples)')
    .option('--no-save', 'do not save findings')
    .option('--out <file>', 'write the campaign results here for the report (default: reports/real-clients.json)')
    .option('--json', 'print the results as JSON')
    .action((options: RunOptions) => done(verbs.run(options) as VerbResult<R>));

  return program;
}

/** The exit status for commander's own early exits: help and version are successes, everything else bad usage. */
function commanderExit(error: CommanderError): ExitCode {
  return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? ExitCode.ok : ExitCode.usage;
}

/** The line for `mqspec` without a command. */
function missingCommand(streams: CliStreams): ExitCode {
  streams.stderr.write(`mqspec: missing command (expected ${verbNames.slice(0, -1).join(', ')} or ${verbNames.at(-1) ?? ''}; see mqspec --help)\n`);
  return ExitCode.usage;
}

/** The exit status of anything the program or a verb threw, its line written (never throws). */
function faultExit(error: unknown, argv: readonly string[], streams: CliStreams): ExitCode {
  // Commander has already printed its one line (see outputError).
  if (error instanceof CommanderError) return commanderExit(error);
  if (error instanceof UsageError) {
    streams.stderr.write(`mqspec: ${oneLine(error.message)}\n`);
    return ExitCode.usage;
  }
  streams.stderr.write(internalErrorLine(error, argv));
  return ExitCode.internal;
}

/** Runs `mqspec` with synchronous verbs; returns the exit status and never throws. */
export function runProgram(argv: readonly string[], streams: CliStreams, verbs: Verbs): ExitCode {
  if (argv.length === 0) return missingCommand(streams);
  let exitCode: ExitCode = ExitCode.ok;
  try {
    buildProgram(streams, verbs, (code) => {
      exitCode = code;
    }).parse([...argv], { from: 'user' });
    if (typeof exitCode !== 'number') throw new Error('an asynchronous verb reached the synchronous runner (use runProgramAsync)');
    return exitCode;
  } catch (error) {
    return faultExit(error, argv, streams);
  }
}

/** Runs `mqspec` with verbs that may load what they need first; resolves to the exit status and never rejects. */
export async function runProgramAsync(argv: readonly string[], streams: CliStreams, verbs: Verbs<'async'>): Promise<ExitCode> {
  if (argv.length === 0) return missingCommand(streams);
  let result: ExitCode | Promise<ExitCode> = ExitCode.ok;
  try {
    await buildProgram(streams, verbs, (answer) => {
      result = answer;
    }).parseAsync([...argv], { from: 'user' });
    return await result;
  } catch (error) {
    return faultExit(error, argv, streams);
  }
}
