/**
 * Resolving missing fetch positions before a fetch (`KafkaConsumer.updateFetchPositions` with
 * `ConsumerCoordinator.refreshCommittedOffsetsIfNeeded` and `Fetcher.updateFetchPositions`, apache/kafka 1.0.0):
 * a pending reset first, else the committed offset (fetched from the group when the cache is stale), else the
 * default `auto.offset.reset`, and with `none` a NoOffsetForPartitionException.
 */
import { fail, type Failure } from '../../outcome.js';
import { tpKey } from '../topic-partition.js';
import type { KafkaConsumerState, PartitionLog, PartitionState, ResetStrategy } from './state.js';

/** Where a reset lands: the log start for EARLIEST, the log end (high watermark) for LATEST. */
export function resetOffset(log: PartitionLog, strategy: ResetStrategy): number {
  return strategy === 'EARLIEST' ? log.logStartOffset : log.highWatermark;
}

/** The reset strategy `auto.offset.reset` asks for, or null for `none`. */
export function defaultReset(state: KafkaConsumerState): ResetStrategy | null {
  if (state.defaultResetStrategy === 'none') return null;
  return state.defaultResetStrategy === 'earliest' ? 'EARLIEST' : 'LATEST';
}

/** True when the partition needs a position and can get one (its topic has a log). */
function missesPosition(state: KafkaConsumerState, p: PartitionState): boolean {
  return p.position === null && state.logs[tpKey(p.tp)] !== undefined;
}

/** The committed-offset cache refreshed from the group store, when a refresh is due and some position needs it. */
function refreshCommitted(state: KafkaConsumerState, targets: ReadonlySet<string>): KafkaConsumerState {
  const needsCommitted = state.assignment.some(
    (p) => targets.has(tpKey(p.tp)) && missesPosition(state, p) && p.resetStrategy === null,
  );
  if (!needsCommitted || !state.needsFetchCommittedOffsets) return state;
  return {
    ...state,
    needsFetchCommittedOffsets: false,
    assignment: state.assignment.map((p) => {
      const stored = state.groupCommitted[tpKey(p.tp)];
      return stored === undefined ? p : { ...p, committed: stored };
    }),
  };
}

/**
 * Gives a position to every listed assigned partition that misses one (all assigned partitions when `only` is
 * omitted). Fails as a whole with NoOffsetForPartitionException when one has neither a committed offset nor a
 * default reset strategy.
 */
export function updateFetchPositions(
  state: KafkaConsumerState,
  only?: ReadonlySet<string>,
): { readonly state: KafkaConsumerState } | { readonly failure: Failure } {
  const targets = only ?? new Set(state.assignment.map((p) => tpKey(p.tp)));
  const refreshed = refreshCommitted(state, targets);
  const fallback = defaultReset(refreshed);
  const assignment: PartitionState[] = [];
  for (const p of refreshed.assignment) {
    const key = tpKey(p.tp);
    const log = refreshed.logs[key];
    if (!targets.has(key) || !missesPosition(refreshed, p) || log === undefined) {
      assignment.push(p);
    } else if (p.resetStrategy !== null) {
      assignment.push({ ...p, position: resetOffset(log, p.resetStrategy), resetStrategy: null });
    } else if (p.committed !== null) {
      assignment.push({ ...p, position: p.committed });
    } else if (fallback !== null) {
      assignment.push({ ...p, position: resetOffset(log, fallback) });
    } else {
      return { failure: fail('NoOffsetForPartitionException', `Undefined offset with no reset policy for partition: ${key}`) };
    }
  }
  return { state: { ...refreshed, assignment } };
}
