/**
 * The JSON Schemas shipped in `schemas/`: scenario files of any system and of each system, and corpus files,
 * generated from the zod schemas that validate them. `npm run schemas` rewrites the folder; a test fails when it is
 * stale, so the shipped schemas cannot drift from the parser.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { anyScenarioJsonSchema, scenarioJsonSchema } from '../model/scenario-json-schema.js';
import { systems } from '../model/systems.js';
import { observationSchemas } from '../model/observation-schemas.js';
import { outcomeSchema } from '../model/answer-schemas.js';
import type { AnySystemModel, SystemId } from '../model/system.js';
import { counterexampleJsonSchema } from '../properties/corpus/counterexample-json-schema.js';
import { z } from 'zod';
import { protocolMessageSchemas, protocolVersion } from '../conformance/protocol/protocol-messages.js';
import { kafkaHistoryLineSchemas } from '../real/histories/kafka-history.js';

/** The file names of the schemas, as `$schema` references name them. */
export const schemaFileNames = {
  /** A scenario file of any system (the `system` field chooses the rules). */
  scenario: 'scenario.schema.json',
  /** A scenario file of one system. */
  systemScenario: (system: string): string => `${system}.scenario.schema.json`,
  /** What `observe` answers for one system (the model's observation type). */
  systemObservation: (system: string): string => `${system}.observation.schema.json`,
  /** What each command of one system answers (`step`'s `outcome`), by command type under `$defs`. */
  systemAnswers: (system: string): string => `${system}.answers.schema.json`,
  /** A corpus file (`mqspec.counterexample/1`). */
  counterexample: 'counterexample.schema.json',
  /** Every message of the JSON-lines protocol (docs/protocol.md), requests and answers. */
  protocol: 'protocol.schema.json',
  /** A line of a Kafka consumer group's history (docs/histories.md): the header or one event. */
  kafkaHistory: 'kafka.history.schema.json',
} as const;

/** A Kafka history line: the header (`$defs.header`) or an event (`$defs.event`), from the zod schemas `mqspec trace` reads with. */
export function kafkaHistoryJsonSchema(): Record<string, unknown> {
  const $defs = Object.fromEntries(
    Object.entries(kafkaHistoryLineSchemas).map(([name, schema]) => {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'mqspec Kafka consumer group history: one line (the header first, then events)',
    anyOf: Object.keys($defs).map((name) => ({ $ref: `#/$defs/${name}` })),
    $defs,
  };
}

/**
 * The protocol's messages, each under `$defs` by name (`hello-request`, `hello-answer`, …), from the zod schemas
 * mqspec validates answers with; the document itself accepts any of them.
 */
export function protocolJsonSchema(): Record<string, unknown> {
  const $defs = Object.fromEntries(
    Object.entries(protocolMessageSchemas).map(([name, schema]) => {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `mqspec target protocol, version ${protocolVersion}: one message (a line of JSON)`,
    anyOf: Object.keys($defs).map((name) => ({ $ref: `#/$defs/${name}` })),
    $defs,
  };
}

/** A system's observation, from the zod schema that is checked to infer the model's observation type. */
export function observationJsonSchema(system: SystemId): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(observationSchemas[system], { io: 'output' }) as Record<string, unknown>;
  return { $schema, title: `mqspec ${system} observation (what observe answers)`, ...rest };
}

/** A system's answers: under `$defs`, each command type's outcome (its success value, or a failure); any of them at the root. */
export function answersJsonSchema(model: AnySystemModel): Record<string, unknown> {
  const $defs = Object.fromEntries(
    model.commands.map(({ type }) => {
      const { $schema: _dialect, ...rest } = z.toJSONSchema(outcomeSchema(model.id, type), { io: 'output' }) as Record<string, unknown>;
      return [type, rest];
    }),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `mqspec ${model.id} answers: the outcome of each command (step's outcome), by command type`,
    anyOf: Object.keys($defs).map((type) => ({ $ref: `#/$defs/${type}` })),
    $defs,
  };
}

/** One generated schema file. */
export interface SchemaFile {
  readonly name: string;
  readonly text: string;
}

/** Every schema file with its text (2-space JSON, ending in a newline), in a fixed order. */
export function jsonSchemaFiles(): SchemaFile[] {
  const models = [...systems.values()];
  const text = (schema: unknown): string => JSON.stringify(schema, null, 2) + '\n';
  return [
    { name: schemaFileNames.scenario, text: text(anyScenarioJsonSchema(models)) },
    ...models.map((model) => ({ name: schemaFileNames.systemScenario(model.id), text: text(scenarioJsonSchema(model)) })),
    ...models.map((model) => ({ name: schemaFileNames.systemObservation(model.id), text: text(observationJsonSchema(model.id)) })),
    ...models.map((model) => ({ name: schemaFileNames.systemAnswers(model.id), text: text(answersJsonSchema(model)) })),
    { name: schemaFileNames.counterexample, text: text(counterexampleJsonSchema(models)) },
    { name: schemaFileNames.protocol, text: text(protocolJsonSchema()) },
    { name: schemaFileNames.kafkaHistory, text: text(kafkaHistoryJsonSchema()) },
  ];
}

/** Rewrites `folder` with exactly the generated schema files (the `npm run schemas` entry point). */
export function writeJsonSchemas(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const files = jsonSchemaFiles();
  for (const stale of readdirSync(folder).filter((name) => name.endsWith('.json') && !files.some((f) => f.name === name))) {
    rmSync(join(folder, stale));
  }
  for (const file of files) writeFileSync(join(folder, file.name), file.text);
}

if (process.argv[1]?.endsWith('json-schemas.ts') === true) writeJsonSchemas(process.argv[2] ?? 'schemas');
