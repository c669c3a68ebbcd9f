/** The real registries over the process's streams (or others), as the bin runs verbs against them. */
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import { defaultCorpusFolder, type CliContext, type CliStreams } from './context.js';
import { processStreams } from './process-streams.js';

/** The registries over `streams` (by default the process's own). */
export function processContext(streams: CliStreams = processStreams()): CliContext {
  return { catalog, systems, ...streams, corpus: defaultCorpusFolder };
}
