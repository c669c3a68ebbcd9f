import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  delivered,
  ledgerEntryAt,
  passed,
  passedBelow,
  rangesOf,
  recordProduced,
  updateLedger,
  type DeliveryLedger,
  type LedgerEntry,
  type LedgerUpdate,
} from '../../../../model/rocketmq/group/delivery-ledger.js';
import { emptyVector, vectorArray } from '../../../../model/persistent-vector.js';

const KEY = 'T/broker-a/0';

/** The queue's entries as an array. */
const entriesOf = (ledger: DeliveryLedger, key = KEY): readonly LedgerEntry[] => vectorArray(ledger[key] ?? emptyVector());

/** The ledger one message at a time: what the runs must stand for. */
function perMessage(ledger: DeliveryLedger): Omit<LedgerEntry, 'count'>[] {
  return entriesOf(ledger).flatMap((entry) =>
    Array.from({ length: entry.count }, (_, i) => ({
      queueOffset: entry.queueOffset + i,
      tags: entry.tags,
      storeTimestamp: entry.storeTimestamp,
      deliveredTo: entry.deliveredTo,
      passedBy: entry.passedBy,
    })),
  );
}

/** The same update applied message by message. */
function applyPerMessage(messages: Omit<LedgerEntry, 'count'>[], update: LedgerUpdate): Omit<LedgerEntry, 'count'>[] {
  return messages.map((m) =>
    update.ranges.some((r) => r.from <= m.queueOffset && m.queueOffset < r.to)
      ? {
          ...m,
          deliveredTo: update.deliveredTo === undefined ? m.deliveredTo : [...m.deliveredTo, update.deliveredTo],
          passedBy: update.passedBy === undefined ? m.passedBy : [...m.passedBy, update.passedBy],
        }
      : m,
  );
}

const batches = fc.array(fc.record({ tags: fc.constantFrom('A', 'B', null), count: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 5 });
const updates = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('delivered' as const), offsets: fc.uniqueArray(fc.nat(30), { maxLength: 8 }), client: fc.constantFrom('c1', 'c2') }),
    fc.record({ kind: fc.constant('passed' as const), offsets: fc.uniqueArray(fc.nat(30), { maxLength: 8 }), client: fc.constantFrom('c1', 'c2') }),
    fc.record({ kind: fc.constant('below' as const), offset: fc.nat(30), client: fc.constantFrom('c1', 'c2') }),
  ),
  { maxLength: 8 },
);

describe('delivery ledger runs', () => {
  test.prop([batches, updates])('stand for the per-message ledger, in maximal entries covering every offset once', (produced, steps) => {
    let ledger: DeliveryLedger = { [KEY]: emptyVector() };
    produced.forEach((b, i) => (ledger = recordProduced(ledger, KEY, b.tags, i + 1, b.count)));
    let expected = perMessage(ledger);
    for (const step of steps) {
      const update =
        step.kind === 'delivered' ? delivered(step.offsets, step.client) : step.kind === 'passed' ? passed(step.offsets, step.client, 'broker-filter') : passedBelow(step.offset, step.client, 'consume-from-where');
      ledger = updateLedger(ledger, KEY, update);
      expected = applyPerMessage(expected, update);
    }
    expect(perMessage(ledger)).toEqual(expected);
    const entries = entriesOf(ledger);
    for (const [i, entry] of entries.entries()) {
      expect(entry.count).toBeGreaterThan(0);
      const next = entries[i + 1];
      if (next === undefined) continue;
      expect(next.queueOffset).toBe(entry.queueOffset + entry.count);
      const same = next.tags === entry.tags && next.storeTimestamp === entry.storeTimestamp && JSON.stringify([next.deliveredTo, next.passedBy]) === JSON.stringify([entry.deliveredTo, entry.passedBy]);
      expect(same).toBe(false);
    }
    for (const m of expected) expect(ledgerEntryAt(entries, m.queueOffset)?.tags).toBe(m.tags);
  });

  it('splits a batch where a pull stops and merges it back when the rest catches up', () => {
    let ledger = recordProduced({ [KEY]: emptyVector() }, KEY, 'A', 1, 1_000_000_000);
    ledger = updateLedger(ledger, KEY, delivered([0, 1, 2], 'c1'));
    expect(entriesOf(ledger).map((e) => [e.queueOffset, e.count, e.deliveredTo])).toEqual([
      [0, 3, ['c1']],
      [3, 999_999_997, []],
    ]);
    ledger = updateLedger(ledger, KEY, passedBelow(1_000_000_000, 'c2', 'consume-from-where'));
    ledger = updateLedger(ledger, KEY, { ranges: [{ from: 3, to: 1_000_000_000 }], deliveredTo: 'c1' });
    expect(entriesOf(ledger).map((e) => [e.queueOffset, e.count])).toEqual([[0, 1_000_000_000]]);
  });
});

