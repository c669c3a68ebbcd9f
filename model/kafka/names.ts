/**
 * Topic and consumer names are data, never keys of plain objects that could reach `Object.prototype`: `__proto__`,
 * `constructor`, `toString` and `hasOwnProperty` are legal Kafka topic names (`[a-zA-Z0-9._-]`) and member ids. Maps
 * keyed by a name stay plain JSON objects (observations must serialize with the name as a key), so they are built
 * with own properties only (object literals with computed keys, spreads, `Object.fromEntries`; never `x[name] = …`)
 * and read with `ownValue`.
 */
import { z } from 'zod';

/** The record's own value at `key`, or undefined: a name like `constructor` never finds `Object.prototype`'s member. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A plain object from entries, every key an own property (even `__proto__`, unlike `record[key] = value`). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}

/**
 * `z.record(key, value)` that keeps every own key. zod's record skips a `__proto__` key (it neither validates nor
 * copies it), so a topic called `__proto__` would vanish without a word. This schema validates with the record (its
 * JSON Schema and positioned messages), validates a `__proto__` entry itself, and answers a copy of the input's own
 * entries built with `Object.fromEntries`.
 */
export function nameRecordSchema<V extends z.ZodType>(key: z.ZodType<string>, value: V): z.ZodType<Record<string, z.output<V>>, unknown> {
  const record = z.record(key, value);
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(record, { io: 'input' }) as Record<string, unknown>;
  const named = z.unknown().transform((input, ctx): Record<string, z.output<V>> => {
    const parsed = record.safeParse(input);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    const entries: [string, z.output<V>][] = [];
    if (parsed.success && typeof input === 'object' && input !== null) {
      for (const name of Object.keys(input)) {
        if (name !== '__proto__') {
          entries.push([name, (parsed.data as Record<string, z.output<V>>)[name] as z.output<V>]);
          continue;
        }
        // The one key zod's record does not look at: check it as the record would.
        const keyCheck = key.safeParse(name);
        if (!keyCheck.success) issues.push(...keyCheck.error.issues.map((issue) => ({ ...issue, path: [name] })));
        const valueCheck = value.safeParse((input as Record<string, unknown>)[name]);
        if (valueCheck.success) entries.push([name, valueCheck.data as z.output<V>]);
        else issues.push(...valueCheck.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] })));
      }
    }
    for (const issue of issues) {
      // An invalid key says why in its inner issue ("Invalid key in record" alone would not).
      const message = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
      ctx.addIssue({ code: 'custom', message, path: [...issue.path] as PropertyKey[] });
    }
    return issues.length > 0 ? z.NEVER : recordOf(entries);
  });
  return named.meta(jsonSchema) as unknown as z.ZodType<Record<string, z.output<V>>, unknown>;
}
