/**
 * The JSON-lines protocol's messages (docs/protocol.md), version 1: the requests mqspec sends and the shapes of the
 * answers it accepts. An answer of another shape is a target failure naming the request and what came back.
 */
import { z } from 'zod';
import type { Command } from '../../model/scenario.js';

/** The protocol version mqspec speaks (sent in `hello`). */
export const protocolVersion = 1;

/** Every request, one JSON object per line. */
export type ProtocolRequest =
  | { readonly op: 'hello'; readonly protocol: number }
  | { readonly op: 'init'; readonly system: string; readonly setup: unknown }
  | { readonly op: 'step'; readonly command: Command }
  | { readonly op: 'observe' }
  | { readonly op: 'close' };

/** A command as the protocol carries it: its `type` and the system's fields (schemas/<system>.scenario.schema.json). */
const commandSchema = z.object({ type: z.string().min(1) });

/** The requests as schemas, for schemas/protocol.schema.json and docs/messages.md (`ProtocolRequest` must match them). */
export const requestSchemas = {
  hello: z.object({ op: z.literal('hello'), protocol: z.number().int().positive() }),
  init: z.object({ op: z.literal('init'), system: z.string().min(1), setup: z.unknown().describe("the system's setup (schemas/<system>.scenario.schema.json)") }),
  step: z.object({ op: z.literal('step'), command: commandSchema }),
  observe: z.object({ op: z.literal('observe') }),
  close: z.object({ op: z.literal('close') }),
} as const;

// The type and the schemas are one contract: every request mqspec can send fits its schema, and the two name the same
// requests (a compile error otherwise).
type SchemaRequest = z.infer<(typeof requestSchemas)[keyof typeof requestSchemas]>;
const requestsMatch: [ProtocolRequest extends SchemaRequest ? true : never, ProtocolRequest['op'] extends keyof typeof requestSchemas ? true : never, keyof typeof requestSchemas extends ProtocolRequest['op'] ? true : never] = [true, true, true];
void requestsMatch;

/** An answer refusing a request: errors as data, one line. */
export const refusalSchema = z.object({ ok: z.literal(false), error: z.string() });

/** The keys of `hello`'s answer; any other is refused with this list (a mistyped key must not be dropped silently). */
export const helloKeys = ['ok', 'name', 'version', 'systems'] as const;

/**
 * The handshake's answer: who the target is and what it implements. Unknown keys are kept here so that they can be
 * refused with the list of known ones (protocol-target.ts for the top level, declared-support.ts per system).
 */
export const helloAnswerSchema = z.looseObject({
  ok: z.literal(true),
  name: z.string().min(1),
  version: z.string().min(1),
  systems: z.array(
    z.looseObject({
      system: z.string().min(1),
      commands: z.array(z.string()).optional(),
      fields: z.array(z.string()).optional(),
      mode: z.enum(['differential', 'invariants']).optional(),
      /** Setup fields every scenario gets: the one case the target covers (`{"strategy": {"name": "AVG"}}`). */
      setup: z.record(z.string(), z.unknown()).optional(),
      /** The invariants it claims, by id; the others are "not applicable". */
      properties: z.array(z.string()).optional(),
      /** Commands its library's caller makes only in some states (conformance/reachable-commands.ts). */
      reachable: z.record(z.string(), z.record(z.string(), z.array(z.unknown()))).optional(),
    }),
  ),
});

/** `init` and `close` answer `{"ok":true}`. */
export const doneAnswerSchema = z.object({ ok: z.literal(true) });

/** `step` answers the command's outcome (the scenario format's `{ok, value?}` / `{ok: false, error}`). */
export const stepAnswerSchema = z.object({
  ok: z.literal(true),
  outcome: z.union([
    z.object({ ok: z.literal(true), value: z.unknown().optional() }),
    z.object({ ok: z.literal(false), error: z.string(), message: z.string().optional() }),
  ]),
});

/** `observe` answers the observation (its declared fields). */
export const observeAnswerSchema = z.object({ ok: z.literal(true), observation: z.record(z.string(), z.unknown()) });

/** Every message, by the name schemas/protocol.schema.json and docs/messages.md give it, in the order of a session. */
export const protocolMessageSchemas = {
  'hello-request': requestSchemas.hello,
  'hello-answer': helloAnswerSchema,
  'init-request': requestSchemas.init,
  'step-request': requestSchemas.step,
  'step-answer': stepAnswerSchema,
  'observe-request': requestSchemas.observe,
  'observe-answer': observeAnswerSchema,
  'close-request': requestSchemas.close,
  'done-answer': doneAnswerSchema,
  refusal: refusalSchema,
} as const satisfies Record<string, z.ZodType>;
