/**
 * The registry of bundled targets: real client libraries at exact versions, each wrapped as the library itself calls
 * the code (and, where the library's call differs from the plain call, the plain call as a second target).
 */
import { aliOnsAllocateAveragely } from './ali-ons/ali-ons-allocate-averagely.js';
import { aliOnsTagFilter } from './ali-ons/ali-ons-tag-filter.js';
import type { BundledTarget } from './bundled-target.js';
import { kafkaNodeRange, kafkaNodeRoundRobin } from './kafka-node/kafka-node-assignors.js';
import { kafkaPythonTargets } from './kafka-python/kafka-python-target.js';
import { kafkajsRoundRobinAllTopicsTarget, kafkajsRoundRobinTarget } from './kafkajs/kafkajs-round-robin.js';
import { kafkajsSubscriptionState } from './kafkajs/kafkajs-subscription-state.js';
import {
  platformaticCooperativeStickyAllTopicsTarget,
  platformaticCooperativeStickyTarget,
  platformaticRoundRobinAllTopicsTarget,
  platformaticRoundRobinTarget,
} from './platformatic-kafka/platformatic-assignors.js';

/** Every bundled target, by library. */
export const bundledTargets: readonly BundledTarget[] = [
  kafkajsRoundRobinTarget,
  kafkajsRoundRobinAllTopicsTarget,
  kafkajsSubscriptionState,
  platformaticRoundRobinTarget,
  platformaticRoundRobinAllTopicsTarget,
  platformaticCooperativeStickyTarget,
  platformaticCooperativeStickyAllTopicsTarget,
  kafkaNodeRange,
  kafkaNodeRoundRobin,
  aliOnsAllocateAveragely,
  aliOnsTagFilter,
  ...kafkaPythonTargets,
];

/** The bundled target with this name, if any. */
export function findBundledTarget(name: string): BundledTarget | undefined {
  return bundledTargets.find((t) => t.name === name);
}
