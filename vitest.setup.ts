import fc from 'fast-check';
import { afterAll } from 'vitest';
import { removeTempFolders } from './test/support/temp-folder.js';

// A fixed seed keeps CI deterministic and keeps test names (which @fast-check/vitest suffixes with the seed)
// stable for tools that match tests by name. MQSPEC_SEED overrides it for a local random campaign.
const seed = Number.parseInt(process.env['MQSPEC_SEED'] ?? '20261202', 10);
// MQSPEC_NUM_RUNS lowers the generated cases per property where every run counts (Stryker runs the tests per mutant).
fc.configureGlobal({ seed, numRuns: Number.parseInt(process.env['MQSPEC_NUM_RUNS'] ?? '100', 10) });

// Temporary folders made through test/support/temp-folder.ts go when their test file is done.
afterAll(removeTempFolders);
