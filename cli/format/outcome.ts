import type { Outcome } from '../../model/outcome.js';

/** An outcome in one line: `ok`, `ok <value as JSON>`, or `<error>: <message>`. */
export function formatOutcome(outcome: Outcome): string {
  if (outcome.ok) return outcome.value === undefined ? 'ok' : `ok ${JSON.stringify(outcome.value)}`;
  return outcome.message === undefined ? outcome.error : `${outcome.error}: ${outcome.message}`;
}
