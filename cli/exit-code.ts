/** The exit statuses of `mqspec`, as DESIGN.md "Command line" defines them. */
export const ExitCode = {
  /** Everything as expected. */
  ok: 0,
  /** A property violated, a hazard not found, or a scenario expectation failed. */
  failed: 1,
  /** Bad usage or bad input, reported in one line. */
  usage: 2,
  /** The target under test failed (hung, crashed, answered garbage): no verdict on it. */
  targetFailure: 3,
} as const;

/** One of the exit statuses. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
