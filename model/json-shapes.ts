/**
 * Building blocks of the schemas that describe the model's output — observations (observation-schemas.ts) and
 * answers (answer-schemas.ts) — and the compile-time check that ties each schema to the model's own type.
 */
import { z } from 'zod';

/** An offset or a logical time: a whole number. */
export const wholeNumber = z.number().int();

/** A list of names (topics, client ids, tags). */
export const names = z.array(z.string()).readonly();

/** A record keyed by name (`topic-partition`, a client id, a queue key). */
export const byKey = <T extends z.ZodType>(value: T) => z.record(z.string(), value).readonly();

/** A Kafka partition, as observations and answers show it. */
export const topicPartitionShape = z.object({ topic: z.string(), partition: z.number().int() }).readonly();

/** True when `A` and `B` are assignable both ways: a schema that infers exactly the model's type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
