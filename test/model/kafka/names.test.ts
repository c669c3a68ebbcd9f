/**
 * Issue 13 item 1 for Kafka: topic and consumer names are data, never keys that reach `Object.prototype`.
 * `__proto__`, `constructor`, `toString` and `hasOwnProperty` are legal Kafka topic names and member ids; they must
 * survive parse → step → observe → JSON → replay unchanged in `kafka.consumer` and `kafka.group`.
 */
import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { z } from 'zod';
import { nameRecordSchema } from '../../../model/kafka/names.js';
import { parseScenario } from '../../../model/parse-scenario.js';
import { systems } from '../../../model/systems.js';
import { runTrace } from '../../../model/trace.js';
import type { AnySystemModel } from '../../../model/system.js';
import type { Scenario } from '../../../model/scenario.js';
import type { KafkaGroupObservation } from '../../../model/kafka/group/observation.js';
import type { KafkaConsumerObservation } from '../../../model/kafka/consumer/observation.js';

/** Names that are JavaScript keys, next to ordinary ones. */
const prototypeNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
const namePool = [...prototypeNames, 'orders', 'c0'] as const;

function modelOf(id: string): AnySystemModel {
  const model = systems.get(id);
  if (model === undefined) throw new Error(`no system ${id}`);
  return model;
}

/** A JSON text parsed, as the CLI reads a scenario file (JSON.parse makes `__proto__` an own key). */
function parsed(text: string): Scenario {
  const result = parseScenario(JSON.parse(text), systems);
  if (!result.ok) throw new Error(result.reason);
  return result.scenario;
}

/** The final observation of a scenario, and each step's outcome. */
function run(scenario: Scenario): { readonly final: unknown; readonly outcomes: unknown[] } {
  const trace = runTrace(modelOf(scenario.system), scenario.setup, scenario.commands);
  return { final: trace.steps.at(-1)?.after ?? trace.initial, outcomes: trace.steps.map((s) => s.outcome) };
}

/** A value with every object turned into its sorted own entries, so comparisons see exactly the own keys. */
function ownEntriesDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ownEntriesDeep);
  if (typeof value !== 'object' || value === null) return value;
  return Object.keys(value)
    .sort()
    .map((key) => [key, ownEntriesDeep((value as Record<string, unknown>)[key])]);
}

