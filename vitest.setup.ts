import fc from 'fast-check';
import { afterAll } from 'vitest';
import { removeTempFolders } from './test/support/temp-folder.js';

// A fixed seed keeps CI deterministic and keeps test names (which @fast-check/vitest suffixes with the seed)
// stable for tools that match tests by name. MQSPEC_SEED overrides it for a local random campaign.
const seed = Number.parseInt(process.env['MQSPEC_SEED'] ?? '20261202', 10);
fc.configureGlobal({ seed, numRuns: 100 });

// Temporary folders made through test/support/temp-folder.ts go when their test file is done.
afterAll(removeTempFolders);
