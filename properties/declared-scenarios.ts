/**
 * Scenarios made of the commands a target declares. A target's scenarios are the system's, with the commands it does
 * not declare left out (conformance/agreement-property.ts restrictCommands); for a target that declares a few of a
 * system's many commands that leaves short scenarios, and the states its commands reach only in longer runs of them
 * stay rare (kafkajs's whole-topic pause covering a partition assigned later: once in about 850 scenarios). These
 * generators draw from the system's default mix restricted to the declared commands, so every step is one the target
 * takes; a target's check draws from them as often as from the system's own (target-properties.ts).
 */
import type fc from 'fast-check';
import type { Scenario } from '../model/scenario.js';
import type { SystemId } from '../model/system.js';
import type { CommandMix } from './choices.js';
import { defaultMix, kafkaConsumerScenarios } from './kafka/consumer/arbitraries.js';

/** The mix's weights for the listed commands only, or undefined when none of them is in it. */
export function restrictedMix<Type extends string>(mix: CommandMix<Type>, commands: readonly string[]): CommandMix<Type> | undefined {
  const kept = Object.fromEntries(Object.entries(mix).filter(([type]) => commands.includes(type))) as CommandMix<Type>;
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** Per system, scenarios of the declared commands; systems without one use their own scenarios only. */
const generators: Partial<Record<SystemId, (commands: readonly string[]) => fc.Arbitrary<Scenario> | undefined>> = {
  'kafka.consumer': (commands) => {
    const mix = restrictedMix(defaultMix, commands);
    return mix === undefined ? undefined : kafkaConsumerScenarios({ mix });
  },
};

/** Scenarios of the declared commands of a system, when it has such a generator and the commands are in its mix. */
export function declaredScenarios(system: SystemId, commands: readonly string[]): fc.Arbitrary<Scenario> | undefined {
  return generators[system]?.(commands);
}
