/**
 * What one command answered. Errors carry the real system's exception or response-code name
 * (`IllegalStateException`, `SUBSCRIPTION_NOT_EXIST`, …) so outcomes compare across implementations.
 */
export type Outcome = Success | Failure;

/** A call that returned normally, with its value when the real API returns one. */
export interface Success {
  readonly ok: true;
  readonly value?: unknown;
}

/** A call that threw or answered with an error code. */
export interface Failure {
  readonly ok: false;
  /** The Java exception's simple name or the broker's response code. */
  readonly error: string;
  /** The message the real system gives, where it has one. */
  readonly message?: string;
}

/** A successful outcome, with a value when one is given. */
export function ok(value?: unknown): Success {
  return value === undefined ? { ok: true } : { ok: true, value };
}

/** A failed outcome named after the real exception or response code. */
export function fail(error: string, message?: string): Failure {
  return message === undefined ? { ok: false, error } : { ok: false, error, message };
}
