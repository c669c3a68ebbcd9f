/**
 * Pieces of the bounds schemas of scope files (`mqspec explore --scope FILE`). The enumerators list every subset of
 * partitions, clients or queues in every state, so a scope file's sizes are capped (a few names, eight partitions or
 * queues at most): a single state's command list then stays in the hundreds, and the search's own time and memory
 * bounds decide the rest.
 */
import { z } from 'zod';

/** The longest path a scope file may ask for. */
export const maxScopeDepth = 1000;

/** An integer in [min, max]. */
export function boundedInt(min: number, max: number): z.ZodNumber {
  return z.number().int().min(min).max(max);
}

/** The search depth. */
export const depthSchema = boundedInt(1, maxScopeDepth);

/** A list of at most `max` distinct items. */
export function distinct<T extends z.ZodType>(item: T, max: number, what: string): z.ZodType<z.infer<T>[]> {
  return z
    .array(item)
    .max(max, `at most ${max} ${what}`)
    .refine((items) => new Set(items.map((i) => JSON.stringify(i))).size === items.length, `${what} must be distinct`);
}

/** A non-empty list of at most `max` distinct items. */
export function someDistinct<T extends z.ZodType>(item: T, max: number, what: string): z.ZodType<z.infer<T>[]> {
  return distinct(item, max, what).refine((items) => items.length > 0, `at least one of the ${what}`);
}

/** A client or member name. */
export const clientNameSchema = z.string().min(1, 'a name must not be empty').max(64, 'a name must be at most 64 characters');
