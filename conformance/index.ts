/**
 * mqspec's library API (the package's entry point, `import … from 'mqspec'`): what a client library's own test suite
 * needs to check its implementation against the model in process — the target contract, `assertConforms` (throws a
 * readable report with the shrunk scenario) and `checkTarget` (answers the results) — plus the registries and the
 * protocol target for programs in other languages.
 */
import { systems } from '../model/systems.js';
import { catalog } from '../properties/catalog.js';
import type { SystemId } from '../model/system.js';
import { checkTarget as checkTargetWith, type TargetCheckResult } from './check-target.js';
import { ConformanceError } from './conformance-error.js';
import type { Target } from './target.js';

export type { ConformanceMode, Target, TargetSession, TargetSystem } from './target.js';
export type { CommandOf, CommandTypeOf, ObservationOf, SetupOf, SystemTypes } from './system-types.js';
export type { KafkaConsumerCommand } from '../model/kafka/consumer/commands.js';
export type { KafkaConsumerObservation } from '../model/kafka/consumer/observation.js';
export type { KafkaConsumerSetup } from '../model/kafka/consumer/setup.js';
export type { KafkaGroupCommand } from '../model/kafka/group/commands.js';
export type { KafkaGroupObservation } from '../model/kafka/group/observation.js';
export type { KafkaGroupSetup } from '../model/kafka/group/setup.js';
export type { RocketmqAllocateCommand, RocketmqAllocateSetup } from '../model/rocketmq/allocate/allocate-commands.js';
export type { RocketmqAllocateObservation } from '../model/rocketmq/allocate/allocate-system.js';
export type { RocketmqFilterCommand, RocketmqFilterSetup } from '../model/rocketmq/filter/filter-commands.js';
export type { RocketmqGroupCommand } from '../model/rocketmq/group/commands.js';
export type { RocketmqGroupObservation } from '../model/rocketmq/group/observation.js';
export type { RocketmqGroupSetup } from '../model/rocketmq/group/setup.js';
export type { Outcome } from '../model/outcome.js';
export type { Command, Scenario } from '../model/scenario.js';
export type { SystemId, SystemModel } from '../model/system.js';
export type { TargetCheckResult, TargetPropertyResult } from './check-target.js';
export { ConformanceError, conformanceReport } from './conformance-error.js';
export { modelTarget, type ModelTargetOptions, type ModelTargetSystem } from './model-target.js';
export { protocolTarget, type ProtocolTargetOptions } from './protocol/protocol-target.js';
export { TargetFailure } from '../properties/target-failure.js';
export { systems, catalog };

/** What to check: all of the target's properties on all its systems by default. */
export interface ConformanceOptions {
  /** Only these systems of the target. */
  readonly systems?: readonly SystemId[];
  /** Only these properties (`RF-AGREE` for the differential one, `RF-01`, …). */
  readonly properties?: readonly string[];
  /** Generated scenarios per property (default: each property's own, 200 for the differential ones). */
  readonly runs?: number;
  /** The base seed (default: $MQSPEC_SEED, else 20261202, as the CLI). */
  readonly seed?: number;
  /** How many distinct divergence classes the differential property reports at most (default 16; 1: the first only). */
  readonly maxDivergenceClasses?: number;
}

/** The seed a library check uses when none is given. */
function defaultSeed(): number {
  const fromEnv = Number.parseInt(process.env['MQSPEC_SEED'] ?? '', 10);
  return Number.isSafeInteger(fromEnv) ? fromEnv : 20261202;
}

/**
 * A target typed for some systems as the checker holds it: it is only ever opened on the systems it declares and
 * sent their commands (the lockstep run keeps to `systems`), so the narrower parameter types hold.
 */
function anyTarget<S extends SystemId>(target: Target<S>): Target {
  return target as unknown as Target;
}

/** Checks a target against the model and answers what each property found (never throws for the target's faults). */
export function checkTarget<S extends SystemId>(target: Target<S>, options: ConformanceOptions = {}): TargetCheckResult {
  return checkTargetWith(anyTarget(target), {
    seed: options.seed ?? defaultSeed(),
    ...(options.runs === undefined ? {} : { runs: options.runs }),
    ...(options.systems === undefined ? {} : { systems: options.systems }),
    ...(options.properties === undefined ? {} : { properties: options.properties }),
    ...(options.maxDivergenceClasses === undefined ? {} : { maxDivergenceClasses: options.maxDivergenceClasses }),
    models: systems,
    catalog,
  });
}

/**
 * Checks a target and throws a ConformanceError whose message is the report (first diverging step with both sides,
 * the shrunk scenario, the seed) unless it agrees with the model; stops at the first property that fails.
 */
export function assertConforms<S extends SystemId>(target: Target<S>, options: ConformanceOptions = {}): TargetCheckResult {
  const seed = options.seed ?? defaultSeed();
  const result = checkTargetWith(anyTarget(target), {
    seed,
    ...(options.runs === undefined ? {} : { runs: options.runs }),
    ...(options.systems === undefined ? {} : { systems: options.systems }),
    ...(options.properties === undefined ? {} : { properties: options.properties }),
    models: systems,
    catalog,
    stopOnViolation: true,
  });
  if (result.verdict !== 'agrees') throw new ConformanceError(result, seed);
  return result;
}
