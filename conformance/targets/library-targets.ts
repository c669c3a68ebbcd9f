/**
 * The library targets: real client libraries at exact versions, each wrapped as the library itself calls
 * the code (and, where the library's call differs from the plain call, the plain call as a second target).
 */
import { aliOnsAllocateAveragely } from './ali-ons/ali-ons-allocate-averagely.js';
import { aliOnsTagFilter } from './ali-ons/ali-ons-tag-filter.js';
import type { LibraryTarget } from './library-target.js';
import { kafkaNodeRange, kafkaNodeRoundRobin } from './kafka-node/kafka-node-assignors.js';
import { kafkajsRoundRobinAllTopicsTarget, kafkajsRoundRobinTarget } from './kafkajs/kafkajs-round-robin.js';
import { kafkajsOffsets } from './kafkajs/kafkajs-offsets.js';
import { kafkajsSubscriptionState } from './kafkajs/kafkajs-subscription-state.js';
import {
  platformaticCooperativeStickyAllTopicsTarget,
  platformaticCooperativeStickyTarget,
  platformaticRoundRobinAllTopicsTarget,
  platformaticRoundRobinTarget,
} from './platformatic-kafka/platformatic-assignors.js';

/** Every in-process library target, by library (kafka-python's protocol targets are registered beside them). */
export const libraryTargets: readonly LibraryTarget[] = [
  kafkajsRoundRobinTarget,
  kafkajsRoundRobinAllTopicsTarget,
  kafkajsSubscriptionState,
  kafkajsOffsets,
  platformaticRoundRobinTarget,
  platformaticRoundRobinAllTopicsTarget,
  platformaticCooperativeStickyTarget,
  platformaticCooperativeStickyAllTopicsTarget,
  kafkaNodeRange,
  kafkaNodeRoundRobin,
  aliOnsAllocateAveragely,
  aliOnsTagFilter,
];

/** The bundled target with this name, if any. */
export function findLibraryTarget(name: string): LibraryTarget | undefined {
  return libraryTargets.find((t) => t.name === name);
}
