/**
 * The delivery ledger: for every produced message, which clients received it and which offset moves passed it
 * without delivering it. RocketMQ keeps no such record; the model does, so that "no message lost" and "delivered
 * exactly once" become checkable facts about a run rather than guesses from offsets. Like the consume queues it
 * holds runs: an entry stands for `count` consecutive messages with the same history, so a batch of 10⁹ messages
 * is one entry until pulls and rebalances tell some of them apart. Entries are kept maximal (neighbours with the
 * same tags, store time and history are one entry), so the ledger is a function of the per-message facts.
 */
import { emptyVector, vectorGet, vectorLast, vectorPush, vectorSlice, vectorSplice, type Vector } from '../../persistent-vector.js';
import type { QueueKey } from './queue-key.js';

/**
 * Why an offset move passed a message without delivering it:
 * - `broker-filter`: the broker's tag-code filter (with the group-level subscription) rejected it;
 * - `client-filter`: the broker returned it but the pulling client's own tag filter dropped it;
 * - `consume-from-where`: a client took the queue without a stored offset and `consumeFromWhere` put its first
 *   offset past the message.
 */
export type PassedBy = 'broker-filter' | 'client-filter' | 'consume-from-where';

/** One offset move past a message. */
export interface Passing {
  readonly client: string;
  readonly by: PassedBy;
}

/** What happened to `count` consecutive messages from `queueOffset`, alike in tags, store time and history. */
export interface LedgerEntry {
  readonly queueOffset: number;
  readonly count: number;
  readonly tags: string | null;
  /** Logical time of the produce. */
  readonly storeTimestamp: number;
  /** Clients that received them, once per delivery (a client may appear twice: a redelivery). */
  readonly deliveredTo: readonly string[];
  readonly passedBy: readonly Passing[];
}

/**
 * queue key → its entries in offset order, covering every offset from 0 to the queue's max offset. A persistent
 * vector, so that recording a produce or a pull on a long ledger costs a path of the trie, not a copy of the ledger.
 */
export type DeliveryLedger = Readonly<Record<QueueKey, Vector<LedgerEntry>>>;

/** The ledger as observed: the same entries as arrays. */
export type ObservedLedger = Readonly<Record<QueueKey, readonly LedgerEntry[]>>;

/** Offsets [from, to). */
export interface OffsetRange {
  readonly from: number;
  readonly to: number;
}

/** An update to the ledger of one queue: one delivery or one passing recorded for every offset of the ranges. */
export interface LedgerUpdate {
  readonly ranges: readonly OffsetRange[];
  readonly deliveredTo?: string;
  readonly passedBy?: Passing;
}

/** Ascending offsets as ranges of consecutive ones. */
export function rangesOf(offsets: readonly number[]): OffsetRange[] {
  const ranges: OffsetRange[] = [];
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last.to === offset) ranges[ranges.length - 1] = { from: last.from, to: offset + 1 };
    else if (last === undefined || last.to < offset) ranges.push({ from: offset, to: offset + 1 });
  }
  return ranges;
}

/** The entry holding `offset`, or undefined past the end. */
export function ledgerEntryAt(entries: readonly LedgerEntry[], offset: number): LedgerEntry | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const entry = entries[mid];
    if (entry === undefined) return undefined;
    if (offset < entry.queueOffset) high = mid - 1;
    else if (offset >= entry.queueOffset + entry.count) low = mid + 1;
    else return entry;
  }
  return undefined;
}

/** True when two entries hold the same facts (offsets aside), so neighbours can be one entry. */
function sameFacts(a: LedgerEntry, b: LedgerEntry): boolean {
  return (
    a.tags === b.tags &&
    a.storeTimestamp === b.storeTimestamp &&
    a.deliveredTo.length === b.deliveredTo.length &&
    a.passedBy.length === b.passedBy.length &&
    a.deliveredTo.every((c, i) => c === b.deliveredTo[i]) &&
    a.passedBy.every((p, i) => p.client === b.passedBy[i]?.client && p.by === b.passedBy[i]?.by)
  );
}

/** Appends an entry, merging it into the last one when they are neighbours with the same facts. */
function pushMerged(entries: LedgerEntry[], entry: LedgerEntry): void {
  const last = entries[entries.length - 1];
  if (last !== undefined && last.queueOffset + last.count === entry.queueOffset && sameFacts(last, entry)) {
    entries[entries.length - 1] = { ...last, count: last.count + entry.count };
  } else {
    entries.push(entry);
  }
}

