/**
 * JSON Schemas of scenario files, generated from the same zod schemas that validate them (`z.toJSONSchema`), so that
 * editors validate and complete scenario files and the schema cannot drift from the parser (a test validates every
 * scenario and corpus file with an independent validator). Written by `npm run schemas` into `schemas/`.
 */
import { z } from 'zod';
import { maxCommandsPerScenario } from './scenario-limits.js';
import type { AnySystemModel } from './system.js';

/** A JSON Schema, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema dialect of every generated schema. */
export const jsonSchemaDialect = 'https://json-schema.org/draft/2020-12/schema';

/** Definitions shared by a document's schemas, under `#/$defs/`. */
export type JsonSchemaDefs = Record<string, unknown>;

/**
 * `value` with its `$defs` moved into `defs` under `prefix`-ed names and its `#/$defs/…` references renamed to
 * match, so that a schema can be embedded anywhere in a document whose root holds the definitions.
 */
function hoistDefs(value: unknown, prefix: string, defs: JsonSchemaDefs): unknown {
  if (Array.isArray(value)) return value.map((item) => hoistDefs(item, prefix, defs));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$defs' && typeof item === 'object' && item !== null) {
      for (const [name, definition] of Object.entries(item)) defs[`${prefix}${name}`] = hoistDefs(definition, prefix, defs);
    } else if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
      out[key] = `#/$defs/${prefix}${item.slice('#/$defs/'.length)}`;
    } else {
      out[key] = hoistDefs(item, prefix, defs);
    }
  }
  return out;
}

/**
 * A zod schema as the JSON Schema of its input (defaults make fields optional), without its own `$schema`; its
 * definitions (recursive schemas such as MACHINE_ROOM_NEARBY's inner strategy) go into `defs` under `prefix`.
 */
export function inputJsonSchema(schema: z.ZodType, prefix: string, defs: JsonSchemaDefs): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', cycles: 'ref' }) as JsonSchema;
  return hoistDefs(rest, prefix, defs) as JsonSchema;
}

/** What a scenario may expect: per-step partial outcomes (or null) and a partial final observation. */
const expectSchema: JsonSchema = {
  type: 'object',
  properties: {
    outcomes: {
      description: 'Aligned with commands: a partial outcome each step must match (like toMatchObject), or null.',
      type: 'array',
      items: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    },
    final: { description: 'A partial observation the final state must match.', type: 'object' },
  },
};

/** The body of a scenario schema of one system (no dialect), for embedding; its definitions go into `defs`. */
export function scenarioSchemaBody(model: AnySystemModel, defs: JsonSchemaDefs): JsonSchema {
  return {
    title: `mqspec scenario of ${model.id}`,
    description: model.summary,
    type: 'object',
    properties: {
      // No type: the parser ignores `$schema`, and the schema must not refuse what the parser takes.
      $schema: { description: 'The JSON Schema of this file, for editors (a path relative to the file).' },
      system: { const: model.id },
      title: { description: 'A human title; hand-written scenarios say where they come from.', type: 'string' },
      property: { description: 'The id of the property the scenario exercises.', type: 'string' },
      setup: inputJsonSchema(model.setupSchema, `${model.id}.setup.`, defs),
      commands: { type: 'array', maxItems: maxCommandsPerScenario, items: inputJsonSchema(model.commandSchema, `${model.id}.command.`, defs) },
      expect: expectSchema,
    },
    // A missing setup is `{}`: required exactly when `{}` is not a valid setup of the system.
    required: model.setupSchema.safeParse({}).success ? ['system', 'commands'] : ['system', 'setup', 'commands'],
  };
}

/** The JSON Schema of a scenario file of one system. */
export function scenarioJsonSchema(model: AnySystemModel): JsonSchema {
  const defs: JsonSchemaDefs = {};
  const body = scenarioSchemaBody(model, defs);
  return { $schema: jsonSchemaDialect, ...body, ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }) };
}

/**
 * A schema that applies the scenario schema of the system its `system` field names (`if`/`then` per system, so an
 * editor reports the errors of that system only); the scenario schemas and their definitions go into `defs`.
 */
export function scenarioOfItsSystem(models: readonly AnySystemModel[], defs: JsonSchemaDefs): JsonSchema {
  for (const model of models) defs[model.id] = scenarioSchemaBody(model, defs);
  return {
    type: 'object',
    properties: { system: { enum: models.map((m) => m.id) } },
    required: ['system', 'commands'],
    allOf: models.map((model) => ({
      if: { properties: { system: { const: model.id } }, required: ['system'] },
      then: { $ref: `#/$defs/${model.id}` },
    })),
  };
}

/** The JSON Schema of a scenario file of any system. */
export function anyScenarioJsonSchema(models: readonly AnySystemModel[]): JsonSchema {
  const defs: JsonSchemaDefs = {};
  const schema = scenarioOfItsSystem(models, defs);
  return { $schema: jsonSchemaDialect, title: 'mqspec scenario', ...schema, $defs: defs };
}
