import { kafkaConsumerProperties } from './kafka/consumer/kafka-consumer-properties.js';
import { kafkaGroupProperties } from './kafka/group/kafka-group-properties.js';
import { rocketmqAllocateProperties } from './rocketmq/allocate/rocketmq-allocate-properties.js';
import { rocketmqFilterProperties } from './rocketmq/filter/rocketmq-filter-properties.js';
import { rocketmqGroupProperties } from './rocketmq/group/rocketmq-group-properties.js';
import type { Property } from './property.js';

/** Every property of every system, in catalog order. */
export const catalog: readonly Property[] = [...kafkaConsumerProperties, ...kafkaGroupProperties, ...rocketmqAllocateProperties, ...rocketmqFilterProperties, ...rocketmqGroupProperties];

/** The property with this id, if any. */
export function findProperty(id: string): Property | undefined {
  return catalog.find((p) => p.id === id);
}
