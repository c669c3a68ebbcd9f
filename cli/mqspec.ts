#!/usr/bin/env node
/**
 * The `mqspec` bin: the command line against the real registries and the process's streams. It imports only the
 * program's definition up front; each verb loads its own modules when it runs (lazy-verbs.ts), so that start-up costs
 * what the verb needs and no more (`mqspec --help` loads neither the model nor any target).
 */
import { ExitCode } from './exit-code.js';
import { internalErrorLine } from './internal-error.js';

const argv = process.argv.slice(2);

/** One line on stderr and exit 4: what every unexpected fault outside the program's own handling ends in. */
function internalError(error: unknown): void {
  process.stderr.write(internalErrorLine(error, argv));
  process.exitCode = ExitCode.internal;
}

// A reader that closes the pipe early (`mqspec list --json | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  internalError(error);
});

try {
  // Imported here rather than statically, so that a module failing to load still ends in one line and exit 4.
  const [{ runProgramAsync }, { lazyVerbs }, { processStreams }] = await Promise.all([
    import('./program-definition.js'),
    import('./lazy-verbs.js'),
    import('./process-streams.js'),
  ]);
  const streams = processStreams();
  // exitCode rather than exit(): lets piped stdout drain before the process ends.
  process.exitCode = await runProgramAsync(argv, streams, lazyVerbs(streams));
} catch (error) {
  internalError(error);
}