/** A JSON object text from entries, keys in order (what a scenario author writes). */
function objectText(entries: ReadonlyArray<readonly [string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
}

describe('names that are JavaScript keys (regressions)', () => {
  const topics = objectText([['__proto__', 2], ['constructor', 1], ['toString', 1], ['hasOwnProperty', 1]]);

  it.each(['kafka.consumer', 'kafka.group'])('%s keeps a setup topic called __proto__ (zod records drop it)', (system) => {
    const scenario = parsed(`{"system":"${system}","setup":{"topics":${topics}},"commands":[]}`);
    const setupTopics = (scenario.setup as { topics: Record<string, number> }).topics;
    expect(Object.keys(setupTopics)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(Object.getPrototypeOf(setupTopics)).toBe(Object.prototype);
    const logs = Object.keys((run(scenario).final as { logs: object }).logs);
    expect(logs).toEqual(['__proto__-0', '__proto__-1', 'constructor-0', 'toString-0', 'hasOwnProperty-0']);
  });

  it('produces to topic __proto__ of the setup instead of answering an unknown partition', () => {
    const scenario = parsed(`{"system":"kafka.consumer","setup":{"topics":${topics}},"commands":[{"type":"produce","topic":"__proto__","partition":1,"count":3}]}`);
    expect(run(scenario).outcomes).toEqual([{ ok: true }]);
  });

  it('keeps __proto__ in a metadataUpdate', () => {
    const scenario = parsed(
      '{"system":"kafka.consumer","setup":{"topics":{"a":1}},"commands":[{"type":"metadataUpdate","topics":{"__proto__":1,"a":1}}]}',
    );
    const command = scenario.commands[0] as unknown as { topics: Record<string, number> };
    expect(Object.keys(command.topics)).toEqual(['__proto__', 'a']);
    expect(Object.keys((run(scenario).final as KafkaConsumerObservation).logs)).toContain('__proto__-0');
  });

  it('refuses a __proto__ topic with an invalid partition count, naming it (zod records never check that key)', () => {
    const result = parseScenario(JSON.parse('{"system":"kafka.consumer","setup":{"topics":{"__proto__":-2}},"commands":[]}'), systems);
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.reason).toMatch(/^setup\.topics\.__proto__: /);
  });

  it('refuses a commit to topic constructor when the cluster has no such topic (metadata lookups own keys only)', () => {
    const scenario = parsed(
      '{"system":"kafka.group","setup":{"topics":{"a":1}},"commands":[{"type":"join","consumer":"c0"},{"type":"assign","consumer":"c0","partitions":[{"topic":"a","partition":0}]},{"type":"commitSync","consumer":"c0","offsets":[{"topic":"constructor","partition":0,"offset":1}]}]}',
    );
    expect(run(scenario).outcomes[2]).toMatchObject({ ok: false, error: 'KafkaException' });
  });

  it.each(prototypeNames)('observes a group member called %s, as an own key that survives JSON', (name) => {
    const scenario = parsed(
      `{"system":"kafka.group","setup":{"topics":{"t":2}},"commands":[{"type":"join","consumer":"${name}"},{"type":"subscribe","consumer":"${name}","topics":["t"]},{"type":"rebalance"}]}`,
    );
    const final = run(scenario).final as KafkaGroupObservation;
    expect(Object.keys(final.members)).toEqual([name]);
    expect(Object.keys(final.lastAssignment ?? {})).toEqual([name]);
    const again = JSON.parse(JSON.stringify(final)) as KafkaGroupObservation;
    expect(Object.keys(again.members)).toEqual([name]);
    expect(again.members[name]?.partitions).toEqual(final.members[name]?.partitions);
  });
});

describe('nameRecordSchema', () => {
  const schema = nameRecordSchema(z.string().min(1, 'empty name').regex(/^[a-z]+$/, 'letters only'), z.number().int().positive('not positive'));
  const issuesOf = (text: string): unknown => {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : result.error.issues;
  };

  it('refuses an invalid value under an ordinary key, positioned at the key', () => {
    expect(issuesOf('{"a":-1}')).toEqual([{ code: 'custom', message: 'not positive', path: ['a'] }]);
  });

  it('refuses an invalid ordinary key with the key schema\'s own message, not zod\'s "Invalid key in record"', () => {
    expect(issuesOf('{"":1}')).toEqual([{ code: 'custom', message: 'empty name', path: [''] }]);
    expect(issuesOf('{"B":1,"a":2}')).toEqual([{ code: 'custom', message: 'letters only', path: ['B'] }]);
  });

  it('checks a __proto__ key against the key schema, as the record checks every other key', () => {
    expect(issuesOf('{"__proto__":1}')).toEqual([{ code: 'custom', message: 'letters only', path: ['__proto__'] }]);
    const lenient = nameRecordSchema(z.string().min(1), z.number());
    expect(Object.keys(lenient.parse(JSON.parse('{"a":1,"__proto__":2}')))).toEqual(['a', '__proto__']);
  });

  it('refuses a value that is not a record', () => {
    expect(issuesOf('5')).toEqual([{ code: 'custom', message: expect.stringContaining('expected record'), path: [] }]);
    expect(issuesOf('null')).toEqual([{ code: 'custom', message: expect.stringContaining('expected record'), path: [] }]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The property: names drawn from a pool with the four prototype names survive parse → step → observe → JSON → replay.

const nameArb = fc.constantFrom(...namePool);
const topicsArb = fc.uniqueArray(fc.tuple(nameArb, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 4, selector: ([name]) => name });
const partitionArb = fc.record({ topic: nameArb, partition: fc.nat({ max: 3 }) });

/** Commands any Kafka consumer makes (without `consumer`), in JSON-text form. */
const clientCommandArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('subscribe'), topics: fc.uniqueArray(nameArb, { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constant('assign'), partitions: fc.array(partitionArb, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('poll') }),
  fc.record({ type: fc.constant('commitSync') }),
  fc.record({ type: fc.constant('seekToBeginning'), partitions: fc.constant([]) }),
);

/** The environment's facts; `metadataUpdate` topics are entries, turned into an object in the text. */
const environmentArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({ type: fc.constant('produce'), topic: nameArb, partition: fc.nat({ max: 3 }), count: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ type: fc.constant('metadataUpdate'), topics: topicsArb }),
);

/** A command as JSON text: `topics` entries of a metadataUpdate become an object with those keys, in order. */
function commandText(command: Record<string, unknown>): string {
  if (command['type'] !== 'metadataUpdate') return JSON.stringify(command);
  return `{"type":"metadataUpdate","topics":${objectText(command['topics'] as [string, number][])}}`;
}

const consumerCommandsArb = fc.array(
  fc.oneof(clientCommandArb, environmentArb, fc.record({ type: fc.constant('rebalance'), partitions: fc.array(partitionArb, { maxLength: 3 }) })),
  { maxLength: 12 },
);

const groupCommandsArb = fc.array(
  fc.oneof(
    fc.record({ type: fc.constantFrom('join', 'leave'), consumer: nameArb }),
    fc.record({ type: fc.constant('rebalance') }),
    fc.tuple(clientCommandArb, nameArb).map(([command, consumer]) => ({ ...command, consumer })),
    environmentArb,
  ),
  { maxLength: 14 },
);

/** The names a final observation must hold: the last metadata's topics and, in a group, the live members. */
function expectedNames(scenario: Scenario, outcomes: readonly unknown[]): { topics: string[]; members: string[] } {
  let topics = Object.keys((scenario.setup as { topics: object }).topics);
  const members: string[] = [];
  scenario.commands.forEach((command, index) => {
    const c = command as { type: string; consumer?: string; topics?: object };
    const ok = (outcomes[index] as { ok: boolean }).ok;
    if (c.type === 'metadataUpdate' && c.topics !== undefined) topics = Object.keys(c.topics);
    if (c.type === 'join' && ok && c.consumer !== undefined) members.push(c.consumer);
    if (c.type === 'leave' && ok) members.splice(members.indexOf(c.consumer ?? ''), 1);
  });
  return { topics, members };
}

/** The property for one system: the names stay exactly as written, and a replay of the JSON answers the same. */
function namesSurvive(system: string, topics: ReadonlyArray<readonly [string, number]>, commands: readonly Record<string, unknown>[]): void {
  const text = `{"system":"${system}","setup":{"topics":${objectText(topics)}},"commands":[${commands.map(commandText).join(',')}]}`;
  const scenario = parsed(text);
  // Parse: every name of the input is in the parsed scenario, own keys included.
  const raw = JSON.parse(text) as { setup: { topics: object }; commands: object[] };
  expect(Object.keys((scenario.setup as { topics: object }).topics)).toEqual(Object.keys(raw.setup.topics));
  expect(ownEntriesDeep(scenario.commands)).toEqual(ownEntriesDeep(raw.commands));
  // Step and observe: the final observation holds every topic's logs and, in a group, every live member.
  const first = run(scenario);
  const expected = expectedNames(scenario, first.outcomes);
  const final = first.final as { logs: object; metadata?: object; members?: object };
  for (const topic of expected.topics) expect(Object.keys(final.logs)).toContain(`${topic}-0`);
  if (system === 'kafka.group') {
    expect(Object.keys(final.metadata ?? {})).toEqual(expected.topics);
    expect(Object.keys(final.members ?? {})).toEqual(expected.members);
  }
  // JSON: the observation serializes with every name as a key, and reads back the same.
  const json = JSON.stringify(first.final);
  expect(ownEntriesDeep(JSON.parse(json))).toEqual(ownEntriesDeep(first.final));
  // Replay: the parsed scenario written as JSON and read again runs to the same outcomes and observation.
  const replayed = run(parsed(JSON.stringify(scenario)));
  expect(JSON.stringify(replayed.final)).toBe(json);
  expect(JSON.stringify(replayed.outcomes)).toBe(JSON.stringify(first.outcomes));
}

describe('names drawn from a pool with __proto__, constructor, toString, hasOwnProperty', () => {
  test.prop([topicsArb, consumerCommandsArb], { numRuns: 100 })('kafka.consumer: survive parse → step → observe → JSON → replay', (topics, commands) => {
    namesSurvive('kafka.consumer', topics, commands);
  });

  test.prop([topicsArb, groupCommandsArb], { numRuns: 100 })('kafka.group: survive parse → step → observe → JSON → replay', (topics, commands) => {
    namesSurvive('kafka.group', topics, commands);
  });
});
