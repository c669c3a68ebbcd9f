/**
 * The corpus file format `mqspec.counterexample/1`: one minimal counterexample with its provenance — which property
 * it violates, on which target (`model` for the reference model), found under which seed and fast-check path, the
 * scenario, where and why it violates, the generated explanation and the mqspec version that found it. A file is
 * also a counterexample document `mqspec replay FILE` reads (an object with `property` and `scenario`).
 */
import { z } from 'zod';
import { parseScenario } from '../../model/parse-scenario.js';
import { issuePath } from '../../model/zod-issue.js';
import type { Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import type { Counterexample } from '../check-property.js';
import type { Property } from '../property.js';
import { formatJson } from './stable-json.js';
import { isRecord } from '../../model/json.js';
import { targetReachSchema, type TargetReach } from './target-reach.js';

/** The format tag every corpus file starts with; a new incompatible layout gets a new number. */
export const counterexampleFormat = 'mqspec.counterexample/1';

/** The target name of the reference model. */
export const modelTarget = 'model';

/** One stored counterexample. */
export interface CounterexampleRecord {
  readonly format: typeof counterexampleFormat;
  /** The property id (`KC-H1`). */
  readonly property: string;
  /** The scenario's system. */
  readonly system: string;
  /** The implementation it was found on: `model` for the reference model. */
  readonly target: string;
  /** How `mqspec replay FILE` starts that target again (absent for the model and for files of older versions). */
  readonly reach?: TargetReach;
  /** The setup's `profile`, when the system has profiles (`kafka-1.0`). */
  readonly profile?: string;
  /** The base seed of the run (`mqspec check --seed`); the property's own seed derives from it and the id. */
  readonly seed: number;
  /** fast-check's path of the original failure under the property's seed. */
  readonly path?: string;
  readonly scenario: Scenario;
  /** Index of the violating step. */
  readonly step: number;
  /** What went wrong at that step, in one sentence. */
  readonly message: string;
  /** The property's generated explanation, when it writes one. */
  readonly explanation?: string;
  /** The mqspec version (package.json) that found it. */
  readonly mqspecVersion: string;
}

/** The envelope's shape; the scenario inside is validated against its system's schemas separately. */
export const counterexampleEnvelopeSchema = z.object({
  format: z.literal(counterexampleFormat),
  property: z.string().min(1),
  system: z.string().min(1),
  target: z.string().min(1),
  reach: targetReachSchema.optional(),
  profile: z.string().optional(),
  seed: z.number().int(),
  path: z.string().optional(),
  scenario: z.record(z.string(), z.unknown()),
  step: z.number().int().nonnegative(),
  message: z.string(),
  explanation: z.string().optional(),
  mqspecVersion: z.string().min(1),
});

/** A valid record, or a one-line reason naming the faulty field. */
export type ParsedRecord = { readonly ok: true; readonly record: CounterexampleRecord } | { readonly ok: false; readonly reason: string };

/** The first zod issue as `path: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  return `${issuePath(issue)}: ${issue.message}`;
}

/**
 * Validates parsed JSON as a `mqspec.counterexample/1` record whose scenario is a valid scenario of its system and
 * whose property (when a catalog is given) exists and belongs to that system.
 */
export function parseCounterexampleRecord(
  raw: unknown,
  systems: ReadonlyMap<string, AnySystemModel>,
  catalog?: readonly Property[],
): ParsedRecord {
  if (!isRecord(raw)) return { ok: false, reason: 'expected a JSON object' };
  if (raw['format'] !== counterexampleFormat) {
    return { ok: false, reason: `format: expected "${counterexampleFormat}", received ${JSON.stringify(raw['format']) ?? 'nothing'}` };
  }
  const envelope = counterexampleEnvelopeSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: firstIssue(envelope.error) };
  const scenario = parseScenario(envelope.data.scenario, systems);
  if (!scenario.ok) return { ok: false, reason: `scenario.${scenario.reason}` };
  const { system, property } = envelope.data;
  if (scenario.scenario.system !== system) {
    return { ok: false, reason: `system: "${system}" differs from the scenario's "${scenario.scenario.system}"` };
  }
  if (catalog !== undefined) {
    const known = catalog.find((p) => p.id === property);
    if (known === undefined) return { ok: false, reason: `property: unknown property "${property}"` };
    if (known.system !== system) return { ok: false, reason: `property: ${property} is a property of ${known.system}, not of ${system}` };
  }
  const { reach, profile, path, explanation } = envelope.data;
  return {
    ok: true,
    record: {
      format: counterexampleFormat,
      property,
      system,
      target: envelope.data.target,
      ...(reach === undefined ? {} : { reach }),
      ...(profile === undefined ? {} : { profile }),
      seed: envelope.data.seed,
      ...(path === undefined ? {} : { path }),
      scenario: scenario.scenario,
      step: envelope.data.step,
      message: envelope.data.message,
      ...(explanation === undefined ? {} : { explanation }),
      mqspecVersion: envelope.data.mqspecVersion,
    },
  };
}

/** The setup's `profile` field, when it has a string one. */
function profileOf(setup: unknown): string | undefined {
  return isRecord(setup) && typeof setup['profile'] === 'string' ? setup['profile'] : undefined;
}

/** Where a counterexample came from. */
export interface Provenance {
  readonly property: Pick<Property, 'id' | 'system'>;
  readonly target: string;
  /** How to start the target again, as the file stores it. */
  readonly reach?: TargetReach;
  /** The base seed of the run. */
  readonly seed: number;
  readonly mqspecVersion: string;
}

/** The record of a counterexample found by a check. */
export function counterexampleRecord(counterexample: Counterexample, provenance: Provenance): CounterexampleRecord {
  const profile = profileOf(counterexample.scenario.setup);
  return {
    format: counterexampleFormat,
    property: provenance.property.id,
    system: provenance.property.system,
    target: provenance.target,
    ...(provenance.reach === undefined ? {} : { reach: provenance.reach }),
    ...(profile === undefined ? {} : { profile }),
    seed: provenance.seed,
    ...(counterexample.path === undefined ? {} : { path: counterexample.path }),
    scenario: counterexample.scenario,
    step: counterexample.step,
    message: counterexample.message,
    ...(counterexample.explanation === undefined ? {} : { explanation: counterexample.explanation }),
    mqspecVersion: provenance.mqspecVersion,
  };
}

/**
 * The order keys are written in: the record's fields as documented, the scenario's as scenarios are written, a
 * command's `type` and actor first, a queue or partition as people name it (topic, broker, queue or partition,
 * offset); every other key follows in code-point order.
 */
const keyOrder = [
  'format',
  'property',
  'system',
  'target',
  'reach',
  'bundled',
  'module',
  'exec',
  'cwd',
  'profile',
  'seed',
  'path',
  'scenario',
  'title',
  'setup',
  'commands',
  'expect',
  'type',
  'consumer',
  'client',
  'topic',
  'broker',
  'brokerName',
  'queueId',
  'partition',
  'offset',
  'step',
  'message',
  'explanation',
  'mqspecVersion',
] as const;

/**
 * The file text of a record: deterministic key order and layout, ending in a newline; with `schema`, a `$schema`
 * reference first, so that editors validate the file (see schema-reference.ts).
 */
export function formatCounterexampleRecord(record: CounterexampleRecord, schema?: string): string {
  const document = schema === undefined ? record : { $schema: schema, ...record };
  return formatJson(document, { leading: ['$schema', ...keyOrder], width: 120 }) + '\n';
}
