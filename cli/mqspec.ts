#!/usr/bin/env node
/** The `mqspec` bin: the command line against the real registries and the process's streams. */
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
  // Imported here rather than statically, so that a registry failing to load still ends in one line and exit 4.
  const { processContext } = await import('./context.js');
  const { runMqspec } = await import('./program.js');
  const { preloadTargetModules } = await import('./target-modules.js');
  let targets;
  try {
    targets = await preloadTargetModules(argv);
  } catch (error) {
    process.stderr.write(`mqspec: ${error instanceof Error ? error.message.replace(/\s*\n\s*/g, ' ') : String(error)}\n`);
    process.exit(2);
  }
  // exitCode rather than exit(): lets piped stdout drain before the process ends.
  process.exitCode = runMqspec(argv, { ...processContext(), targets });
} catch (error) {
  internalError(error);
}
