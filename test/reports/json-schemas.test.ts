/**
 * The shipped JSON Schemas (`schemas/`): up to date with the zod schemas they are generated from, and accepting every
 * scenario and corpus file of the repository when checked by an independent validator (ajv), so that the schemas
 * and the parser cannot drift apart unnoticed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { systemScenarios } from '../../conformance/agreement-property.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { answerValueSchemas } from '../../model/answer-schemas.js';
import type { SystemId } from '../../model/system.js';
import { realClientsCorpusFolder } from '../../properties/corpus/load-corpus.js';
import { jsonFilesUnder, parseScenarioDocument } from '../../properties/scenario-files.js';
import { readJsonFile } from '../../properties/read-json-file.js';
import { jsonSchemaFiles, schemaFileNames } from '../../reports/json-schemas.js';
import { formatKafkaHistory } from '../../real/histories/kafka-history.js';
import { cleanKafkaHistory, kafkaHistoryDefects } from '../../real/kafka/history-zoo.js';

const repository = join(import.meta.dirname, '../..');
const schemasFolder = join(repository, 'schemas');

/** The schema file `name` of the repository, compiled by ajv (strict: unknown keywords are errors). */
function validator(name: string): (document: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  const validate = ajv.compile(JSON.parse(readFileSync(join(schemasFolder, name), 'utf8')) as object);
  return (document) => (validate(document) ? undefined : ajv.errorsText(validate.errors));
}

/** The parsed JSON of every `*.json` file under `folder` of the repository. */
function documentsUnder(folder: string): Array<[string, unknown]> {
  return jsonFilesUnder(join(repository, folder)).map((path) => {
    const json = readJsonFile(path);
    if (!json.ok) throw new Error(`${path}: ${json.reason}`);
    return [relative(repository, path), json.value];
  });
}

describe('schemas/', () => {
  it('holds exactly the generated schemas, up to date (run `npm run schemas` when this fails)', () => {
    const generated = jsonSchemaFiles();
    expect(readdirSync(schemasFolder).sort()).toEqual(generated.map((f) => f.name).sort());
    for (const file of generated) expect(readFileSync(join(schemasFolder, file.name), 'utf8'), file.name).toBe(file.text);
  });

  const anyScenario = validator(schemaFileNames.scenario);
  const counterexample = validator(schemaFileNames.counterexample);
  const perSystem = new Map([...systems.keys()].map((id) => [id, validator(schemaFileNames.systemScenario(id))]));

  for (const [name, document] of documentsUnder('scenarios')) {
    it(`${name} is valid by the scenario schema and its system's`, () => {
      expect(parseScenarioDocument(document, systems)).not.toHaveProperty('reason');
      expect(anyScenario(document)).toBeUndefined();
      const system = (document as { system: string }).system;
      expect(perSystem.get(system)?.(document)).toBeUndefined();
      const schema = (document as { $schema?: unknown }).$schema;
      if (typeof schema === 'string') expect(existsSync(resolve(repository, dirname(name), schema)), `$schema ${schema}`).toBe(true);
    });
  }

  // Real-client findings (counterexamples/real-clients/) are workloads with their histories, not model counterexamples:
  // `mqspec run --replay` reads them with its own schema (real/kafka/kafka-workload-schema.ts).
  for (const [name, document] of documentsUnder('counterexamples').filter(([name]) => !name.startsWith(`counterexamples/${realClientsCorpusFolder}/`))) {
    it(`${name} is valid by the counterexample schema and names it in $schema`, () => {
      expect(counterexample(document)).toBeUndefined();
      expect(document).toMatchObject({ $schema: '../../schemas/counterexample.schema.json' });
    });
  }

  it('refuses what the parser refuses: an unknown command, a wrong type, a missing field, one command too many', () => {
    const valid = { system: 'kafka.consumer', setup: { topics: { t: 1 } }, commands: [{ type: 'poll' }] };
    const cases: unknown[] = [
      { ...valid, commands: [{ type: 'pollX' }] },
      { ...valid, commands: [{ type: 'poll', maxRecords: 'many' }] },
      { ...valid, commands: [{ type: 'seek', offset: 1 }] },
      { ...valid, setup: { topics: { t: 0 } } },
      { ...valid, system: 'kafka.nope' },
      { system: 'kafka.consumer', setup: {} },
      { ...valid, commands: Array.from({ length: 200_001 }, () => ({ type: 'poll' })) },
    ];
    for (const document of cases) {
      expect(parseScenarioDocument(document, systems), JSON.stringify(document).slice(0, 80)).toHaveProperty('reason');
      expect(anyScenario(document), JSON.stringify(document).slice(0, 80)).toEqual(expect.any(String));
    }
    expect(anyScenario(valid)).toBeUndefined();
  });

  /** Values a mutation puts in place: wrong types, odd numbers and strings (nesting stays within the limit). */
  const oddValue = fc.constantFrom<unknown>(null, true, -1, 0, 0.5, 2 ** 31, 1e21, '', ' ', '*', '__proto__', 'é', [], {}, [{}], { type: 'poll' });

  /** Every path into a JSON value (the root excluded). */
  const pathsOf = (value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] => {
    const children: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : typeof value === 'object' && value !== null ? Object.entries(value) : [];
    return children.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  };

  const scenarios = documentsUnder('scenarios').map(([, document]) => document);

  test.prop([fc.nat({ max: scenarios.length - 1 }), fc.nat(), fc.option(oddValue, { nil: undefined })], { numRuns: 1000 })(
    'agrees with the parser on mutated scenarios: a field replaced by an odd value or removed is refused by both or by neither',
    (which, pick, value) => {
      const document: unknown = JSON.parse(JSON.stringify(scenarios[which]));
      const paths = pathsOf(document);
      const path = paths[pick % paths.length] ?? [];
      let parent = document as Record<string | number, unknown>;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = path.at(-1) ?? 'system';
      if (value === undefined && Array.isArray(parent)) parent.splice(Number(last), 1);
      else if (value === undefined) delete parent[last];
      else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
      const parsed = parseScenarioDocument(document, systems);
      const schemaFault = anyScenario(document);
      expect({ parser: 'reason' in parsed ? parsed.reason : 'valid', schema: schemaFault ?? 'valid' }).toSatisfy(
        (verdicts: { parser: string; schema: string }) => (verdicts.parser === 'valid') === (verdicts.schema === 'valid'),
      );
    },
  );
});

