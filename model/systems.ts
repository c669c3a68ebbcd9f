import { kafkaConsumer } from './kafka/consumer/kafka-consumer.js';
import type { AnySystemModel } from './system.js';

/** Every modelled system, by id. */
export const systems: ReadonlyMap<string, AnySystemModel> = new Map<string, AnySystemModel>([
  [kafkaConsumer.id, kafkaConsumer as AnySystemModel],
]);