// Deterministic cases for rules the property above reaches only by luck at MQSPEC_NUM_RUNS=20. The ledger is mqspec's
// own bookkeeping (RocketMQ keeps no such record), so these rules are the model's invariants, not Java's.
const shape = (ledger: DeliveryLedger) => entriesOf(ledger).map((e) => [e.queueOffset, e.count, e.tags, e.deliveredTo, e.passedBy.map((p) => `${p.client}:${p.by}`)]);

describe('delivery ledger updates', () => {
  it('rangesOf turns offsets (any order, repeats counted once) into maximal ranges of consecutive ones', () => {
    expect(rangesOf([])).toEqual([]);
    expect(rangesOf([3, 1, 2])).toEqual([{ from: 1, to: 4 }]);
    expect(rangesOf([1, 5, 6, 9])).toEqual([
      { from: 1, to: 2 },
      { from: 5, to: 7 },
      { from: 9, to: 10 },
    ]);
    expect(rangesOf([2, 2, 3, 3])).toEqual([{ from: 2, to: 4 }]);
  });

  it('passedBelow(0) passes nothing: a client starting at offset 0 skips no message', () => {
    expect(passedBelow(0, 'c1', 'consume-from-where').ranges).toEqual([]);
    expect(passedBelow(2, 'c1', 'consume-from-where').ranges).toEqual([{ from: 0, to: 2 }]);
  });

  it('recordProduced starts a queue the ledger does not know yet at offset 0', () => {
    expect(shape(recordProduced({}, KEY, 'A', 1, 3))).toEqual([[0, 3, 'A', [], []]]);
  });

  it('an update of a queue the ledger does not hold, or with no range, leaves the ledger as it is', () => {
    const ledger = recordProduced({}, KEY, 'A', 1, 3);
    expect(updateLedger(ledger, 'T/broker-a/1', delivered([0], 'c1'))).toBe(ledger);
    expect(updateLedger(ledger, KEY, delivered([], 'c1'))).toBe(ledger);
    expect(updateLedger(ledger, KEY, passedBelow(0, 'c1', 'consume-from-where'))).toBe(ledger);
  });

  it('does not merge neighbours whose tags differ, even with the same store time and history', () => {
    let ledger = recordProduced({}, KEY, 'A', 1, 2);
    ledger = recordProduced(ledger, KEY, 'B', 1, 2);
    ledger = updateLedger(ledger, KEY, delivered([0, 1, 2, 3], 'c1'));
    expect(shape(ledger)).toEqual([
      [0, 2, 'A', ['c1'], []],
      [2, 2, 'B', ['c1'], []],
    ]);
  });

  it('does not merge neighbours passed by different clients, nor by one client for different reasons', () => {
    let ledger = recordProduced({}, KEY, 'A', 1, 6);
    ledger = updateLedger(ledger, KEY, passed([0, 1], 'c1', 'broker-filter'));
    ledger = updateLedger(ledger, KEY, passed([2, 3], 'c2', 'broker-filter'));
    ledger = updateLedger(ledger, KEY, passed([4, 5], 'c2', 'client-filter'));
    expect(shape(ledger)).toEqual([
      [0, 2, 'A', [], ['c1:broker-filter']],
      [2, 2, 'A', [], ['c2:broker-filter']],
      [4, 2, 'A', [], ['c2:client-filter']],
    ]);
  });

  it('merges the updated stretch into the entry right after it when their histories become alike', () => {
    let ledger = recordProduced({}, KEY, 'A', 1, 6);
    ledger = updateLedger(ledger, KEY, delivered([3, 4, 5], 'c1'));
    ledger = updateLedger(ledger, KEY, delivered([1], 'c2'));
    expect(shape(ledger)).toEqual([
      [0, 1, 'A', [], []],
      [1, 1, 'A', ['c2'], []],
      [2, 1, 'A', [], []],
      [3, 3, 'A', ['c1'], []],
    ]);
    ledger = updateLedger(ledger, KEY, delivered([2], 'c1'));
    expect(shape(ledger)).toEqual([
      [0, 1, 'A', [], []],
      [1, 1, 'A', ['c2'], []],
      [2, 4, 'A', ['c1'], []],
    ]);
  });

  it('shares the entries an update does not change, its neighbours included, with the ledger before it', () => {
    let ledger = recordProduced({}, KEY, 'A', 1, 3);
    ledger = recordProduced(ledger, KEY, 'B', 2, 3);
    ledger = recordProduced(ledger, KEY, 'C', 3, 3);
    const before = entriesOf(ledger);
    const after = entriesOf(updateLedger(ledger, KEY, delivered([3, 4, 5], 'c1')));
    expect(after.map((e) => e.deliveredTo)).toEqual([[], ['c1'], []]);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
  });
});
