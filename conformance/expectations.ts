/**
 * What each bundled library target is expected to show (conformance/expectations.json): per target and property,
 * `agrees`, `diverges` with the corpus file of its shrunk scenario, `failure`, or `not-applicable` (the target's
 * declaration leaves the property out). A known divergence found again is
 * as expected; a changed status (a library upgrade, a model change, an adapter change) is reported so that someone
 * looks at it — CI fails on it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { MatrixRow } from './matrix.js';
import { packageRoot } from './package-root.js';

const cellSchema = z.object({
  status: z.enum(['agrees', 'diverges', 'failure', 'not-applicable']),
  /** The corpus file of the shrunk scenario, for a divergence. */
  counterexample: z.string().optional(),
  /** The judgement against the Java source, in one or two sentences. */
  judgement: z.string().optional(),
  /**
   * What the finding's standalone reproduction (repros/, through the library's public API only) shows:
   * `library` — it exits 1, the library behaves so; `artifact` — it exits 0, the divergence came from the adapter.
   * Absent when no public call reaches the behaviour (conformance/repro/reproductions.ts says why).
   */
  reproduction: z.enum(['library', 'artifact']).optional(),
  /** The upstream issue about it, when one exists. */
  upstream: z.string().optional(),
});

/** Validates the expectations file. */
export const expectationsSchema = z.object({
  about: z.string(),
  /** target → property id → expected cell. */
  targets: z.record(z.string(), z.record(z.string(), cellSchema)),
});
/** The expectations file's content. */
export type Expectations = z.infer<typeof expectationsSchema>;

/** The expectations file shipped with mqspec. */
export const expectationsFile = path.join(packageRoot(), 'conformance', 'expectations.json');

/** Reads and validates an expectations file. */
export function loadExpectations(file: string = expectationsFile): Expectations {
  return expectationsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * One line per difference between the rows and the expectations: a property whose status changed, one that ran
 * without an expectation, one expected that did not run (unless the target failed or was skipped). Empty when
 * everything is as expected.
 */
export function expectationChanges(rows: readonly MatrixRow[], expectations: Expectations): string[] {
  const changes: string[] = [];
  for (const row of rows) {
    if (row.verdict === 'skipped') continue;
    const expected = expectations.targets[row.target] ?? {};
    for (const [id, cell] of Object.entries(row.properties)) {
      const wanted = expected[id];
      // What a target's own declaration leaves out needs no entry (it is stated in the target); a change to it does.
      if (wanted === undefined && cell.status === 'not-applicable') continue;
      if (wanted === undefined) changes.push(`${row.target} ${id}: ${cell.status}, but the expectations do not list it`);
      else if (wanted.status !== cell.status) changes.push(`${row.target} ${id}: expected ${wanted.status}, now ${cell.status}${cell.message === undefined ? '' : ` (${cell.message})`}`);
    }
    if (row.verdict === 'failure') continue;
    for (const id of Object.keys(expected)) {
      if (row.properties[id] === undefined && id.startsWith(prefixOf(row))) changes.push(`${row.target} ${id}: expected ${expected[id]?.status ?? '?'}, but it did not run`);
    }
  }
  return changes;
}

/** The property-id prefix of a row's system (`KG-`), to tell its properties from another system's. */
function prefixOf(row: MatrixRow): string {
  const prefixes: Record<string, string> = { 'kafka.consumer': 'KC-', 'kafka.group': 'KG-', 'rocketmq.allocate': 'RA-', 'rocketmq.filter': 'RF-', 'rocketmq.group': 'RG-' };
  return prefixes[row.system] ?? '';
}
