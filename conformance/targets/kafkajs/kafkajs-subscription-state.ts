/**
 * kafkajs@2.2.4's `SubscriptionState` (`src/consumer/subscriptionState.js`) as the `kafka.consumer` system's pause /
 * resume / assignment part, called as the library calls it: the coordinator's assignment arrives through
 * `ConsumerGroup[SYNC]` as `subscriptionState.assign([{topic, partitions}])`, and the user's `consumer.pause` /
 * `consumer.resume` validate their argument (`src/consumer/index.js`) and reach `subscriptionState.pause/resume`
 * through `ConsumerGroup`; `pauseTopics` / `resumeTopics` are kafkajs's whole-topic form, `[{topic}]` without
 * partitions. `subscribe` changes nothing in this state (kafkajs keeps the subscription elsewhere), and
 * is refused once an assignment has arrived: kafkajs assigns only to a running consumer, and `consumer.subscribe`
 * refuses while it runs, as `pause` / `resume` refuse before (`kafkajs-running.ts`).
 *
 * Observed: each assigned partition (`assigned()`) and whether it is paused (`isPaused`).
 */
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import { tpKey, type TopicPartition } from '../../../model/kafka/topic-partition.js';
import { fail, ok, type Outcome } from '../../../model/outcome.js';
import type { Command } from '../../../model/scenario.js';
import type { LibraryTarget } from '../library-target.js';
import { lazyLibrary, libraryUnavailable } from '../library-require.js';
import { kafkajsLibrary } from '../libraries.js';
import { kafkajsVersion } from './kafkajs-round-robin.js';
import { notRunning, subscribeWhileRunning } from './kafkajs-running.js';
import { subscribeMetadataRefusal } from './kafkajs-subscribe.js';

/** Partitions of one topic, kafkajs's `TopicPartitions`. */
interface TopicPartitions {
  readonly topic: string;
  readonly partitions: number[];
}

/** The part of kafkajs's `SubscriptionState` the target calls. */
interface SubscriptionState {
  assign(topicPartitions: TopicPartitions[]): void;
  /** `partitions` left out: the whole topic. */
  pause(topicPartitions: Array<TopicPartitions | { readonly topic: string }>): void;
  resume(topicPartitions: Array<TopicPartitions | { readonly topic: string }>): void;
  assigned(): TopicPartitions[];
  isPaused(topic: string, partition: number): boolean;
}

/** The library's class, loaded when a target first opens. */
const SubscriptionStateClass = lazyLibrary<new () => SubscriptionState>(kafkajsLibrary, 'src/consumer/subscriptionState');

/** Partitions grouped by topic, in first-seen order, as kafkajs's API takes them. */
function byTopic(partitions: readonly TopicPartition[]): TopicPartitions[] {
  const groups = new Map<string, number[]>();
  for (const p of partitions) groups.set(p.topic, [...(groups.get(p.topic) ?? []), p.partition]);
  return [...groups].map(([topic, ids]) => ({ topic, partitions: ids }));
}

/**
 * `consumer.pause` / `consumer.resume`'s argument check: every entry needs a topic, and `partitions`, when given, must
 * be an array of numbers; else `KafkaJSNonRetriableError`.
 */
function invalidArgument(groups: ReadonlyArray<TopicPartitions | { readonly topic: string }>): Outcome | undefined {
  const bad = groups.find((g) => g.topic.length === 0 || ('partitions' in g && g.partitions.some((p) => Number.isNaN(p))));
  return bad === undefined ? undefined : fail('KafkaJSNonRetriableError', `Invalid topic ${bad.topic}`);
}

/** The library's state and what the consumer around it has done. */
interface Consumer {
  readonly state: SubscriptionState;
  /** True once `consumer.run` has run: the first assignment arrives through the running group. */
  running: boolean;
}

/** One command on the library's state. */
function stepState(consumer: Consumer, command: KafkaConsumerCommand): Outcome {
  const { state } = consumer;
  switch (command.type) {
    case 'subscribe':
      if (consumer.running) return subscribeWhileRunning;
      // Nothing changes in this state; the call itself may be refused by kafkajs's metadata refresh.
      return subscribeMetadataRefusal(command.topics) ?? ok();
    case 'rebalance':
      consumer.running = true;
      state.assign(byTopic(command.partitions));
      return ok();
    case 'pause':
    case 'resume':
    case 'pauseTopics':
    case 'resumeTopics': {
      // The whole-topic form is kafkajs's `consumer.pause([{topic}])`, partitions left out (src/consumer/index.js
      // allows it; SubscriptionState.pause then sets the topic's pauseAll, which covers partitions assigned later).
      const topicPartitions = 'partitions' in command ? byTopic(command.partitions) : command.topics.map((topic) => ({ topic }));
      const invalid = invalidArgument(topicPartitions);
      if (invalid !== undefined) return invalid;
      if (!consumer.running) return notRunning;
      if (command.type === 'pause' || command.type === 'pauseTopics') state.pause(topicPartitions);
      else state.resume(topicPartitions);
      return ok();
    }
    default:
      throw new Error(`kafkajs subscription state: ${command.type} is not a declared command`);
  }
}

/** The observation: assigned partitions with their paused flag. */
function observeState(state: SubscriptionState): { partitions: Record<string, { topic: string; partition: number; paused: boolean }> } {
  const partitions: Record<string, { topic: string; partition: number; paused: boolean }> = {};
  for (const { topic, partitions: ids } of state.assigned()) {
    for (const partition of ids) partitions[tpKey({ topic, partition })] = { topic, partition, paused: state.isPaused(topic, partition) };
  }
  return { partitions };
}

/** kafkajs's SubscriptionState. */
export const kafkajsSubscriptionState: LibraryTarget = {
  name: 'kafkajs-subscription-state',
  version: kafkajsVersion,
  library: kafkajsVersion,
  unavailable: () => libraryUnavailable(kafkajsLibrary),
  describes: "kafkajs's consumer SubscriptionState (assign from the group's sync, pause, resume) against kafka.consumer's assignment and paused flags.",
  systems: [
    {
      system: 'kafka.consumer',
      commands: ['subscribe', 'rebalance', 'pause', 'resume', 'pauseTopics', 'resumeTopics'],
      fields: ['partitions.*.topic', 'partitions.*.partition', 'partitions.*.paused'],
      mode: 'differential',
      setup: { profile: 'kafka-1.0' },
      // Only the differential property: the invariants read fields this target does not show (positions, the group
      // subscription), where the model's values would stand in and mix two states once the sides diverge.
      properties: [],
    },
  ],
  open(system) {
    if (system !== 'kafka.consumer') throw new Error(`open: this target implements kafka.consumer, not ${system}`);
    const consumer: Consumer = { state: new (SubscriptionStateClass())(), running: false };
    return {
      step: (command: Command) => stepState(consumer, command as KafkaConsumerCommand),
      observe: () => observeState(consumer.state),
      close: () => undefined,
    };
  },
};
