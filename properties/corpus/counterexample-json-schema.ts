/**
 * The JSON Schema of a corpus file (`mqspec.counterexample/1`), generated from the record's zod envelope with the
 * scenario schema of the system the scenario names; `npm run schemas` writes it to `schemas/`.
 */
import { inputJsonSchema, jsonSchemaDialect, scenarioOfItsSystem, type JsonSchema, type JsonSchemaDefs } from '../../model/scenario-json-schema.js';
import type { AnySystemModel } from '../../model/system.js';
import { counterexampleEnvelopeSchema } from './counterexample-record.js';

/** The JSON Schema of a counterexample file of the corpus. */
export function counterexampleJsonSchema(models: readonly AnySystemModel[]): JsonSchema {
  const defs: JsonSchemaDefs = {};
  const envelope = inputJsonSchema(counterexampleEnvelopeSchema, 'envelope.', defs);
  const properties = (envelope['properties'] ?? {}) as Record<string, unknown>;
  return {
    $schema: jsonSchemaDialect,
    title: 'mqspec counterexample (mqspec.counterexample/1)',
    ...envelope,
    properties: {
      $schema: { description: 'The JSON Schema of this file, for editors (a path relative to the file).' },
      ...properties,
      scenario: scenarioOfItsSystem(models, defs),
    },
    $defs: defs,
  };
}
