import type { Bug } from './bug.js';
import { kafkaConsumerBugs } from './kafka-consumer-bugs.js';

/** Every bug-zoo entry of every system. */
export const bugZoo: readonly Bug[] = [...kafkaConsumerBugs];
