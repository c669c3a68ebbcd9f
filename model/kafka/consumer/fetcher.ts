/**
 * `poll()` (`KafkaConsumer.pollOnce` with `Fetcher`, apache/kafka 1.0.0 and 0.10.0.0): rejoin the group if needed,
 * update fetch positions, then one fetch round. Fetchable partitions (assigned, not paused, with a position) return
 * records from their position up to the high watermark, at most `maxRecords` in all, in assignment order. A position
 * outside `[logStart, highWatermark]` is OFFSET_OUT_OF_RANGE: with a default reset strategy the partition is reset
 * (resolved at the next poll), with `none` the poll throws (now, or at the next poll when it has records to return).
 */
import { fail, ok, type Failure } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { tpKey } from '../topic-partition.js';
import { needRejoin, startRejoin } from './consumer-coordinator.js';
import { fetchedRecordsOrder } from './partition-order.js';
import { defaultReset, updateFetchPositions } from './fetch-positions.js';
import type { KafkaConsumerState, PartitionState } from './state.js';
import { fetchRequestedMetadata, subscribeFromPattern } from './subscription-state.js';

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

/** The offset-out-of-range failure Java raises when the reset policy is none. */
function outOfRange(key: string, offset: number): Failure {
  return fail('OffsetOutOfRangeException', `Offsets out of range with no configured reset policy for partitions: {${key}=${offset}}`);
}

/**
 * The consumer before it fetches (`ConsumerCoordinator.poll` / 0.10.0's `ensurePartitionAssignment`): a pattern
 * subscriber about to join matches its pattern against the cluster first (`ensureFreshMetadata`); a consumer that must
 * rejoin starts the rejoin. Answers the state to fetch from, or the state of a poll that only rejoined.
 */
function coordinatorPoll(state: KafkaConsumerState): { readonly fetchFrom: KafkaConsumerState } | { readonly rejoining: KafkaConsumerState } {
  const fresh = state.mode === 'AUTO_PATTERN' && needRejoin(state) ? subscribeFromPattern(state) : fetchRequestedMetadata(state);
  return needRejoin(fresh) ? { rejoining: startRejoin(fresh) } : { fetchFrom: fresh };
}

/**
 * A buffered OFFSET_OUT_OF_RANGE response from the previous poll: thrown now if its partition is still fetchable at
 * that offset, else discarded as stale (`Fetcher.parseCompletedFetch`).
 */
function bufferedOutOfRange(state: KafkaConsumerState): { readonly state: KafkaConsumerState; readonly failure?: Failure } {
  const pending = state.assignment.find((p) => p.outOfRangeFetch !== null && isFetchable(p) && p.position === p.outOfRangeFetch);
  if (pending !== undefined && pending.position !== null) return { state, failure: outOfRange(tpKey(pending.tp), pending.position) };
  if (!state.assignment.some((p) => p.outOfRangeFetch !== null)) return { state };
  return { state: { ...state, assignment: state.assignment.map((p) => (p.outOfRangeFetch === null ? p : { ...p, outOfRangeFetch: null })) } };
}

/**
 * `poll()`: the coordinator first (a pending rejoin answers no records), then positions, then one fetch round over
 * the fetchable partitions in assignment order. An out-of-range position is reset with a default policy; with `none`
 * 1.0 returns the records already gathered and throws OffsetOutOfRangeException at the next poll
 * (`Fetcher.fetchedRecords` keeps what it has), or throws at once when it has none; 0.10.0 throws at once.
 * Under 0.10.0 a consumer with nothing subscribed or assigned polls nothing (1.0 throws IllegalStateException).
 */
export function poll(state: KafkaConsumerState, maxRecords: number): StepResult<KafkaConsumerState> {
  if (state.mode === 'NONE') {
    if (state.profile === 'kafka-0.10.0') return { state, outcome: ok([]) };
    return { state, outcome: fail('IllegalStateException', 'Consumer is not subscribed to any topics or assigned any partitions') };
  }
  const coordinated = coordinatorPoll(state);
  if ('rejoining' in coordinated) return { state: coordinated.rejoining, outcome: ok([]) };
  const positioned = updateFetchPositions(coordinated.fetchFrom, new Set(coordinated.fetchFrom.assignment.map((p) => tpKey(p.tp))));
  if (positioned.failure !== undefined) return { state: positioned.state, outcome: positioned.failure };
  const buffered = bufferedOutOfRange(positioned.state);
  if (buffered.failure !== undefined) return { state: buffered.state, outcome: buffered.failure };
  const current = buffered.state;
  const fallback = defaultReset(current);
  const records: PolledRecord[] = [];
  const assignment: PartitionState[] = [...current.assignment];
  // 1.0 moves a partition to the end of its fetch order once its fetched records are all returned, or on an error.
  const movedToEnd = new Set<number>();
  for (const [index, p] of current.assignment.entries()) {
    const log = current.logs[tpKey(p.tp)];
    if (!isFetchable(p) || log === undefined || p.position === null) continue;
    if (p.position < log.logStartOffset || p.position > log.highWatermark) {
      movedToEnd.add(index);
      if (fallback !== null) {
        assignment[index] = { ...p, position: null, resetStrategy: fallback };
        continue;
      }
      if (records.length === 0 || current.profile === 'kafka-0.10.0') return { state: current, outcome: outOfRange(tpKey(p.tp), p.position) };
      assignment[index] = { ...p, outOfRangeFetch: p.position };
      break;
    }
    const take = Math.min(log.highWatermark - p.position, maxRecords - records.length);
    for (let offset = p.position; offset < p.position + take; offset++) {
      records.push({ topic: p.tp.topic, partition: p.tp.partition, offset });
    }
    if (take > 0) assignment[index] = { ...p, position: p.position + take };
    if (take > 0 && p.position + take === log.highWatermark) movedToEnd.add(index);
  }
  const fetchOrder =
    current.profile === 'kafka-1.0'
      ? [...assignment.filter((_, i) => !movedToEnd.has(i)), ...assignment.filter((_, i) => movedToEnd.has(i))]
      : assignment;
  return { state: { ...current, assignment: fetchOrder }, outcome: ok(fetchedRecordsOrder(records)) };
}
