/**
 * docs/messages.md, generated whole: every message a target exchanges with mqspec — the protocol's requests and
 * answers, and per system the setup, each command with the model's own answer to it and the observation — with the
 * field-path syntax and what each property compares. The examples are not written by hand: the commands are the
 * systems' documented examples, the answers and observations are what the reference model gives for them, and every
 * protocol example is validated against the schema mqspec validates answers with. `npm run docs` rewrites the page; a
 * test fails when it is stale, so the page cannot drift from the types and the model.
 */
import { writeFileSync } from 'node:fs';
import type { z } from 'zod';
import type { Command } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import { agreementId } from '../conformance/agreement-property.js';
import { targetSystemKeys } from '../conformance/declared-support.js';
import { protocolMessageSchemas as messages, protocolVersion } from '../conformance/protocol/protocol-messages.js';

/** One line of JSON, as the protocol carries it. */
const line = (value: unknown): string => JSON.stringify(value);

/** A fenced JSON block. */
const json = (value: unknown, pretty = false): string => ['```json', pretty ? JSON.stringify(value, null, 2) : line(value), '```'].join('\n');

/** `value`, after checking it against `schema`: an example the schema refuses is a bug of this page's generator. */
function valid<T>(schema: z.ZodType<T>, value: unknown, what: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`docs/messages.md: the example ${what} does not fit its schema: ${result.error.issues[0]?.message ?? ''}`);
  return value;
}

/** One step of the model's walk through a system's command examples. */
interface WalkStep {
  readonly command: Command;
  readonly outcome: unknown;
}

/** The system's command examples in catalog order, run on the model from its example setup. */
function walk(model: AnySystemModel): { setup: unknown; steps: WalkStep[]; observation: unknown } {
  const setup = model.setupSchema.parse(model.exampleSetup);
  let state = model.init(setup);
  const steps: WalkStep[] = [];
  for (const doc of model.commands) {
    const command = model.commandSchema.parse(doc.example) as Command;
    const result = model.step(state, command);
    state = result.state;
    steps.push({ command, outcome: result.outcome });
  }
  return { setup, steps, observation: model.observe(state) };
}

