/**
 * Scope files: a user's own finite scope for `mqspec explore --scope FILE`, written as overrides of a shipped scope's
 * bounds, so that a file says only what it changes:
 *
 *     { "system": "kafka.consumer", "from": "default", "bounds": { "topics": { "t0": 2 }, "maxOffset": 1 } }
 *
 * The merged bounds are validated with the system's bounds schema (sizes capped, see bounds-schema.ts) and every
 * setup the scope builds with the system's setup schema, so a scope file can neither crash the enumerator nor start
 * the model from a setup a scenario file could not have. Never throws: every fault is a one-line reason.
 */
import { basename } from 'node:path';
import { z } from 'zod';
import { firstIssue } from '../../model/parse-scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { readJsonFile } from '../read-json-file.js';
import type { AnyExploration, AnyExplorationScope } from './exploration.js';

/** What a scope file holds. */
const scopeFileSchema = z.strictObject({
  $schema: z.string().optional(),
  system: z.string(),
  /** One line for the report (default: the scope it starts from and what it changes). */
  summary: z.string().max(500).optional(),
  /** The shipped scope whose bounds the file's override (default `default`). */
  from: z.string().optional(),
  /** Bounds that replace the shipped scope's, key by key. */
  bounds: z.record(z.string(), z.unknown()).optional(),
});

/** A scope read from a file, with what a worker thread needs to build it again (its summary and bounds). */
export interface FileScope {
  readonly system: string;
  readonly summary: string;
  readonly bounds: unknown;
  readonly scope: AnyExplorationScope;
}

export type ReadScope = ({ readonly ok: true } & FileScope) | { readonly ok: false; readonly reason: string };

/** The default summary: the scope started from and the bounds changed. */
function describe(from: string, overrides: Readonly<Record<string, unknown>>, path: string): string {
  const changed = Object.entries(overrides).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
  return `${from} scope${changed.length === 0 ? '' : ` with ${changed.join(', ')}`} (${basename(path)})`;
}

/** Reads, merges and validates a scope file. */
export function readScopeFile(path: string, explorations: ReadonlyMap<string, AnyExploration>, systems: ReadonlyMap<string, AnySystemModel>): ReadScope {
  const json = readJsonFile(path);
  if (!json.ok) return json;
  const file = scopeFileSchema.safeParse(json.value);
  if (!file.success) return { ok: false, reason: firstIssue('scope file', file.error) };
  const { system, from = 'default', bounds: overrides = {} } = file.data;
  const exploration = explorations.get(system);
  const model = systems.get(system);
  if (exploration === undefined || model === undefined) {
    return { ok: false, reason: `system: unknown system "${system}" (expected one of: ${[...explorations.keys()].join(', ')})` };
  }
  const base = exploration.scopes[from];
  if (base === undefined) return { ok: false, reason: `from: ${system} has no scope "${from}" (expected one of: ${Object.keys(exploration.scopes).join(', ')})` };
  const merged = exploration.scopeBuilder.schema.safeParse({ ...(base.bounds as Record<string, unknown>), ...overrides });
  if (!merged.success) return { ok: false, reason: firstIssue('bounds', merged.error) };
  const summary = file.data.summary ?? describe(from, overrides, path);
  const scope = exploration.scopeBuilder.build(summary, merged.data);
  for (const [i, setup] of scope.setups.entries()) {
    const valid = model.setupSchema.safeParse(setup);
    if (!valid.success) return { ok: false, reason: firstIssue(`bounds: the scope's setup ${i}`, valid.error) };
  }
  return { ok: true, system, summary, bounds: merged.data, scope };
}
