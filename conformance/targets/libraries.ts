/**
 * The libraries the bundled targets wrap, each at the exact version its adapter was written against (the same
 * versions package.json and libraries/*\/package.json install for this repository's own checks). A user of the
 * package installs the one they want checked; `mqspec targets` says which are missing and how to install them.
 */
import { locateLibrary, type LibraryLocation, type LibraryPackage } from './library-require.js';

/** kafkajs: the round-robin assigner, SubscriptionState and the consumer's offset handling. */
export const kafkajsLibrary: LibraryPackage = { name: 'kafkajs', version: '2.2.4' };

/** kafka-node: the range and round-robin assignors. */
export const kafkaNodeLibrary: LibraryPackage = { name: 'kafka-node', version: '5.0.0' };

/** ali-ons: RocketMQ's AVG allocation and tag filtering. */
export const aliOnsLibrary: LibraryPackage = { name: 'ali-ons', version: '3.12.0' };

/**
 * @platformatic/kafka: the round-robin and cooperative-sticky assignors. It declares Node >= 22 (its client uses
 * `Promise.withResolvers`), so in this repository it has a package of its own, libraries/platformatic-kafka,
 * installed with the LTS Node's npm; its assignors are plain functions that run on Node 20 as well.
 */
export const platformaticKafkaLibrary: LibraryPackage = { name: '@platformatic/kafka', version: '2.12.1', nested: 'libraries/platformatic-kafka' };

/**
 * Where @platformatic/kafka is installed (the user's project, this repository's node_modules, or its nested install
 * under libraries/platformatic-kafka), or undefined when it is not: for the bundled assignor targets, and for a
 * real-client driver that runs the library's consumer on the LTS Node (import `join(location.folder, …)` or resolve
 * the name from `location.nodeModules`).
 */
export function platformaticKafkaLocation(): LibraryLocation | undefined {
  return locateLibrary(platformaticKafkaLibrary);
}

/** Every wrapped npm library. */
export const libraries: readonly LibraryPackage[] = [kafkajsLibrary, kafkaNodeLibrary, aliOnsLibrary, platformaticKafkaLibrary];
