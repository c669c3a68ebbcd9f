// Mutation testing of the reference model (`npm run mutation`): Stryker mutates model/ and runs the model's unit and
// scenario tests against each mutant, with fewer fast-check runs (MQSPEC_NUM_RUNS, see vitest.stryker.config.ts).
// Not part of the CI gate: it takes a long time on two cores. `npm run mutation -- --mutate 'model/rocketmq/**/*.ts'`
// narrows it to a part of the model.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  mutate: ['model/**/*.ts'],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 20000,
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', 'reports', '.stryker-tmp', 'node_modules'],
};