/** The entry restricted to [from, to) (both inside it). */
function slice(entry: LedgerEntry, from: number, to: number): LedgerEntry {
  return from === entry.queueOffset && to === entry.queueOffset + entry.count ? entry : { ...entry, queueOffset: from, count: to - from };
}

/** The index of the last entry starting at or before `offset`, -1 when none does. */
function entryIndex(entries: Vector<LedgerEntry>, offset: number): number {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((vectorGet(entries, mid)?.queueOffset ?? 0) <= offset) low = mid + 1;
    else high = mid - 1;
  }
  return high;
}

/**
 * One queue's entries after the update. Only the stretch the ranges touch, with one neighbour on each side (they
 * may merge with it), is rebuilt; the entries around it are shared, so an update costs little on a long ledger.
 */
function applyUpdate(entries: Vector<LedgerEntry>, update: LedgerUpdate): Vector<LedgerEntry> {
  const first = update.ranges[0];
  const last = update.ranges[update.ranges.length - 1];
  if (first === undefined || last === undefined) return entries;
  const low = Math.max(0, entryIndex(entries, first.from) - 1);
  const high = Math.min(entries.length, entryIndex(entries, last.to - 1) + 2);
  return vectorSplice(entries, low, high - low, rebuild(vectorSlice(entries, low, high), update));
}

/** Entries split at the ranges' ends, updated inside, merged back. */
function rebuild(entries: readonly LedgerEntry[], update: LedgerUpdate): LedgerEntry[] {
  const marked = (entry: LedgerEntry): LedgerEntry => ({
    ...entry,
    deliveredTo: update.deliveredTo === undefined ? entry.deliveredTo : [...entry.deliveredTo, update.deliveredTo],
    passedBy: update.passedBy === undefined ? entry.passedBy : [...entry.passedBy, update.passedBy],
  });
  const result: LedgerEntry[] = [];
  let r = 0;
  for (const entry of entries) {
    const end = entry.queueOffset + entry.count;
    let at = entry.queueOffset;
    while (at < end) {
      while (r < update.ranges.length && (update.ranges[r]?.to ?? 0) <= at) r++;
      const range = update.ranges[r];
      if (range === undefined || range.from >= end) {
        pushMerged(result, slice(entry, at, end));
        at = end;
      } else if (range.from > at) {
        pushMerged(result, slice(entry, at, range.from));
        at = range.from;
      } else {
        const stop = Math.min(range.to, end);
        pushMerged(result, marked(slice(entry, at, stop)));
        at = stop;
      }
    }
  }
  return result;
}

/** Applies one update to one queue's entries. */
export function updateLedger(ledger: DeliveryLedger, key: QueueKey, update: LedgerUpdate): DeliveryLedger {
  const entries = ledger[key];
  if (entries === undefined || update.ranges.length === 0) return ledger;
  return { ...ledger, [key]: applyUpdate(entries, update) };
}

/** `count` new alike messages: nobody has received or passed them yet. */
export function recordProduced(ledger: DeliveryLedger, key: QueueKey, tags: string | null, storeTimestamp: number, count: number): DeliveryLedger {
  const entries = ledger[key] ?? emptyVector<LedgerEntry>();
  const last = vectorLast(entries);
  const queueOffset = last === undefined ? 0 : last.queueOffset + last.count;
  return { ...ledger, [key]: vectorPush(entries, { queueOffset, count, tags, storeTimestamp, deliveredTo: [], passedBy: [] }) };
}

/** Marks the messages at `offsets` delivered to `client`. */
export function delivered(offsets: readonly number[], client: string): LedgerUpdate {
  return { ranges: rangesOf(offsets), deliveredTo: client };
}

/** Marks the messages at `offsets` passed by `client` for the given reason. */
export function passed(offsets: readonly number[], client: string, by: PassedBy): LedgerUpdate {
  return { ranges: rangesOf(offsets), passedBy: { client, by } };
}

/** Marks every message below `offset` passed by `client` for the given reason. */
export function passedBelow(offset: number, client: string, by: PassedBy): LedgerUpdate {
  return { ranges: offset > 0 ? [{ from: 0, to: offset }] : [], passedBy: { client, by } };
}