/** The JSON type of a value, for the observation's field list. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object (by key)' : typeof value;
}

/** The protocol section: each request and answer, with an example that fits its schema. */
function protocolSection(): string {
  const allocate = systems.get('rocketmq.allocate');
  if (allocate === undefined) throw new Error('docs/messages.md: rocketmq.allocate is not registered');
  const { steps, observation } = walk(allocate);
  const first = steps[0];
  const hello = { ok: true, name: 'python-avg', version: '1.0.0', systems: [{ system: 'rocketmq.allocate', setup: { strategy: { name: 'AVG' } }, properties: ['RA-01', 'RA-03'] }] };
  const rows: ReadonlyArray<[string, unknown, string, unknown, string]> = [
    ['hello', valid(messages['hello-request'], { op: 'hello', protocol: protocolVersion }, 'hello'), 'once, first', valid(messages['hello-answer'], hello, 'hello answer'), `Per system: ${targetSystemKeys.map((k) => `\`${k}\``).join(', ')} ([protocol](protocol.md#hello-once-first)); any other key is refused.`],
    ['init', valid(messages['init-request'], { op: 'init', system: 'rocketmq.allocate', setup: allocate.exampleSetup }, 'init'), 'per scenario', valid(messages['done-answer'], { ok: true }, 'init answer'), 'Start from scratch with this setup (already validated).'],
    ['step', valid(messages['step-request'], { op: 'step', command: first?.command }, 'step'), 'per command', valid(messages['step-answer'], { ok: true, outcome: first?.outcome }, 'step answer'), "The outcome: `{\"ok\":true,\"value\":…}` or `{\"ok\":false,\"error\":\"JavaExceptionName\",\"message\":\"…\"}` (the message is shown, never compared)."],
    ['observe', valid(messages['observe-request'], { op: 'observe' }, 'observe'), 'after each step, unless `fields` is `[]`', valid(messages['observe-answer'], { ok: true, observation }, 'observe answer'), 'Only the declared fields need be present.'],
    ['close', valid(messages['close-request'], { op: 'close' }, 'close'), 'once, last', valid(messages['done-answer'], { ok: true }, 'close answer'), 'Then exit.'],
  ];
  const refusal = valid(messages.refusal, { ok: false, error: 'setup not supported by this target' }, 'refusal');
  return [
    '## The protocol',
    '',
    `Version ${protocolVersion}; one JSON object per line each way (the rules: [protocol](protocol.md)). JSON Schema of every message: [\`schemas/protocol.schema.json\`](../schemas/protocol.schema.json).`,
    '',
    ...rows.flatMap(([op, request, when, answer, note]) => [`### \`${op}\` (${when})`, '', json(request), '', json(answer), '', String(note), '']),
    '### Any request the target cannot serve',
    '',
    json(refusal),
    '',
    'A refusal is a target failure (exit 3) naming the request; so is silence past `--timeout`, a line that is not JSON, or JSON of another shape.',
    '',
  ].join('\n');
}

/** One system's section: setup, each command with the model's answer, the observation and its fields. */
function systemSection(model: AnySystemModel): string {
  const { setup, steps, observation } = walk(model);
  const fields = typeof observation === 'object' && observation !== null ? Object.entries(observation) : [];
  const invariants = catalog.filter((p) => p.system === model.id && p.kind === 'invariant');
  return [
    `## ${model.id}`,
    '',
    model.summary,
    '',
    `Setup (\`init\`'s \`setup\`; schema: [\`schemas/${model.id}.scenario.schema.json\`](../schemas/${model.id}.scenario.schema.json), its \`setup\`), with the defaults filled in:`,
    '',
    json(setup),
    '',
    '### Commands and their answers',
    '',
    `Each command's documented example, run on the model in this order from the setup above; the answer is the model's (\`step\`'s \`outcome\`). Every command's outcome as JSON Schema: [\`schemas/${model.id}.answers.schema.json\`](../schemas/${model.id}.answers.schema.json) (by command type under \`$defs\`).`,
    '',
    ...steps.flatMap((step) => [`- \`${step.command.type}\``, '', '  ```json', `  ${line(step.command)}`, `  ${line(step.outcome)}`, '  ```', '']),
    '### Observation',
    '',
    `After those commands (\`observe\`'s \`observation\`; schema: [\`schemas/${model.id}.observation.schema.json\`](../schemas/${model.id}.observation.schema.json), generated from a zod schema checked at compile time to be the model's observation type):`,
    '',
    json(observation, true),
    '',
    '| field | JSON type |',
    '|---|---|',
    ...fields.map(([name, value]) => `| \`${name}\` | ${jsonType(value)} |`),
    '',
    '### What each property compares',
    '',
    `- \`${agreementId(model.id)}\`: each step's outcome (ok or error, the error's name, the value; not the message) and the declared fields of the observation, equal to the model's after the system's canonical form.`,
    ...invariants.map((p) => `- \`${p.id}\`: ${p.reads === undefined ? "judged on the target's outcomes and observation" : `judged on the observation's ${p.reads.map((r) => `\`${r}\``).join(' and ')} (with the outcomes)`}. ${p.statement}`),
    '',
  ].join('\n');
}

/** The whole page. */
export function messagesPage(): string {
  return [
    '# Messages: what a target receives and answers',
    '',
    '[← mqspec](../README.md)',
    '',
    'Generated by `npm run docs` from the protocol schemas, the systems\' command documentation and the reference model (every answer and observation below is what the model gives); a test fails when this page is stale. The same shapes are the [scenario format](scenarios.md) of `mqspec replay` files.',
    '',
    '## Field paths (`fields`)',
    '',
    'A target that shows only part of an observation declares the fields it shows as dotted paths from the observation\'s root: `mode`, `partitions`, `members.c0.partitions`. A `*` segment stands for every key of a record: `partitions.*.position` compares each partition\'s position, with the target\'s keys as the record\'s keys. Only declared fields are compared; elsewhere the invariants see the model\'s values (an invariant that judges only undeclared fields is *not applicable*). `"fields": []` shows nothing and is never sent `observe`; no `fields`: the whole observation.',
    '',
    protocolSection(),
    ...[...systems.values()].map(systemSection),
  ].join('\n');
}

if (process.argv[1]?.endsWith('docs-messages.ts') === true) writeFileSync(process.argv[2] ?? 'docs/messages.md', messagesPage());