describe('schemas/<system>.observation.schema.json', () => {
  for (const model of systems.values()) {
    const valid = validator(schemaFileNames.systemObservation(model.id));
    test.prop([systemScenarios(catalog, model.id)], { numRuns: 60 })(`accepts every observation of the ${model.id} model on generated scenarios`, (scenario) => {
      let state = model.init(model.setupSchema.parse(scenario.setup));
      // Through JSON, as the protocol carries it (rocketmq.group's ledger is built by getters).
      const check = (): void => expect(valid(JSON.parse(JSON.stringify(model.observe(state))))).toBeUndefined();
      check();
      for (const command of scenario.commands) {
        state = model.step(state, command).state;
        check();
      }
    });
  }

  it('refuses an observation of the wrong shape', () => {
    const valid = validator(schemaFileNames.systemObservation('rocketmq.allocate'));
    expect(valid({ allocations: {}, views: {} })).toBeUndefined();
    expect(valid({ allocations: { c0: [{ topic: 'T', brokerName: 'b', queueId: '0' }] }, views: {} })).toEqual(expect.any(String));
    expect(valid({ allocations: {} })).toEqual(expect.any(String));
    expect(valid({ allocations: {}, views: {}, extra: 1 })).toEqual(expect.any(String));
  });
});

describe('schemas/<system>.answers.schema.json', () => {
  for (const model of systems.values()) {
    const ajv = new Ajv2020({ strict: true });
    ajv.addSchema(JSON.parse(readFileSync(join(schemasFolder, schemaFileNames.systemAnswers(model.id)), 'utf8')) as object, 'answers');
    const validOutcome = (type: string, outcome: unknown): string | undefined => {
      const validate = ajv.getSchema(`answers#/$defs/${type}`);
      if (validate === undefined) return `no answer schema for ${type}`;
      return validate(outcome) === true ? undefined : ajv.errorsText(validate.errors);
    };

    it(`has an outcome for every ${model.id} command, and values only for commands the system has`, () => {
      const types = model.commands.map((doc) => doc.type);
      expect(Object.keys(answerValueSchemas[model.id as SystemId]).filter((type) => !types.includes(type))).toEqual([]);
      for (const type of types) expect(validOutcome(type, { ok: false, error: 'IllegalStateException' }), type).toBeUndefined();
    });

    test.prop([systemScenarios(catalog, model.id)], { numRuns: 60 })(`accepts every outcome of the ${model.id} model on generated scenarios`, (scenario) => {
      let state = model.init(model.setupSchema.parse(scenario.setup));
      for (const command of scenario.commands) {
        const result = model.step(state, command);
        state = result.state;
        expect(validOutcome(command.type, JSON.parse(JSON.stringify(result.outcome))), command.type).toBeUndefined();
      }
    });
  }

  it('refuses a value where none is answered, a missing value, and a value of the wrong shape', () => {
    const ajv = new Ajv2020({ strict: true });
    ajv.addSchema(JSON.parse(readFileSync(join(schemasFolder, schemaFileNames.systemAnswers('kafka.consumer')), 'utf8')) as object, 'answers');
    const valid = (type: string, outcome: unknown): boolean => ajv.getSchema(`answers#/$defs/${type}`)?.(outcome) === true;
    expect(valid('subscribe', { ok: true })).toBe(true);
    expect(valid('subscribe', { ok: true, value: 1 })).toBe(false);
    expect(valid('position', { ok: true })).toBe(false);
    expect(valid('poll', { ok: true, value: [{ topic: 't', partition: 0 }] })).toBe(false);
    expect(valid('poll', { ok: false, error: 'IllegalStateException', message: 'not subscribed' })).toBe(true);
  });
});

describe('schemas/kafka.history.schema.json', () => {
  const validate = validator(schemaFileNames.kafkaHistory);
  const histories = [cleanKafkaHistory(), ...kafkaHistoryDefects().map((d) => d.history)];

  it('accepts every line of the clean and the bug-zoo histories', () => {
    for (const history of histories) {
      for (const line of formatKafkaHistory(history).trimEnd().split('\n')) expect(validate(JSON.parse(line)), line).toBeUndefined();
    }
  });

  it('refuses an event kind the format does not have', () => {
    expect(validate({ client: 'c', seq: 0, time: 0, event: 'teleported' })).toBeDefined();
  });
});
