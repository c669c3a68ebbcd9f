/** The `kafka.consumer` entries of the property catalog: its invariants and hazards bound to the model. */
import { kafkaConsumer } from '../../../model/kafka/consumer/kafka-consumer.js';
import { defineProperty, type Property } from '../../property.js';
import { kafkaConsumerScenarios } from './arbitraries.js';
import { kafkaConsumerHazards } from './hazards.js';
import { kafkaConsumerInvariants } from './invariants.js';

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
      // A profile-specific rule says nothing about a target that fixes the other profile.
      ...(inv.profile === undefined
        ? {}
        : {
            notApplicable: (fixed: Readonly<Record<string, unknown>>) =>
              fixed['profile'] === undefined || fixed['profile'] === inv.profile ? undefined : `it is a rule of ${inv.profile}; the target fixes profile ${String(fixed['profile'])}`,
          }),
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
