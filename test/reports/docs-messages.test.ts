/**
 * docs/messages.md is generated from the protocol schemas, the command docs and the model: it is up to date, and its
 * protocol examples are valid by the shipped schemas/protocol.schema.json under an independent validator (ajv), which
 * refuses malformed messages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { messagesPage } from '../../reports/docs-messages.js';

const repository = join(import.meta.dirname, '../..');
const page = readFileSync(join(repository, 'docs/messages.md'), 'utf8');

/** A validator of one message of the protocol schema (`hello-answer`, …), compiled by ajv (strict). */
function messageValidator(): (name: string, message: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true });
  ajv.addSchema(JSON.parse(readFileSync(join(repository, 'schemas/protocol.schema.json'), 'utf8')) as object, 'protocol');
  return (name, message) => {
    const validate = ajv.getSchema(`protocol#/$defs/${name}`);
    if (validate === undefined) throw new Error(`no message ${name} in the protocol schema`);
    return validate(message) === true;
  };
}

describe('docs/messages.md', () => {
  it('is up to date with the schemas, the command docs and the model (run `npm run docs` when this fails)', () => {
    expect(messagesPage() === page, 'docs/messages.md is stale: run `npm run docs`').toBe(true);
  });

  it('has an example of every protocol message, each valid by its definition in schemas/protocol.schema.json', () => {
    const section = page.slice(page.indexOf('## The protocol'), page.indexOf('## kafka.consumer'));
    const examples = [...section.matchAll(/```json\n(.+)\n```/g)].map((m) => JSON.parse(m[1] ?? 'null') as unknown);
    const names = ['hello-request', 'hello-answer', 'init-request', 'done-answer', 'step-request', 'step-answer', 'observe-request', 'observe-answer', 'close-request', 'done-answer', 'refusal'];
    expect(examples).toHaveLength(names.length);
    const valid = messageValidator();
    examples.forEach((example, i) => expect(valid(names[i] ?? '', example), `${names[i]}: ${JSON.stringify(example)}`).toBe(true));
  });

  it('the protocol schema refuses malformed messages', () => {
    const valid = messageValidator();
    const bad: ReadonlyArray<[string, unknown]> = [
      ['step-request', { op: 'step' }],
      ['hello-request', { op: 'hello' }],
      ['step-answer', { ok: true, outcome: { ok: false } }],
      ['hello-answer', { ok: true, name: 'x', version: '1', systems: [{ system: 'rocketmq.allocate', properties: 'RA-01' }] }],
      ['observe-answer', { ok: true, observation: 5 }],
      ['refusal', { ok: false }],
    ];
    for (const [name, message] of bad) expect(valid(name, message), `${name}: ${JSON.stringify(message)}`).toBe(false);
  });

  it('documents every system, each command with the model\'s answer, and the field-path syntax', () => {
    for (const system of ['kafka.consumer', 'kafka.group', 'rocketmq.allocate', 'rocketmq.filter', 'rocketmq.group']) expect(page).toContain(`## ${system}\n`);
    expect(page).toContain('{"type":"committed","partition":{"topic":"orders","partition":0}}\n  {"ok":true,"value":3}');
    expect(page).toContain('`partitions.*.position`');
  });
});
