/**
 * `mqspec` run in this thread with every verb loaded: what the tests drive (against fake registries and captured
 * streams) and what each verb module is bound to. The bin runs the same program, loading only the verb it needs
 * (lazy-verbs.ts); the definition, options and exit statuses are program-definition.ts's.
 */
import { checkCommand } from './commands/check.js';
import { exploreCommand } from './commands/explore.js';
import { listCommand } from './commands/list.js';
import { mergeCommand } from './commands/merge.js';
import { replayCommand } from './commands/replay.js';
import { reportCommand } from './commands/report.js';
import { targetsCommand } from './commands/targets.js';
import { runCommand } from './commands/run.js';
import { traceCommand } from './commands/trace.js';
import type { CliContext } from './context.js';
import type { ExitCode } from './exit-code.js';
import { runProgram, runProgramAsync, type Verbs } from './program-definition.js';

/** The verbs bound to a context. */
export function boundVerbs(context: CliContext): Verbs {
  return {
    list: (options) => listCommand(options, context),
    check: (options) => checkCommand(options, context),
    targets: (options) => targetsCommand(options, context),
    explore: (options) => exploreCommand(options, context),
    merge: (files, options) => mergeCommand(files, options, context),
    replay: (file, options) => replayCommand(file, options, context),
    report: (options) => reportCommand(options, context),
    trace: (file, options) => traceCommand(file, options, context),
    run: (options) => runCommand(options, context),
  };
}

/** Runs `mqspec` with the arguments after the program name; returns the exit status and never throws. */
export function runMqspec(argv: readonly string[], context: CliContext): ExitCode {
  return runProgram(argv, context, boundVerbs(context));
}

/** Runs `mqspec` with asynchronous verbs allowed (`run`); resolves to the exit status and never rejects. */
export function runMqspecAsync(argv: readonly string[], context: CliContext): Promise<ExitCode> {
  return runProgramAsync(argv, context, boundVerbs(context) as unknown as Verbs<'async'>);
}
