import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { assignors } from '../../../../model/kafka/assignors/assignors.js';
import type {
  Assignment,
  PartitionsPerTopic,
  Subscriptions,
} from '../../../../model/kafka/assignors/partition-assignor.js';
import { rangeAssignor } from '../../../../model/kafka/assignors/range-assignor.js';
import { roundRobinAssignor } from '../../../../model/kafka/assignors/round-robin-assignor.js';
import { compareTopicPartitions, tpKey, type TopicPartition } from '../../../../model/kafka/topic-partition.js';
import { capacityAfterPuts, javaHashOrder } from '../../../../model/java/java-hash-order.js';
import { javaStringCompare, javaStringHashCode } from '../../../../model/java/java-string.js';

// Small pools make collisions (shared topics, missing topics) common. They include names that trip naive code:
// Object.prototype members, '__proto__', integer-like keys (enumerated numerically by JS), case and surrogate order.
const topicPool = ['t0', 't1', 't2', 'B', 'a', 'topic10', 'topic9', 'toString', '__proto__', '\u{1F600}', '\uFF5E'];
const memberPool = ['c0', 'c1', 'c2', 'C', '10', '9', 'constructor', '__proto__', 'consumer-a'];

/** Metadata over some of the pool; counts of 0 model topics without partitions. */
const metadataArb: fc.Arbitrary<PartitionsPerTopic> = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...topicPool), fc.integer({ min: 0, max: 7 })), {
    selector: ([topic]) => topic,
    maxLength: topicPool.length,
  })
  .map((entries) => Object.fromEntries(entries));

/** At least one member, each with up to 5 topics (duplicates and topics missing from metadata included). */
const subscriptionEntriesArb = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...memberPool), fc.array(fc.constantFrom(...topicPool), { maxLength: 5 })),
  { selector: ([member]) => member, minLength: 1, maxLength: memberPool.length },
);

const subscriptionsArb: fc.Arbitrary<Subscriptions> = subscriptionEntriesArb.map((entries) => Object.fromEntries(entries));

/** The same subscriptions built twice: members inserted in another order and each member's topics reversed. */
const reorderedSubscriptionsArb = subscriptionEntriesArb.chain((entries) =>
  fc
    .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
    .map((shuffled): [Subscriptions, Subscriptions] => [
      Object.fromEntries(entries),
      Object.fromEntries(shuffled.map(([member, topics]) => [member, [...topics].reverse()])),
    ]),
);

/** Own entries of a record; never the prototype's. */
function ownEntries<V>(record: Readonly<Record<string, V>>): [string, V][] {
  return Object.entries(record);
}

/** The partition count of a topic with metadata, else 0. */
function countOf(metadata: PartitionsPerTopic, topic: string): number {
  return Object.hasOwn(metadata, topic) ? (metadata[topic] ?? 0) : 0;
}

/** Does the member subscribe to the topic. */
function subscribes(subscriptions: Subscriptions, member: string, topic: string): boolean {
  return Object.hasOwn(subscriptions, member) && (subscriptions[member] ?? []).includes(topic);
}

/** Freezes the inputs so that any mutation by an assignor throws (ES modules run in strict mode). */
function deepFreeze<T extends object>(record: T): T {
  for (const value of Object.values(record)) if (typeof value === 'object' && value !== null) Object.freeze(value);
  return Object.freeze(record);
}

describe('assignor registry', () => {
  it('maps each partition.assignment.strategy name to its assignor', () => {
    expect(Object.keys(assignors)).toEqual(['range', 'roundrobin']);
    expect(assignors.range).toBe(rangeAssignor);
    expect(assignors.roundrobin).toBe(roundRobinAssignor);
    for (const [name, assignor] of Object.entries(assignors)) expect(assignor.name).toBe(name);
  });
});

