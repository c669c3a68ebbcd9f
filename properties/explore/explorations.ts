/** Every system's exploration, by system id (the registry `mqspec explore` reads). */
import { kafkaConsumerExploration } from '../kafka/consumer/exploration-scopes.js';
import { kafkaGroupExploration } from '../kafka/group/exploration-scopes.js';
import { rocketmqAllocateExploration } from '../rocketmq/allocate/exploration-scopes.js';
import { rocketmqFilterExploration } from '../rocketmq/filter/exploration-scopes.js';
import { rocketmqGroupExploration } from '../rocketmq/group/exploration-scopes.js';
import type { AnyExploration } from './exploration.js';

/** The explorations, by system id. */
export const explorations: ReadonlyMap<string, AnyExploration> = new Map(
  [kafkaConsumerExploration, kafkaGroupExploration, rocketmqAllocateExploration, rocketmqFilterExploration, rocketmqGroupExploration].map((e) => [e.system, e]),
);
