/** The benchmarks `npm run bench` runs, in order: model throughput per system, then each hazard's search. */
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import type { BenchEntry } from './bench-entry.js';
import { startupEntry } from './cli-startup.js';
import { hazardSearchEntry } from './hazard-search.js';
import { modelStepsEntry } from './model-steps.js';
import { inProcessTargetEntry, protocolEchoEntry } from './target-steps.js';
import { zooDetectionEntry } from './zoo-detection.js';

/** Throughput on the scenarios of each system's first invariant (its general-purpose generator). */
const throughput: BenchEntry[] = [...systems.values()].flatMap((model) => {
  const property = catalog.find((p) => p.system === model.id && p.kind === 'invariant');
  return property === undefined ? [] : [modelStepsEntry(model, property.scenarios)];
});

/** The in-process target's lockstep rate against the model's, on the same scenarios, per system. */
const targetThroughput: BenchEntry[] = [...systems.values()].flatMap((model) => {
  const property = catalog.find((p) => p.system === model.id && p.kind === 'invariant');
  return property === undefined ? [] : [inProcessTargetEntry(model, property)];
});

/** Every benchmark. */
export const entries: readonly BenchEntry[] = [
  ...throughput,
  ...catalog.filter((p) => p.kind === 'hazard').map(hazardSearchEntry),
  ...targetThroughput,
  protocolEchoEntry,
  zooDetectionEntry,
  startupEntry,
];
