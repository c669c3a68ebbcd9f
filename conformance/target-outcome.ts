/** Checking that what a target answered is an Outcome of the scenario format, before anything compares it. */
import type { Outcome } from '../model/outcome.js';
import { isRecord } from '../model/json.js';

/** The outcome, or undefined when `value` is not `{ok: true, value?}` / `{ok: false, error: string, message?}`. */
export function asOutcome(value: unknown): Outcome | undefined {
  if (!isRecord(value)) return undefined;
  if (value['ok'] === true) return value['value'] === undefined ? { ok: true } : { ok: true, value: value['value'] };
  if (value['ok'] !== false || typeof value['error'] !== 'string') return undefined;
  const message = value['message'];
  return typeof message === 'string' ? { ok: false, error: value['error'], message } : { ok: false, error: value['error'] };
}
