/**
 * The setup of a `kafka.group` scenario: the `kafka.consumer` setup (cluster topics, the members' shared
 * `auto.offset.reset` and profile, the group's committed offsets before the run) plus the group's
 * `partition.assignment.strategy`. Members are not declared here: each one arrives with a `join` command.
 */
import { z } from 'zod';
import { kafkaConsumerSetupSchema } from '../consumer/setup.js';

/** `partition.assignment.strategy` by `PartitionAssignor.name()`: `range` (Kafka's default) or `roundrobin`. */
export const assignorNameSchema = z.enum(['range', 'roundrobin']);

/** Validates a `kafka.group` setup; `assignor` defaults to `range`, as `partition.assignment.strategy` does. */
export const kafkaGroupSetupSchema = kafkaConsumerSetupSchema.extend({
  assignor: assignorNameSchema.default('range'),
});
/** A validated `kafka.group` setup. */
export type KafkaGroupSetup = z.infer<typeof kafkaGroupSetupSchema>;
