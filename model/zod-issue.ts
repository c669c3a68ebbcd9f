/**
 * How mqspec names where a zod issue sits in a value: `commands[2].partitions[0].topic` — array indexes in brackets,
 * keys after dots, the leading dot dropped. One spelling for the one-line errors about scenarios, counterexample
 * records and merged documents.
 */
import type { z } from 'zod';

/** The issue's path, `''` at the root. */
export function issuePath(issue: z.ZodError['issues'][number]): string {
  return issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
}
