/**
 * An internal error is not bad input: an exception nobody expected means a bug in mqspec. It is reported in one line
 * that says so and names the input that caused it (the command line, which names the file or the seed), and the
 * process exits with its own status, `ExitCode.internal`, so that scripts can tell it from exit 2.
 */

/** Joins a multi-line message into one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** The reason of any thrown value, in one line. */
function reasonOf(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return oneLine(reason) === '' ? (error instanceof Error ? error.name : 'unknown error') : oneLine(reason);
}

/** An argument as a shell would need it quoted to run it again. */
function shellWord(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`;
}

/**
 * The line for an unexpected exception while running `mqspec …argv`:
 * `mqspec: internal error (a bug in mqspec; please report it with this input): <reason> [input: mqspec replay x.json]`.
 */
export function internalErrorLine(error: unknown, argv: readonly string[]): string {
  const input = ['mqspec', ...argv].map(shellWord).join(' ');
  return `mqspec: internal error (a bug in mqspec; please report it with this input): ${reasonOf(error)} [input: ${input}]\n`;
}
