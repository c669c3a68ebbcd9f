/** The `kafka.group` entries of the property catalog: its invariants and hazards bound to the model. */
import { kafkaGroup } from '../../../model/kafka/group/kafka-group.js';
import { defineProperty, type Property } from '../../property.js';
import { kafkaGroupScenarios } from './arbitraries.js';
import { kafkaGroupHazards } from './hazards.js';
import { kafkaGroupInvariants } from './invariants.js';

/** Every kafka.group property, invariants first. */
export const kafkaGroupProperties: readonly Property[] = [
  ...kafkaGroupInvariants.map((inv) =>
    defineProperty(kafkaGroup, {
      id: inv.id,
      kind: 'invariant',
      statement: inv.statement,
      why: inv.why,
      scenarios: kafkaGroupScenarios(inv.scenarios),
      check: inv.check,
      ...(inv.labels === undefined ? {} : { labels: inv.labels }),
    }),
  ),
  ...kafkaGroupHazards.map((hazard) =>
    defineProperty(kafkaGroup, {
      id: hazard.id,
      kind: 'hazard',
      statement: hazard.statement,
      why: hazard.why,
      scenarios: kafkaGroupScenarios(hazard.scenarios),
      check: hazard.check,
      explain: hazard.explain,
      runs: hazard.runs ?? 1000,
    }),
  ),
];
