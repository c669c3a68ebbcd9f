/**
 * Real-client findings in the corpus: each a JSON file under `<corpus>/real-clients/kafka/` (the model's corpus
 * loader leaves that folder to this module), named after its cell and check, holding the minimal workload, its
 * violations (each message says what the model expects), the history they come from and how it was found. Files are
 * written whole to a temporary name first and renamed, so that an interrupted run never leaves a torn file.
 * `mqspec run --replay FILE` reads a finding, or a bare workload, back.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realClientsCorpusFolder } from '../../properties/corpus/load-corpus.js';
import { parseKafkaWorkload } from './kafka-workload-schema.js';
import type { KafkaWorkload } from './kafka-workload.js';
import type { KafkaFinding } from './kafka-campaign.js';
import { kafkaTraceChecks, type KafkaTraceCheck } from './kafka-trace-checks.js';

/** The folder of Kafka findings under `corpus`. */
export function kafkaFindingsFolder(corpus: string): string {
  return path.join(corpus, realClientsCorpusFolder, 'kafka');
}

/** A finding's file name: `kafkajs-roundrobin-complete.json`. */
export function findingFileName(finding: Pick<KafkaFinding, 'libraries' | 'assignor' | 'check'>): string {
  return `${finding.libraries.join('+')}-${finding.assignor}-${finding.check}.json`.replace(/[^A-Za-z0-9+._-]/g, '_');
}

/** Saves a finding (replacing the one of its cell and check); answers the file's path. */
export function saveFinding(corpus: string, finding: KafkaFinding): string {
  const folder = kafkaFindingsFolder(corpus);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, findingFileName(finding));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ finding: 1, ...finding }, null, 2)}\n`);
  renameSync(temporary, file);
  return file;
}

/** What `--replay` runs: the workload, and the check a finding expects to fire again. */
export interface ReplayInput {
  readonly workload: KafkaWorkload;
  readonly check?: KafkaTraceCheck;
}

/** Reads a finding file or a workload file; throws an Error with one line saying why not. */
export function readReplayInput(file: string): ReplayInput {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not JSON`);
  }
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const isFinding = record !== undefined && 'workload' in record;
  const parsed = parseKafkaWorkload(isFinding ? record['workload'] : value);
  if (!parsed.ok) throw new Error(`${file}: not a ${isFinding ? "finding's workload" : 'workload'} (${parsed.reason})`);
  const check = isFinding ? record['check'] : undefined;
  if (check !== undefined && !kafkaTraceChecks.includes(check as KafkaTraceCheck)) throw new Error(`${file}: unknown check ${JSON.stringify(check)} (expected one of ${kafkaTraceChecks.join(', ')})`);
  return { workload: parsed.workload, ...(check === undefined ? {} : { check: check as KafkaTraceCheck }) };
}
