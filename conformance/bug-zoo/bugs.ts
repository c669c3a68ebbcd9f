import type { Bug } from './bug.js';
import { kafkaConsumerBugs } from './kafka-consumer-bugs.js';
import { kafkaGroupBugs } from './kafka-group-bugs.js';
import { rocketmqAllocateBugs } from './rocketmq-allocate-bugs.js';
import { rocketmqFilterBugs } from './rocketmq-filter-bugs.js';
import { rocketmqGroupBugs } from './rocketmq-group-bugs.js';

/** Every bug-zoo entry of every system. */
export const bugZoo: readonly Bug[] = [...kafkaConsumerBugs, ...kafkaGroupBugs, ...rocketmqAllocateBugs, ...rocketmqFilterBugs, ...rocketmqGroupBugs];