for (const assignor of Object.values(assignors)) {
  describe(`${assignor.name} assignor properties`, () => {
    const run = (metadata: PartitionsPerTopic, subscriptions: Subscriptions): Assignment =>
      assignor.assign(metadata, subscriptions);

    test.prop([metadataArb, subscriptionsArb])('assigns no partition twice', (metadata, subscriptions) => {
      const keys = Object.values(run(metadata, subscriptions)).flat().map(tpKey);
      expect(new Set(keys).size).toBe(keys.length);
    });

    test.prop([metadataArb, subscriptionsArb])(
      'gives a partition only to a member subscribed to its topic, and only partitions that exist',
      (metadata, subscriptions) => {
        for (const [member, partitions] of ownEntries(run(metadata, subscriptions))) {
          for (const p of partitions) {
            expect(subscribes(subscriptions, member, p.topic)).toBe(true);
            expect(p.partition).toBeGreaterThanOrEqual(0);
            expect(p.partition).toBeLessThan(countOf(metadata, p.topic));
          }
        }
      },
    );

    test.prop([metadataArb, subscriptionsArb])(
      'assigns every partition of every subscribed topic that exists in metadata',
      (metadata, subscriptions) => {
        const owned = new Set(Object.values(run(metadata, subscriptions)).flat().map(tpKey));
        const subscribed = new Set(Object.values(subscriptions).flat());
        for (const topic of subscribed) {
          for (let partition = 0; partition < countOf(metadata, topic); partition++) {
            expect(owned.has(tpKey({ topic, partition }))).toBe(true);
          }
        }
      },
    );

    test.prop([metadataArb, subscriptionsArb])(
      'lists every member, and only members, in the result',
      (metadata, subscriptions) => {
        const result = run(metadata, subscriptions);
        expect(Object.keys(result).sort()).toEqual(Object.keys(subscriptions).sort());
        for (const [, partitions] of ownEntries(result)) expect(Array.isArray(partitions)).toBe(true);
      },
    );

    test.prop([metadataArb, reorderedSubscriptionsArb])(
      'does not depend on the order of the subscriptions record\'s keys or of the topics in a subscription',
      (metadata, [subscriptions, reordered]) => {
        expect(run(metadata, reordered)).toEqual(run(metadata, subscriptions));
      },
    );

    test.prop([metadataArb, subscriptionsArb])(
      'lists each member\'s partitions by topic, ascending within a topic, topics in Java\'s order (String order for RoundRobin, HashMap order for Range)',
      (metadata, subscriptions) => {
        const topics = [...new Set(Object.values(subscriptions).flat())].sort(javaStringCompare);
        const rank = new Map(javaHashOrder(topics, javaStringHashCode, capacityAfterPuts(topics.length)).map((t, i) => [t, i]));
        const javaOrder = (a: TopicPartition, b: TopicPartition): number =>
          assignor === rangeAssignor ? (rank.get(a.topic) ?? 0) - (rank.get(b.topic) ?? 0) || a.partition - b.partition : compareTopicPartitions(a, b);
        for (const [, partitions] of ownEntries(run(metadata, subscriptions))) {
          expect([...partitions].sort(javaOrder)).toEqual(partitions);
        }
      },
    );

    test.prop([metadataArb, subscriptionsArb])('does not modify its inputs', (metadata, subscriptions) => {
      const before = JSON.stringify([Object.entries(metadata), Object.entries(subscriptions)]);
      run(deepFreeze({ ...metadata }), deepFreeze(Object.fromEntries(Object.entries(subscriptions).map(([m, t]) => [m, [...t]]))));
      expect(JSON.stringify([Object.entries(metadata), Object.entries(subscriptions)])).toBe(before);
    });
  });
}

describe('range assignor balance', () => {
  test.prop([metadataArb, subscriptionsArb])(
    'gives each topic\'s subscribers partition counts that differ by at most one, the larger to the members that sort first',
    (metadata, subscriptions) => {
      const result = rangeAssignor.assign(metadata, subscriptions);
      const subscribed = new Set(Object.values(subscriptions).flat());
      for (const topic of subscribed) {
        // Keys of `result` are not in Java order; rank members explicitly by code units.
        const subscribers = Object.keys(subscriptions)
          .filter((member) => subscribes(subscriptions, member, topic))
          .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        const counts = subscribers.map((member) => (result[member] ?? []).filter((p) => p.topic === topic).length);
        for (let i = 1; i < counts.length; i++) {
          const previous = counts[i - 1] ?? 0;
          const current = counts[i] ?? 0;
          expect(previous - current === 0 || previous - current === 1).toBe(true);
        }
      }
    },
  );

  test.prop([metadataArb, subscriptionsArb])(
    'gives each member a contiguous range of each topic',
    (metadata, subscriptions) => {
      for (const [, partitions] of ownEntries(rangeAssignor.assign(metadata, subscriptions))) {
        const byTopic = new Map<string, number[]>();
        for (const p of partitions) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
        for (const numbers of byTopic.values()) {
          numbers.forEach((n, i) => expect(n).toBe((numbers[0] ?? 0) + i));
        }
      }
    },
  );
});

describe('round-robin assignor balance', () => {
  test.prop([metadataArb, fc.uniqueArray(fc.constantFrom(...memberPool), { minLength: 1 }), fc.array(fc.constantFrom(...topicPool))])(
    'gives members with identical subscriptions partition counts within one of each other (javadoc claim)',
    (metadata, members, topics) => {
      const subscriptions: Subscriptions = Object.fromEntries(members.map((member) => [member, topics]));
      const counts = Object.values(roundRobinAssignor.assign(metadata, subscriptions)).map((list) => list.length);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    },
  );
});
