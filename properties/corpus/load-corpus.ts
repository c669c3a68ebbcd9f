/**
 * Reading the counterexample corpus: every `*.json` file under the folder (one subfolder per system), validated as
 * `mqspec.counterexample/1`. A file that cannot be used — unreadable, invalid JSON, another format, a scenario its
 * system rejects, a property the catalog does not know — becomes a one-line warning naming the file, and the rest
 * of the corpus is used: a bad file never stops a run.
 */
import { join, sep } from 'node:path';
import type { AnySystemModel } from '../../model/system.js';
import type { Property } from '../property.js';
import { readJsonFile } from '../read-json-file.js';
import { jsonFilesUnder } from '../scenario-files.js';
import { counterexampleKey } from './content-address.js';
import { parseCounterexampleRecord, type CounterexampleRecord, type ParsedRecord } from './counterexample-record.js';

/** One usable corpus file. */
export interface StoredCounterexample {
  /** The file, joined onto the corpus folder as given. */
  readonly path: string;
  readonly record: CounterexampleRecord;
  /** Its content address (see `counterexampleKey`). */
  readonly key: string;
}

/** The usable files of a corpus, in path order, and one warning per file that was skipped. */
export interface Corpus {
  readonly folder: string;
  readonly entries: readonly StoredCounterexample[];
  /** `<path>: <reason> (skipped)`, one line each. */
  readonly warnings: readonly string[];
}

/** Collapses a reason to one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** A Node error's `code`, if any. */
function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Reads and validates one corpus file; never throws. */
export function readCounterexampleFile(
  path: string,
  systems: ReadonlyMap<string, AnySystemModel>,
  catalog?: readonly Property[],
): ParsedRecord {
  const json = readJsonFile(path);
  return json.ok ? parseCounterexampleRecord(json.value, systems, catalog) : json;
}

/**
 * The corpus subfolder that holds real-client findings (workloads, not model scenarios): their own module reads it
 * (real/kafka/kafka-findings.ts), so the model's loader skips it rather than warn about every file in it.
 */
export const realClientsCorpusFolder = 'real-clients';

/**
 * Loads the corpus under `folder` (a missing folder is an empty corpus; its real-clients folder is not the model's). With a catalog, files naming a property it
 * does not hold are skipped with a warning too.
 */
export function loadCorpus(folder: string, systems: ReadonlyMap<string, AnySystemModel>, catalog?: readonly Property[]): Corpus {
  const entries: StoredCounterexample[] = [];
  const warnings: string[] = [];
  let paths: string[];
  try {
    const realClients = join(folder, realClientsCorpusFolder) + sep;
    paths = jsonFilesUnder(folder).filter((file) => !file.startsWith(realClients));
  } catch (error) {
    const code = errorCode(error);
    return { folder, entries, warnings: [`${folder}: cannot list the corpus${code === undefined ? '' : ` (${code})`} (skipped)`] };
  }
  for (const path of paths) {
    const parsed = readCounterexampleFile(path, systems, catalog);
    if (parsed.ok) entries.push({ path, record: parsed.record, key: counterexampleKey(parsed.record) });
    else warnings.push(`${path}: ${oneLine(parsed.reason)} (skipped)`);
  }
  return { folder, entries, warnings };
}

/** The stored counterexamples of one property on one target, in path order. */
export function storedFor(corpus: Corpus, propertyId: string, target: string): StoredCounterexample[] {
  return corpus.entries.filter((entry) => entry.record.property === propertyId && entry.record.target === target);
}
