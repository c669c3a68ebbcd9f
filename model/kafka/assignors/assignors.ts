/**
 * The registry of the modelled Kafka consumer assignors by `PartitionAssignor.name()` (apache/kafka 1.0.0 and trunk
 * names): `range` (`RangeAssignor`, Kafka's default) and `roundrobin` (`RoundRobinAssignor`).
 */
import type { PartitionAssignor } from './partition-assignor.js';
import { rangeAssignor } from './range-assignor.js';
import { roundRobinAssignor } from './round-robin-assignor.js';

/** The name of a modelled assignor, as in `partition.assignment.strategy`. */
export type AssignorName = PartitionAssignor['name'];

/** Every modelled assignor, keyed by its name. */
export const assignors: Readonly<Record<AssignorName, PartitionAssignor>> = {
  range: rangeAssignor,
  roundrobin: roundRobinAssignor,
};
