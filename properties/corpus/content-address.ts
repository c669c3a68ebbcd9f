/**
 * Content addresses of counterexamples: a file is named after what it shows — the property, the target and the
 * scenario — so finding the same counterexample again (another seed, another version) lands on the same name and
 * the corpus stores it once. Provenance (seed, path, version, messages) is not part of the address.
 */
import { createHash } from 'node:crypto';
import type { CounterexampleRecord } from './counterexample-record.js';
import { canonicalJson } from './stable-json.js';

/** Hex digits of the hash kept in a file name: 48 bits, collision-free for any corpus people read. */
const nameHashLength = 12;

/** The full SHA-256 (hex) of the canonical JSON of `{property, target, scenario}`. */
export function counterexampleKey(record: Pick<CounterexampleRecord, 'property' | 'target' | 'scenario'>): string {
  const content = canonicalJson({ property: record.property, target: record.target, scenario: record.scenario });
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** `<property>-<first 12 hex of the key>.json`, e.g. `KC-H1-3f9a0c12b7e4.json`. */
export function counterexampleFileName(record: Pick<CounterexampleRecord, 'property' | 'target' | 'scenario'>): string {
  return `${record.property}-${counterexampleKey(record).slice(0, nameHashLength)}.json`;
}
