/** The base seed of the suite's own property checks: fixed for CI, MQSPEC_SEED overrides it. */
export const ciSeed = Number.parseInt(process.env['MQSPEC_SEED'] ?? '20261202', 10);
