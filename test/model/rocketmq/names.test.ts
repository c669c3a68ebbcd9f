import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { parseScenario } from '../../../model/parse-scenario.js';
import { systems } from '../../../model/systems.js';
import { runTrace } from '../../../model/trace.js';
import type { RocketmqGroupObservation } from '../../../model/rocketmq/group/observation.js';
import type { RocketmqAllocateObservation } from '../../../model/rocketmq/allocate/allocate-system.js';

/** Legal RocketMQ names that are also JavaScript keys, and two ordinary ones. */
const POOL = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'T1', 'c1'] as const;
const names = (min: number, max: number) => fc.uniqueArray(fc.constantFrom(...POOL), { minLength: min, maxLength: max });
const name = fc.constantFrom(...POOL);

/** A JSON object built with every key an own property (`{[k]: v}` literals would do too; this reads as data). */
const objectOf = <T>(entries: readonly (readonly [string, T])[]): Record<string, T> => Object.fromEntries(entries) as Record<string, T>;

interface Run {
  readonly text: string;
  readonly setup: unknown;
  readonly observations: readonly unknown[];
}

/** Parses the scenario text and runs it: the parsed setup and every observation, as the CLI would have them. */
function run(text: string): Run {
  const parsed = parseScenario(JSON.parse(text), systems);
  if (!parsed.ok) throw new Error(parsed.reason);
  const model = systems.get(parsed.scenario.system);
  if (model === undefined) throw new Error('unknown system');
  const trace = runTrace(model, parsed.scenario.setup, parsed.scenario.commands);
  return { text, setup: parsed.scenario.setup, observations: [trace.initial, ...trace.steps.map((s) => s.after)] };
}

/** parse → step → observe → JSON → replay: observations serialize losslessly and a replay of the JSON text gives the same. */
function roundTrip(scenario: unknown): Run {
  const first = run(JSON.stringify(scenario));
  for (const observation of first.observations) {
    const json = JSON.stringify(observation);
    expect(JSON.stringify(JSON.parse(json))).toBe(json);
  }
  const replayed = run(first.text);
  expect(replayed.observations.map((o) => JSON.stringify(o))).toEqual(first.observations.map((o) => JSON.stringify(o)));
  return first;
}

const groupScenario = names(1, 4).chain((topics) =>
  fc.record({
    topics: fc.constant(topics),
    queues: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: topics.length, maxLength: topics.length }),
    clients: names(1, 3),
    subscribed: fc.subarray(topics, { minLength: 1 }),
    expression: fc.constantFrom('*', ...POOL, `${POOL[0]} || ${POOL[1]}`),
    commands: fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('rebalance'), client: name }),
        fc.record({ type: fc.constant('heartbeat'), client: name }),
        fc.record({ type: fc.constant('pull'), client: name }),
        fc.record({ type: fc.constant('produce'), topic: fc.constantFrom(...topics), queueId: fc.integer({ min: 0, max: 1 }), tags: name, count: fc.integer({ min: 1, max: 3 }) }),
        fc.record({ type: fc.constant('subscribe'), client: name, topic: fc.constantFrom(...topics), expression: fc.constantFrom('*', ...POOL) }),
        fc.record({ type: fc.constant('unsubscribe'), client: name, topic: fc.constantFrom(...topics) }),
        fc.record({ type: fc.constant('shutdown'), client: name }),
      ),
      { maxLength: 14 },
    ),
  }),
);

