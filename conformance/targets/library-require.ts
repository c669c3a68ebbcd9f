/**
 * Loads a CommonJS module of a wrapped library (most are CommonJS and reach into internal files such as
 * `kafkajs/src/consumer/subscriptionState`), typed by the caller's declaration of the little it uses.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `require(specifier)` typed as `T`: the caller declares the shape of the part of the library it calls. */
export function requireLibrary<T>(specifier: string): T {
  return require(specifier) as T;
}
