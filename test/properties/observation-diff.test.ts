import { test, fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import { runTrace } from '../../model/trace.js';
import { diffObservations, formatChange, type ObservationChange } from '../../properties/observation-diff.js';

/**
 * Applies changes to a copy of `before` (the inverse of the diff, for the round-trip property). Removals go last and
 * in reverse, so that removing trailing array elements does not shift the ones still to remove.
 */
function apply(before: unknown, changes: readonly ObservationChange[]): unknown {
  let result: unknown = structuredClone(before);
  const ordered = [...changes.filter((c) => c.kind !== 'removed'), ...changes.filter((c) => c.kind === 'removed').reverse()];
  for (const change of ordered) {
    const path = change.path === '$' ? [] : [...change.path.matchAll(/\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? (JSON.parse(`"${m[2]}"`) as string) : (m[3] ?? '')));
    if (path.length === 0) {
      result = change.after;
      continue;
    }
    let node = result as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = path.at(-1) ?? '';
    if (change.kind === 'removed') {
      if (Array.isArray(node)) node.splice(Number(last), 1);
      else delete node[last];
    } else node[last] = change.after;
  }
  return result;
}

describe('diffObservations', () => {
  it('names each changed leaf by its path with the old and new value', () => {
    const before = { partitions: { 't0-0': { position: 0, committed: null } }, mode: 'USER_ASSIGNED' };
    const after = { partitions: { 't0-0': { position: 2, committed: null } }, mode: 'USER_ASSIGNED' };
    const changes = diffObservations(before, after);
    expect(changes).toEqual([{ path: 'partitions.t0-0.position', kind: 'changed', before: 0, after: 2 }]);
    expect(changes.map((c) => formatChange(c))).toEqual(['partitions.t0-0.position: 0 → 2']);
  });

  it('reports added and removed keys with ∅ on the missing side', () => {
    const changes = diffObservations({ a: 1, gone: true }, { a: 1, added: { x: 1 } });
    expect(changes.map((c) => formatChange(c))).toEqual(['gone: true → ∅', 'added: ∅ → {"x":1}']);
  });

  it('compares arrays of plain values as whole values and arrays of objects element by element', () => {
    expect(diffObservations({ subscription: ['t1', 't2'] }, { subscription: ['t2'] }).map((c) => formatChange(c))).toEqual([
      'subscription: ["t1","t2"] → ["t2"]',
    ]);
    const ledger = { 'T1/broker-a/0': [{ queueOffset: 0, deliveredTo: [] }] };
    const next = { 'T1/broker-a/0': [{ queueOffset: 0, deliveredTo: ['c1'] }, { queueOffset: 1, deliveredTo: [] }] };
    expect(diffObservations(ledger, next).map((c) => formatChange(c))).toEqual([
      'T1/broker-a/0[0].deliveredTo: [] → ["c1"]',
      'T1/broker-a/0[1]: ∅ → {"queueOffset":1,"deliveredTo":[]}',
    ]);
  });

  it('quotes keys that would read as paths and cuts long values', () => {
    const changes = diffObservations({ 'a.b': 1 }, { 'a.b': 'x'.repeat(200) });
    expect(changes[0]?.path).toBe('["a.b"]');
    expect(formatChange(changes[0] as ObservationChange, 10)).toBe('["a.b"]: 1 → "xxxxxxxx…');
  });

  it('finds nothing between equal observations, whatever their key order', () => {
    expect(diffObservations({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
  });

  it('shows what one kafka.consumer step changed, as mqspec replay prints it', () => {
    const setup = kafkaConsumer.setupSchema.parse({ topics: { t0: 1 }, autoOffsetReset: 'earliest' });
    const trace = runTrace(kafkaConsumer, setup, [
      { type: 'assign', partitions: [{ topic: 't0', partition: 0 }] },
      { type: 'produce', topic: 't0', partition: 0, count: 2 },
      { type: 'poll' },
    ]);
    const poll = trace.steps[2];
    expect(poll && diffObservations(poll.before, poll.after).map((c) => formatChange(c))).toContain('partitions.t0-0.position: null → 2');
  });

  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.constant(null), tie('object'), tie('array')),
    object: fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), tie('value'), { maxKeys: 3 }),
    array: fc.array(tie('value'), { maxLength: 3 }),
  }));

  test.prop([json.object, json.object])('lists exactly the changes that turn the old observation into the new one', (before, after) => {
    expect(apply(before, diffObservations(before, after))).toEqual(after);
  });
});
