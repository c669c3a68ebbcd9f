/**
 * Resolving missing fetch positions before a fetch (`KafkaConsumer.updateFetchPositions` with
 * `ConsumerCoordinator.refreshCommittedOffsetsIfNeeded`, `Fetcher.resetOffsetsIfNeeded` and
 * `Fetcher.updateFetchPositions`, apache/kafka 1.0.0 and 0.10.0.0): a pending reset first, else the committed offset
 * (fetched from the group when the cache is stale), else the default `auto.offset.reset`, and with `none` a
 * NoOffsetForPartitionException that leaves the partition awaiting a reset nothing can resolve.
 */
import { fail, type Failure } from '../../outcome.js';
import { tpKey } from '../topic-partition.js';
import type { KafkaConsumerState, PartitionLog, PartitionState, ResetStrategy } from './state.js';

/** Where a reset lands: the log start for EARLIEST, the log end (high watermark) for LATEST. */
export function resetOffset(log: PartitionLog, strategy: Exclude<ResetStrategy, 'NONE'>): number {
  return strategy === 'EARLIEST' ? log.logStartOffset : log.highWatermark;
}

/** The reset strategy `auto.offset.reset` asks for, or null for `none`. */
export function defaultReset(state: KafkaConsumerState): Exclude<ResetStrategy, 'NONE'> | null {
  if (state.defaultResetStrategy === 'none') return null;
  return state.defaultResetStrategy === 'earliest' ? 'EARLIEST' : 'LATEST';
}

/** True when the partition needs a position and can get one (its topic has a log). */
function missesPosition(state: KafkaConsumerState, p: PartitionState): boolean {
  return p.position === null && state.logs[tpKey(p.tp)] !== undefined;
}

/**
 * `refreshCommittedOffsetsIfNeeded`: when committed offsets must be fetched again (after an assignment), the cache of
 * every assigned partition is filled from the group store.
 */
export function refreshCommittedOffsetsIfNeeded(state: KafkaConsumerState): KafkaConsumerState {
  if (!state.needsFetchCommittedOffsets) return state;
  return {
    ...state,
    needsFetchCommittedOffsets: false,
    assignment: state.assignment.map((p) => {
      const stored = state.groupCommitted[tpKey(p.tp)];
      return stored === undefined ? p : { ...p, committed: stored };
    }),
  };
}

/** The outcome of resolving positions: the state reached, and the failure if some partition had no offset. */
export interface FetchPositions {
  readonly state: KafkaConsumerState;
  readonly failure?: Failure;
}

function noOffset(keys: readonly string[]): Failure {
  return fail('NoOffsetForPartitionException', `Undefined offset with no reset policy for partitions: ${keys.join(', ')}`);
}

/**
 * Resolves every pending reset among the targets (`Fetcher.resetOffsets`): EARLIEST / LATEST land on the log, a NONE
 * reset cannot be resolved and stays pending; the partitions left with NONE are answered.
 */
function resetOffsets(state: KafkaConsumerState, targets: ReadonlySet<string>): { readonly state: KafkaConsumerState; readonly unresolved: string[] } {
  const unresolved: string[] = [];
  const assignment = state.assignment.map((p) => {
    const key = tpKey(p.tp);
    const log = state.logs[key];
    if (!targets.has(key) || p.resetStrategy === null || log === undefined) return p;
    if (p.resetStrategy === 'NONE') {
      unresolved.push(key);
      return p;
    }
    return { ...p, position: resetOffset(log, p.resetStrategy), resetStrategy: null };
  });
  return { state: { ...state, assignment }, unresolved };
}

/**
 * The committed offset, else the default strategy, for each target without a position and without a pending reset
 * (`Fetcher.updateFetchPositions`); with `none` the partition is left awaiting a NONE reset.
 */
function positionFromCommittedOrDefault(state: KafkaConsumerState, targets: ReadonlySet<string>): KafkaConsumerState {
  const fallback: ResetStrategy = defaultReset(state) ?? 'NONE';
  const assignment = state.assignment.map((p) => {
    if (!targets.has(tpKey(p.tp)) || !missesPosition(state, p) || p.resetStrategy !== null) return p;
    if (p.committed !== null) return { ...p, position: p.committed };
    return { ...p, resetStrategy: fallback };
  });
  return { ...state, assignment };
}

/**
 * Gives a position to every listed assigned partition that misses one (`KafkaConsumer.updateFetchPositions`). 1.0:
 * pending resets first (a pending NONE reset throws before anything else), then, if some partition still misses a
 * position, the committed-offset refresh, then the committed offset or the default reset. 0.10.0 refreshes the
 * committed offsets first, whatever is pending. Like Java, a failure keeps what was resolved before it: the positions
 * set and the NONE resets started, which stick until a seek.
 */
export function updateFetchPositions(state: KafkaConsumerState, targets: ReadonlySet<string>): FetchPositions {
  const missing = (s: KafkaConsumerState): boolean => s.assignment.some((p) => targets.has(tpKey(p.tp)) && missesPosition(s, p));
  if (!missing(state)) return { state };
  let current = state;
  if (state.profile === 'kafka-1.0') {
    const reset = resetOffsets(current, targets);
    if (reset.unresolved.length > 0) return { state: reset.state, failure: noOffset(reset.unresolved) };
    current = reset.state;
    if (!missing(current)) return { state: current };
  }
  current = positionFromCommittedOrDefault(refreshCommittedOffsetsIfNeeded(current), targets);
  const reset = resetOffsets(current, targets);
  return reset.unresolved.length > 0 ? { state: reset.state, failure: noOffset(reset.unresolved) } : { state: reset.state };
}