describe('names that are JavaScript keys (RocketMQ)', () => {
  it('regression (issue 13): a rocketmq.group setup keeps the topics __proto__ and constructor', () => {
    const text = '{"system":"rocketmq.group","setup":{"topics":{"__proto__":2,"constructor":1}},"commands":[{"type":"produce","topic":"__proto__","queueId":1},{"type":"produce","topic":"constructor","queueId":0}]}';
    const parsed = parseScenario(JSON.parse(text), systems);
    expect(parsed.ok).toBe(true);
    const { observations } = run(text);
    const last = observations.at(-1) as RocketmqGroupObservation;
    expect(Object.keys(last.queues)).toEqual(['__proto__/broker-a/0', '__proto__/broker-a/1', 'constructor/broker-a/0']);
    expect(last.queues['__proto__/broker-a/1']?.maxOffset).toBe(1);
    const steps = runTrace(systems.get('rocketmq.group')!, parsed.ok ? parsed.scenario.setup : {}, parsed.ok ? parsed.scenario.commands : []).steps;
    expect(steps.map((s) => s.outcome.ok)).toEqual([true, true]);
  });

  test.prop([groupScenario], { numRuns: 60 })('rocketmq.group: topics, clients, tags and expressions survive parse → step → observe → JSON → replay', (g) => {
    const scenario = {
      system: 'rocketmq.group',
      setup: { topics: objectOf(g.topics.map((t, i) => [t, g.queues[i] ?? 1] as const)), consumeFromWhere: 'CONSUME_FROM_FIRST_OFFSET' },
      commands: [
        ...g.clients.map((client) => ({ type: 'start', client, subscriptions: objectOf(g.subscribed.map((t) => [t, g.expression] as const)) })),
        ...g.clients.map((client) => ({ type: 'rebalance', client })),
        ...g.commands,
      ],
    };
    const { setup, observations } = roundTrip(scenario);
    expect(Object.keys((setup as { topics: object }).topics)).toEqual(Object.keys(scenario.setup.topics));
    const initial = observations[0] as RocketmqGroupObservation;
    expect(new Set(Object.values(initial.queues).map((q) => q.topic))).toEqual(new Set(g.topics));
    const started = observations[g.clients.length] as RocketmqGroupObservation;
    expect(Object.keys(started.clients)).toEqual(g.clients);
    for (const client of g.clients) expect(Object.keys(started.clients[client]?.subscriptions ?? {})).toEqual(g.subscribed);
    expect(Object.keys(started.group?.subscriptions ?? {})).toEqual(g.subscribed);
    expect(started.group?.cidAll).toHaveLength(g.clients.length);
  });

  test.prop([names(1, 4), names(1, 3), names(1, 3), fc.array(name, { minLength: 1, maxLength: 5 })], { numRuns: 60 })(
    'rocketmq.allocate: broker, client and room names survive parse → step → observe → JSON → replay',
    (brokers, clients, rooms, callers) => {
      const room = (i: number) => rooms[i % rooms.length] ?? 'T1';
      const scenario = {
        system: 'rocketmq.allocate',
        setup: {
          group: POOL[0],
          strategy: {
            name: 'MACHINE_ROOM_NEARBY',
            inner: { name: 'AVG' },
            resolver: { kind: 'table', brokerRooms: objectOf(brokers.map((b, i) => [b, room(i)] as const)), consumerRooms: objectOf(clients.map((c, i) => [c, room(i)] as const)) },
          },
        },
        commands: callers.map((currentCID) => ({
          type: 'allocate',
          currentCID,
          mqAll: brokers.map((brokerName) => ({ topic: POOL[1], brokerName, queueId: 0 })),
          cidAll: clients,
        })),
      };
      const { setup, observations } = roundTrip(scenario);
      expect(JSON.stringify(setup)).toContain(JSON.stringify(scenario.setup.strategy.resolver.brokerRooms));
      expect(JSON.stringify(setup)).toContain(JSON.stringify(scenario.setup.strategy.resolver.consumerRooms));
      const last = observations.at(-1) as RocketmqAllocateObservation;
      expect(new Set(Object.keys(last.allocations))).toEqual(new Set(callers));
      // Every queue has a room and every client of cidAll one: no IllegalArgumentException, every queue allocated.
      const allocated = clients.filter((c) => callers.includes(c)).flatMap((c) => last.allocations[c] ?? []);
      if (clients.every((c) => callers.includes(c))) expect(allocated).toHaveLength(brokers.length);
    },
  );

  test.prop([name, fc.array(name, { minLength: 1, maxLength: 3 }), name], { numRuns: 40 })(
    'rocketmq.filter: topic and tag names survive parse → step → observe → JSON → replay',
    (topic, tags, tag) => {
      const expression = tags.join(' || ');
      const scenario = {
        system: 'rocketmq.filter',
        setup: {},
        commands: [
          { type: 'buildSubscriptionData', topic, expression },
          { type: 'deliver', subscription: expression, own: expression, tags: tag },
          { type: 'hashCode', value: tag },
        ],
      };
      roundTrip(scenario);
      const parsed = parseScenario(scenario, systems);
      const model = systems.get('rocketmq.filter')!;
      const steps = runTrace(model, parsed.ok ? parsed.scenario.setup : {}, parsed.ok ? parsed.scenario.commands : []).steps;
      expect(steps[0]?.outcome).toMatchObject({ ok: true, value: { topic, tagsSet: [...new Set(tags)] } });
      expect(steps[1]?.outcome).toMatchObject({ ok: true, value: { broker: tags.includes(tag), client: tags.includes(tag) } });
    },
  );
});
