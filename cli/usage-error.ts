/**
 * Bad usage or bad input (unknown property, malformed number, malformed scenario file): the CLI prints the message
 * as one line on stderr and exits 2. Verbs throw it; the program catches it.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
