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
  // exitCode rather than exit(): lets piped stdout drain before the process ends.
  process.exitCode = runMqspec(process.argv.slice(2), processContext());
} catch (error) {
  internalError(error);
}
