/**
 * Adding a counterexample to the corpus: `<folder>/<system>/<property>-<hash>.json`, written atomically, stored once
 * (a counterexample already in the corpus under any name is not written again), and never replacing a file: when
 * another file holds the name, nothing is written and the caller gets a conflict to report.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseScenario } from '../../model/parse-scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { counterexampleFileName, counterexampleKey } from './content-address.js';
import { formatCounterexampleRecord, type CounterexampleRecord } from './counterexample-record.js';
import { readCounterexampleFile, type StoredCounterexample } from './load-corpus.js';
import { counterexampleSchemaReference } from './schema-reference.js';
import { nodeFileOps, writeFileAtomically, type FileOps } from './write-file-atomically.js';

/**
 * - `written`: a new file;
 * - `exists`: the corpus already held this counterexample (`path` names that file);
 * - `conflict`: another file holds the name and was left as it was;
 * - `failed`: the file system refused (`reason` says how); nothing was published.
 */
export type SaveStatus = 'written' | 'exists' | 'conflict' | 'failed';

/** Where a counterexample went. */
export interface SavedCounterexample {
  readonly status: SaveStatus;
  readonly path: string;
  /** Why saving failed, in one line. */
  readonly reason?: string;
}

/** What saving needs besides the record. */
export interface SaveOptions {
  /** The registry, to store the scenario as its system's schemas normalize it (defaults filled in). */
  readonly systems: ReadonlyMap<string, AnySystemModel>;
  /** The corpus as loaded: a counterexample with the same content address is not stored again. */
  readonly existing?: readonly StoredCounterexample[];
  /** The file operations (tests simulate crashes through them). */
  readonly ops?: FileOps;
}

/** The record with its scenario normalized by the system's schemas, so that its address matches a reloaded copy. */
function normalized(record: CounterexampleRecord, systems: ReadonlyMap<string, AnySystemModel>): CounterexampleRecord {
  const parsed = parseScenario(record.scenario, systems);
  return parsed.ok ? { ...record, scenario: parsed.scenario } : record;
}

/**
 * Stores a counterexample in the corpus under `folder`, creating the system's subfolder when needed. Never throws:
 * a file system error is a `failed` status.
 */
export function saveCounterexample(folder: string, record: CounterexampleRecord, options: SaveOptions): SavedCounterexample {
  const stored = normalized(record, options.systems);
  const key = counterexampleKey(stored);
  const known = options.existing?.find((entry) => entry.key === key);
  if (known !== undefined) return { status: 'exists', path: known.path };
  const path = join(folder, stored.system, counterexampleFileName(stored));
  try {
    return publishRecord(path, stored, key, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'failed', path, reason: reason.replace(/\s*\n\s*/g, ' ').trim() };
  }
}

/** Writes the record's file unless its name is taken. */
function publishRecord(path: string, stored: CounterexampleRecord, key: string, options: SaveOptions): SavedCounterexample {
  mkdirSync(dirname(path), { recursive: true });
  const result = writeFileAtomically(path, formatCounterexampleRecord(stored, counterexampleSchemaReference(path)), options.ops ?? nodeFileOps);
  if (result === 'written') return { status: 'written', path };
  if (result === 'identical' || holdsKey(path, key, options.systems)) return { status: 'exists', path };
  return { status: 'conflict', path };
}

/** True when the file at `path` is a valid record of the counterexample with this address (other provenance). */
function holdsKey(path: string, key: string, systems: ReadonlyMap<string, AnySystemModel>): boolean {
  const parsed = readCounterexampleFile(path, systems);
  return parsed.ok && counterexampleKey(parsed.record) === key;
}
