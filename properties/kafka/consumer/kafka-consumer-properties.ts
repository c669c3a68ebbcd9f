/** The `kafka.consumer` entries of the property catalog: its invariants and hazards bound to the model. */
import { kafkaConsumer } from '../../../model/kafka/consumer/kafka-consumer.js';
import type { Profile } from '../../../model/kafka/consumer/setup.js';
import { defineProperty, type Property } from '../../property.js';
import { kafkaConsumerScenarios } from './arbitraries.js';
import { kafkaConsumerHazards } from './hazards.js';
import { kafkaConsumerInvariants } from './invariants.js';

/** A profile-specific rule says nothing about a target that fixes the other profile in its setup. */
function otherProfile(profile: Profile): (fixed: Readonly<Record<string, unknown>>) => string | undefined {
  return (fixed) => (fixed['profile'] === undefined || fixed['profile'] === profile ? undefined : `it is a rule of ${profile}; the target fixes profile ${String(fixed['profile'])}`);
}

/** Every kafka.consumer property, invariants first. */
export const kafkaConsumerProperties: readonly Property[] = [
  ...kafkaConsumerInvariants.map((inv) =>
    defineProperty(kafkaConsumer, {
      id: inv.id,
      kind: 'invariant',
      statement: inv.statement,
      why: inv.why,
      // The invariant's own generator options (profile, mix, reset, scope) are named like the generator's.
      scenarios: kafkaConsumerScenarios(inv),
      check: inv.check,
      runs: inv.runs,
      ...(inv.profile === undefined ? {} : { notApplicable: otherProfile(inv.profile) }),
    }),
  ),
  ...kafkaConsumerHazards.map((hazard) =>
    defineProperty(kafkaConsumer, {
      id: hazard.id,
      kind: 'hazard',
      statement: hazard.statement,
      why: hazard.why,
      scenarios: kafkaConsumerScenarios({ maxCommands: 12, ...hazard }),
      check: hazard.check,
      runs: hazard.runs ?? 1000,
    }),
  ),
];
