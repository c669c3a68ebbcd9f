#!/usr/bin/env node
/** The `mqspec` bin: the command line against the real registries and the process's streams. */

/** One line on stderr and exit 2: what every unexpected fault ends in. */
function internalError(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`mqspec: internal error: ${reason.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  process.exitCode = 2;
}

// A reader that closes the pipe early (`mqspec list --json | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  internalError(error);
});

try {
  // Imported here rather than statically, so that a registry failing to load still ends in one line and exit 2.
  const { processContext } = await import('./context.js');
  const { runMqspec } = await import('./program.js');
  const { preloadTargetModules } = await import('./target-modules.js');
  const argv = process.argv.slice(2);
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
