import { UsageError } from './usage-error.js';

/** A decimal integer (a seed may be negative), or a UsageError naming the option and what was received. */
export function parseInteger(what: string, text: string): number {
  const value = /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new UsageError(`${what}: expected an integer, received "${text}"`);
  return value;
}

/** A positive decimal integer, or a UsageError naming the option and what was received. */
export function parsePositiveInteger(what: string, text: string): number {
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${what}: expected a positive integer, received "${text}"`);
  return value;
}
