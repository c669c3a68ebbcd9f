/**
 * A target failure: an implementation under test that could not answer at all — it threw, hung past its timeout,
 * printed something that is not a response, exited, or flooded its output. It is not a verdict on any property (not
 * a violation, not a divergence) and never a crash of mqspec: the check stops and reports it with the scenario so
 * far, the request that got no usable answer and the tail of the target's stderr.
 */
import type { Scenario } from '../model/scenario.js';

/** What is known about a target failure, for the report. */
export interface TargetFailureDetails {
  /** The request that got no usable answer (a protocol request line, or the in-process call). */
  readonly request?: unknown;
  /** The last lines the target wrote to stderr (protocol targets). */
  readonly stderr?: string;
}

/** The failure as a check reports it. */
export interface TargetFailureReport extends TargetFailureDetails {
  readonly message: string;
  /** The scenario being run, cut after the step that failed (its `commands` are the scenario so far). */
  readonly scenario?: Scenario;
}

/** Thrown by a target (adapter) that cannot answer; `Property.evaluate` lets it through instead of judging it. */
export class TargetFailure extends Error {
  override readonly name = 'TargetFailure';
  readonly details: TargetFailureDetails;
  /** The scenario so far, attached by whoever ran it. */
  scenario?: Scenario;

  constructor(message: string, details: TargetFailureDetails = {}) {
    super(message);
    this.details = details;
  }

  /** The plain report (JSON-friendly). */
  report(): TargetFailureReport {
    return {
      message: this.message,
      ...(this.details.request === undefined ? {} : { request: this.details.request }),
      ...(this.details.stderr === undefined || this.details.stderr === '' ? {} : { stderr: this.details.stderr }),
      ...(this.scenario === undefined ? {} : { scenario: this.scenario }),
    };
  }
}
