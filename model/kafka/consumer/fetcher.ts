/**
 * `poll()`: update fetch positions, then one fetch round (`Fetcher`, apache/kafka 1.0.0). Fetchable partitions
 * (assigned, not paused, with a position) return records from their position up to the high watermark, at most
 * `maxRecords` in all, in assignment order. A position outside `[logStart, highWatermark]` is OFFSET_OUT_OF_RANGE:
 * with a default reset strategy the partition is reset (resolved at the next poll), with `none` the poll throws.
 */
import { fail, ok } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { tpKey } from '../topic-partition.js';
import { defaultReset, updateFetchPositions } from './fetch-positions.js';
import type { KafkaConsumerState, PartitionState } from './state.js';

/** `max.poll.records`' default. */
export const DEFAULT_MAX_POLL_RECORDS = 500;

/** One returned record: poll answers a list of these. */
export interface PolledRecord {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
}

/** Assigned, not paused, with a position: what the fetcher asks the broker for. */
export function isFetchable(p: PartitionState): boolean {
  return !p.paused && p.position !== null;
}

/** The poll: positions first, then the out-of-range check of every fetchable partition, then the records. */
export function poll(state: KafkaConsumerState, maxRecords: number): StepResult<KafkaConsumerState> {
  if (state.mode === 'NONE') {
    return { state, outcome: fail('IllegalStateException', 'Consumer is not subscribed to any topics or assigned any partitions') };
  }
  const positioned = updateFetchPositions(state);
  if ('failure' in positioned) return { state, outcome: positioned.failure };
  const current = positioned.state;
  const fallback = defaultReset(current);
  const records: PolledRecord[] = [];
  const assignment: PartitionState[] = [];
  for (const p of current.assignment) {
    const log = current.logs[tpKey(p.tp)];
    if (!isFetchable(p) || log === undefined || p.position === null) {
      assignment.push(p);
      continue;
    }
    if (p.position < log.logStartOffset || p.position > log.highWatermark) {
      if (fallback === null) {
        return { state, outcome: fail('OffsetOutOfRangeException', `Offsets out of range with no configured reset policy for partition ${tpKey(p.tp)}`) };
      }
      assignment.push({ ...p, position: null, resetStrategy: fallback });
      continue;
    }
    const take = Math.min(log.highWatermark - p.position, maxRecords - records.length);
    for (let offset = p.position; offset < p.position + take; offset++) {
      records.push({ topic: p.tp.topic, partition: p.tp.partition, offset });
    }
    assignment.push(take === 0 ? p : { ...p, position: p.position + take });
  }
  return { state: { ...current, assignment }, outcome: ok(records) };
}
