import { kafkaConsumer } from './kafka/consumer/kafka-consumer.js';
import { kafkaGroup } from './kafka/group/kafka-group.js';
import { rocketmqAllocate } from './rocketmq/allocate/allocate-system.js';
import { rocketmqFilter } from './rocketmq/filter/filter-system.js';
import { rocketmqGroup } from './rocketmq/group/rocketmq-group.js';
import type { AnySystemModel } from './system.js';

/** Every modelled system, by id. */
export const systems: ReadonlyMap<string, AnySystemModel> = new Map<string, AnySystemModel>([
  [kafkaConsumer.id, kafkaConsumer as AnySystemModel],
  [kafkaGroup.id, kafkaGroup as AnySystemModel],
  [rocketmqAllocate.id, rocketmqAllocate as AnySystemModel],
  [rocketmqFilter.id, rocketmqFilter as AnySystemModel],
  [rocketmqGroup.id, rocketmqGroup as AnySystemModel],
]);
