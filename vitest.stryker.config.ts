import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant of model/: the model's own tests and the hand-written scenarios, with
// fewer generated cases per property (the seeds stay fixed, so test names stay stable as Stryker needs).
export default defineConfig({
  test: {
    include: ['test/model/**/*.test.ts', 'test/scenarios/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    env: { MQSPEC_NUM_RUNS: '20' },
    testTimeout: 60_000,
    // Stryker starts a fresh worker per mutant run anyway; without isolation the test files of one run share one load
    // of the model (the same survivors as with isolation on model/kafka/assignors/range-assignor.ts).
    isolate: false,
  },
});
