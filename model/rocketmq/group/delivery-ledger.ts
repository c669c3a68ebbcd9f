/**
 * The delivery ledger: for every produced message, which clients received it and which offset moves passed it
 * without delivering it. RocketMQ keeps no such record; the model does, so that "no message lost" and "delivered
 * exactly once" become checkable facts about a run rather than guesses from offsets.
 */
import { produce, type Draft } from 'immer';
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

/** What happened to one message. */
export interface LedgerEntry {
  readonly queueOffset: number;
  readonly tags: string | null;
  /** Logical time of the produce. */
  readonly storeTimestamp: number;
  /** Clients that received it, once per delivery (a client may appear twice: a redelivery). */
  readonly deliveredTo: readonly string[];
  readonly passedBy: readonly Passing[];
}

/** queue key → one entry per message, indexed by queue offset. */
export type DeliveryLedger = Readonly<Record<QueueKey, readonly LedgerEntry[]>>;

/** An update to the ledger of one queue. */
export type LedgerUpdate = (entries: Draft<LedgerEntry>[]) => void;

/** Applies one update to one queue's entries. */
export function updateLedger(ledger: DeliveryLedger, key: QueueKey, update: LedgerUpdate): DeliveryLedger {
  const entries = ledger[key];
  if (entries === undefined) return ledger;
  return { ...ledger, [key]: produce(entries, (draft) => update(draft as Draft<LedgerEntry>[])) };
}

/** A new message: nobody has received or passed it yet. */
export function recordProduced(ledger: DeliveryLedger, key: QueueKey, tags: string | null, storeTimestamp: number): DeliveryLedger {
  const entries = ledger[key] ?? [];
  return { ...ledger, [key]: [...entries, { queueOffset: entries.length, tags, storeTimestamp, deliveredTo: [], passedBy: [] }] };
}

/** Marks the messages at `offsets` delivered to `client`. */
export function delivered(offsets: readonly number[], client: string): LedgerUpdate {
  return (entries) => {
    for (const offset of offsets) entries[offset]?.deliveredTo.push(client);
  };
}

/** Marks the messages at `offsets` passed by `client` for the given reason. */
export function passed(offsets: readonly number[], client: string, by: PassedBy): LedgerUpdate {
  return (entries) => {
    for (const offset of offsets) entries[offset]?.passedBy.push({ client, by });
  };
}
