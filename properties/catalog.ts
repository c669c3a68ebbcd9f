import { kafkaConsumerProperties } from './kafka/consumer/kafka-consumer-properties.js';
import type { Property } from './property.js';

/** Every property of every system, in catalog order. */
export const catalog: readonly Property[] = [...kafkaConsumerProperties];

/** The property with this id, if any. */
export function findProperty(id: string): Property | undefined {
  return catalog.find((p) => p.id === id);
}
