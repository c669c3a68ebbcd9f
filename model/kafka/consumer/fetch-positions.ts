/**
 * Resolving missing fetch positions before a fetch (`KafkaConsumer.updateFetchPositions` with
 * `ConsumerCoordinator.refreshCommittedOffsetsIfNeeded`, `Fetcher.resetOffsetsIfNeeded` and
 * `Fetcher.updateFetchPositions`, apache/kafka 1.0.0 and 0.10.0.0): a pending reset first, else the committed offset
 * (fetched from the group when the cache is stale), else the default `auto.offset.reset`, and with `none` a
 * NoOffsetForPartitionException that leaves the partition awaiting a reset nothing can resolve.
 */
import { fail, type Failure } from '../../outcome.js';
import { capacityAfterPuts, javaHashOrder } from '../../java/java-hash-order.js';
import { topicPartitionHashCode, tpKey } from '../topic-partition.js';
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
 * 0.10.0's `Fetcher.updateFetchPositions`: after the committed-offset refresh, the partitions without a position one
 * by one, in the order of the `HashSet` `missingFetchPositions()` builds, each from its pending reset, else its
 * committed offset, else the default reset; the first one left with a NONE reset throws, and the ones after it are
 * not reached.
 */
function updateFetchPositions0100(state: KafkaConsumerState, targets: ReadonlySet<string>): FetchPositions {
  const refreshed = refreshCommittedOffsetsIfNeeded(state);
  const missing = refreshed.assignment.filter((p) => targets.has(tpKey(p.tp)) && missesPosition(refreshed, p));
  const order = javaHashOrder(missing, (p) => topicPartitionHashCode(p.tp), capacityAfterPuts(missing.length));
  const fallback: ResetStrategy = defaultReset(refreshed) ?? 'NONE';
  const resolved = new Map<string, PartitionState>();
  let failure: Failure | undefined;
  for (const p of order) {
    const key = tpKey(p.tp);
    const log = refreshed.logs[key];
    const strategy = p.resetStrategy ?? (p.committed === null ? fallback : null);
    if (log === undefined) continue;
    if (strategy === 'NONE') {
      resolved.set(key, { ...p, resetStrategy: 'NONE' });
      failure = noOffset([key]);
      break;
    }
    resolved.set(key, strategy === null ? { ...p, position: p.committed } : { ...p, position: resetOffset(log, strategy), resetStrategy: null });
  }
  const assignment = refreshed.assignment.map((p) => resolved.get(tpKey(p.tp)) ?? p);
  return failure === undefined ? { state: { ...refreshed, assignment } } : { state: { ...refreshed, assignment }, failure };
}

/**
 * Gives a position to every listed assigned partition that misses one (`KafkaConsumer.updateFetchPositions`). 1.0:
 * pending resets first (a pending NONE reset throws before anything else), then, if some partition still misses a
 * position, the committed-offset refresh, then the committed offset or the default reset, every partition resolved
 * before the partitions left with a NONE reset are thrown. 0.10.0 refreshes the committed offsets first, whatever is
 * pending, and stops at the first partition it cannot resolve. Like Java, a failure keeps what was resolved before
 * it: the positions set and the NONE resets started, which stick until a seek.
 */
export function updateFetchPositions(state: KafkaConsumerState, targets: ReadonlySet<string>): FetchPositions {
  const missing = (s: KafkaConsumerState): boolean => s.assignment.some((p) => targets.has(tpKey(p.tp)) && missesPosition(s, p));
  if (!missing(state)) return { state };
  if (state.profile === 'kafka-0.10.0') return updateFetchPositions0100(state, targets);
  const pending = resetOffsets(state, targets);
  if (pending.unresolved.length > 0) return { state: pending.state, failure: noOffset(pending.unresolved) };
  if (!missing(pending.state)) return { state: pending.state };
  const reset = resetOffsets(positionFromCommittedOrDefault(refreshCommittedOffsetsIfNeeded(pending.state), targets), targets);
  return reset.unresolved.length > 0 ? { state: reset.state, failure: noOffset(reset.unresolved) } : { state: reset.state };
}
