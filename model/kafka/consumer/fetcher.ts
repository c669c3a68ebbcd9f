/**
 * `poll()` (`KafkaConsumer.pollOnce` with `Fetcher`, apache/kafka 1.0.0 and 0.10.0.0): rejoin the group if needed,
 * update fetch positions, then return records from the fetch buffer, or fetch when it gives none. A fetch asks for
 * every fetchable partition (assigned, not paused, with a position) in fetch order and buffers its records from the
 * position up to the high watermark; a poll returns at most `maxRecords`, partitions in Java's order. A position
 * outside `[logStart, highWatermark]` is OFFSET_OUT_OF_RANGE: with a default reset strategy the partition is reset
 * (resolved at the next poll), with `none` the poll throws (now, or at the next poll when it has records to return).
 */
import { fail, ok, type Failure } from '../../outcome.js';
import type { StepResult } from '../../system.js';
import { tpKey } from '../topic-partition.js';
import { needRejoin, startRejoin } from './consumer-coordinator.js';
import { fetchedRecordsOrder } from './partition-order.js';
import { defaultReset, updateFetchPositions } from './fetch-positions.js';
import type { CompletedFetch, KafkaConsumerState, PartitionState } from './state.js';
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

/** What draining the fetch buffer gave: the state, the records, and the failure a response raised. */
interface Drained {
  readonly state: KafkaConsumerState;
  readonly records: readonly PolledRecord[];
  readonly failure?: Failure;
}

/**
 * `Fetcher.fetchedRecords`: returns buffered records in order, at most `maxRecords`. A response whose partition is no
 * longer fetchable at its offset is dropped; one partly returned stays at the head; OFFSET_OUT_OF_RANGE resets the
 * partition with a default policy, and with `none` throws, or, when records were already gathered, returns them and
 * stays buffered for the next poll to throw. 1.0 moves a partition to the end of its fetch order when its response
 * is drained after records of it were returned (`PartitionRecords.drain`, also when it is dropped then), and every
 * time an error response of it is parsed (`parseCompletedFetch`: reset, thrown or dropped). A response returned up to
 * its end by a poll whose `maxRecords` ran out there is drained only by the next poll (`fetchRecords` stops at
 * `maxRecords` before it finds the end).
 */
function drainCompletedFetches(state: KafkaConsumerState, maxRecords: number): Drained {
  const fallback = defaultReset(state);
  const records: PolledRecord[] = [];
  let assignment = [...state.assignment];
  const queue = [...state.completedFetches];
  const moveToEnd = (key: string): void => {
    if (state.profile !== 'kafka-1.0') return;
    const at = assignment.findIndex((p) => tpKey(p.tp) === key);
    const moved = assignment[at];
    if (moved !== undefined) assignment = [...assignment.slice(0, at), ...assignment.slice(at + 1), moved];
  };
  const done = (failure?: Failure): Drained => ({
    state: { ...state, assignment, completedFetches: queue },
    records: fetchedRecordsOrder(records),
    ...(failure === undefined ? {} : { failure }),
  });
  while (queue.length > 0 && records.length < maxRecords) {
    const fetch = queue[0];
    if (fetch === undefined) break;
    const key = tpKey(fetch.tp);
    const at = assignment.findIndex((p) => tpKey(p.tp) === key);
    const p = assignment[at];
    if (p === undefined || !isFetchable(p) || p.position !== fetch.fetchOffset) {
      queue.shift(); // no longer assigned, paused, or stale: Java ignores it
      if (fetch.outOfRange || fetch.returned === true) moveToEnd(key);
      continue;
    }
    if (fetch.outOfRange) {
      if (fallback === null) {
        moveToEnd(key);
        return records.length === 0 ? done(outOfRange(key, fetch.fetchOffset)) : done();
      }
      queue.shift();
      assignment[at] = { ...p, position: null, resetStrategy: fallback };
      moveToEnd(key);
      continue;
    }
    const take = Math.min(fetch.end - fetch.fetchOffset, maxRecords - records.length);
    for (let offset = fetch.fetchOffset; offset < fetch.fetchOffset + take; offset++) records.push({ topic: p.tp.topic, partition: p.tp.partition, offset });
    assignment[at] = { ...p, position: fetch.fetchOffset + take };
    if (take > 0) {
      // Java finds the end of a response only when it looks for a record past it: here, or at the next poll.
      queue[0] = { ...fetch, fetchOffset: fetch.fetchOffset + take, returned: true };
    } else {
      queue.shift();
      if (fetch.returned === true) moveToEnd(key);
    }
  }
  return done();
}

/**
 * `Fetcher.sendFetches` and the responses: one request for every fetchable partition in fetch order, answered with
 * its records up to the high watermark, or OFFSET_OUT_OF_RANGE when the position lies outside the log. 0.10.0 raises
 * an out-of-range response with reset policy none before it returns anything (`throwIfOffsetOutOfRange`), keeping the
 * other responses for the next poll.
 */
function fetchRound(state: KafkaConsumerState): { readonly state: KafkaConsumerState; readonly failure?: Failure } {
  const fetches: CompletedFetch[] = [];
  for (const p of state.assignment) {
    const log = state.logs[tpKey(p.tp)];
    if (!isFetchable(p) || log === undefined || p.position === null) continue;
    const outside = p.position < log.logStartOffset || p.position > log.highWatermark;
    fetches.push({ tp: p.tp, fetchOffset: p.position, end: outside ? p.position : log.highWatermark, outOfRange: outside });
  }
  const fetched = { ...state, completedFetches: [...state.completedFetches, ...fetches] };
  if (state.profile !== 'kafka-0.10.0' || defaultReset(state) !== null) return { state: fetched };
  const outside = fetches.find((f) => f.outOfRange);
  if (outside === undefined) return { state: fetched };
  const kept = fetched.completedFetches.filter((f) => !f.outOfRange);
  return { state: { ...fetched, completedFetches: kept }, failure: outOfRange(tpKey(outside.tp), outside.fetchOffset) };
}

/**
 * `poll()` (`KafkaConsumer.pollOnce`, apache/kafka 1.0.0 and 0.10.0.0): rejoin the group if needed, update fetch
 * positions, return what the fetch buffer holds if it gives records, else fetch every fetchable partition (assigned,
 * not paused, with a position) and return from the new responses; at most `maxRecords` (default 500) records,
 * partitions in Java's order. A position outside `[logStart, highWatermark]` is OFFSET_OUT_OF_RANGE: with a default
 * reset strategy the partition is reset (resolved at the next poll), with `none` the poll throws (1.0: at once, or
 * at the next poll when it has records of other partitions to return; 0.10.0: at once, returning those later).
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
  const buffered = drainCompletedFetches(positioned.state, maxRecords);
  if (buffered.failure !== undefined) return { state: buffered.state, outcome: buffered.failure };
  if (buffered.records.length > 0) return { state: buffered.state, outcome: ok(buffered.records) };
  const fetched = fetchRound(buffered.state);
  if (fetched.failure !== undefined) return { state: fetched.state, outcome: fetched.failure };
  const drained = drainCompletedFetches(fetched.state, maxRecords);
  if (drained.failure !== undefined) return { state: drained.state, outcome: drained.failure };
  return { state: drained.state, outcome: ok(drained.records) };
}
