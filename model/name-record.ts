/**
 * A zod schema for JSON objects keyed by names (topics, clients, brokers…) that keeps every legal name.
 *
 * `z.record` drops a `__proto__` key on purpose (assigning it to the plain object it builds would replace that
 * object's prototype), yet `__proto__` is a legal topic, tag, client and group name, and JSON.parse gives it as an
 * own property. This schema validates each own key and value itself and builds the result with
 * `Object.fromEntries`, which creates own properties whatever the name; its JSON Schema is `z.record`'s.
 */
import { z } from 'zod';

/** An object parsed from JSON, or built as one: not null, not an array, not a class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `z.record(key, value)` that keeps every name, `__proto__` included: the result has one own property per valid
 * entry, at most `maxEntries` of them; errors name the key (`topics.__proto__: …`). Use the model's own-key helpers to read the result.
 */
export function nameRecord<V extends z.ZodType>(key: z.ZodType<string>, value: V, maxEntries: number) {
  const record = z.record(key, value);
  const { $schema: _dialect, ...recordSchema } = z.toJSONSchema(record, { io: 'input', unrepresentable: 'any' });
  const jsonSchema = { ...recordSchema, maxProperties: maxEntries };
  return z
    .unknown()
    .transform((input, ctx): Record<string, z.output<V>> => {
      if (!isPlainObject(input)) {
        ctx.addIssue({ code: 'custom', message: `Invalid input: expected an object keyed by names, received ${Array.isArray(input) ? 'array' : input === null ? 'null' : typeof input}`, input });
        return z.NEVER;
      }
      const names = Object.keys(input);
      if (names.length > maxEntries) {
        ctx.addIssue({ code: 'custom', message: `at most ${maxEntries} entries (${names.length} given)`, input });
        return z.NEVER;
      }
      const entries: [string, z.output<V>][] = [];
      for (const name of names) {
        const keyResult = key.safeParse(name);
        if (!keyResult.success) {
          ctx.addIssue({ code: 'custom', message: keyResult.error.issues[0]?.message ?? 'invalid name', path: [name], input: name });
          continue;
        }
        const valueResult = value.safeParse(input[name]);
        if (!valueResult.success) {
          for (const issue of valueResult.error.issues) ctx.addIssue({ ...issue, path: [name, ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
          continue;
        }
        entries.push([name, valueResult.data as z.output<V>]);
      }
      return Object.fromEntries(entries) as Record<string, z.output<V>>;
    })
    .meta(jsonSchema);
}
