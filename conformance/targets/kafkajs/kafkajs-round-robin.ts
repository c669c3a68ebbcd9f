/**
 * kafkajs@2.2.4's round-robin assigner (`src/consumer/assigners/roundRobinAssigner`) as its group leader calls it
 * (`ConsumerGroup[SYNC]` in `src/consumer/consumerGroup.js`): `assign({members, topics: topicsSubscribed})`, where
 * `topicsSubscribed` is the leader's own subscription and each member carries its subscription encoded as
 * `MemberMetadata`. The cluster answers `findTopicPartitionMetadata` from the scenario's metadata. The plain call
 * (`kafkajs-round-robin-all-topics`) passes the union of every member's topics.
 *
 * `assign` is `async`, so it runs in a worker thread behind a synchronous bridge (`../async-bridge.ts`).
 */
import type { Assignment } from '../../../model/kafka/assignors/partition-assignor.js';
import type { TopicPartition } from '../../../model/kafka/topic-partition.js';
import { AsyncBridge, siblingModule } from '../async-bridge.js';
import type { LibraryTarget } from '../library-target.js';
import { librarySpec, libraryUnavailable } from '../library-require.js';
import { kafkajsLibrary } from '../libraries.js';
import { assignorCommands, assignorFields, leaderOf, LibraryCrash, LibraryRefusal, openGroupWithAssignor, type RebalanceInput } from '../group-with-library-assignor.js';
import type { RoundRobinAnswer, RoundRobinRequest } from './kafkajs-worker.js';

/** The library's package and version (exact, as in package.json). */
export const kafkajsVersion = librarySpec(kafkajsLibrary);

/** The kafkajs worker, started on first use and shared by every kafkajs target. */
let bridge: AsyncBridge | undefined;

/** The shared worker running kafkajs (a new one after a timeout disposed the last). */
export function kafkajsBridge(): AsyncBridge {
  if (bridge?.disposed === true) bridge = undefined;
  bridge ??= new AsyncBridge(siblingModule(import.meta.url, 'kafkajs-worker'));
  return bridge;
}

/** The shared worker if it is running (a session releasing its state needs no new one). */
export function runningKafkajsBridge(): AsyncBridge | undefined {
  return bridge?.disposed === true ? undefined : bridge;
}

/** Stops the shared worker (the next call starts a new one). */
export function disposeKafkajsBridge(): void {
  bridge?.dispose();
  bridge = undefined;
}

/** Runs the assigner with the leader's topics or every member's. */
export function kafkajsRoundRobin(input: RebalanceInput, which: 'leader' | 'all'): Assignment {
  const leader = leaderOf(input.subscriptions) ?? '';
  const request: RoundRobinRequest = {
    op: 'roundRobin',
    members: Object.entries(input.subscriptions).map(([memberId, topics]) => ({ memberId, topics: [...topics] })),
    topics: which === 'leader' ? [...(input.subscriptions[leader] ?? [])] : [...new Set(Object.values(input.subscriptions).flat())],
    metadata: input.metadata,
  };
  const answer = kafkajsBridge().call(request);
  if (!answer.ok) {
    if (['TypeError', 'RangeError', 'ReferenceError'].includes(answer.error)) throw new LibraryCrash(`${answer.error}: ${answer.message}`);
    throw new LibraryRefusal(answer.error, answer.message);
  }
  const lists: Record<string, TopicPartition[]> = Object.fromEntries(Object.keys(input.subscriptions).map((id) => [id, []]));
  for (const { memberId, assignment } of answer.value as RoundRobinAnswer) {
    lists[memberId] = Object.entries(assignment).flatMap(([topic, partitions]) => partitions.map((partition) => ({ topic, partition })));
  }
  return lists;
}

/** A target for one topics argument. */
function roundRobinTarget(name: string, which: 'leader' | 'all'): LibraryTarget {
  const call = which === 'leader' ? "with the leader's own topics, as the library calls it" : "with every member's topics (the plain call)";
  return {
    name,
    version: kafkajsVersion,
    library: kafkajsVersion,
    unavailable: () => libraryUnavailable(kafkajsLibrary),
    describes: `kafkajs's round-robin assigner run by the group leader at each rebalance ${call}, around the reference group model.`,
    systems: [{ system: 'kafka.group', commands: assignorCommands, fields: assignorFields, mode: 'differential', setup: { assignor: 'roundrobin' } }],
    open: (system, setup) => openGroupWithAssignor(system, setup, (input) => kafkajsRoundRobin(input, which)),
    dispose: disposeKafkajsBridge,
  };
}

/** The round-robin assigner as kafkajs calls it. */
export const kafkajsRoundRobinTarget = roundRobinTarget('kafkajs-round-robin', 'leader');
/** The round-robin assigner with every member's topics. */
export const kafkajsRoundRobinAllTopicsTarget = roundRobinTarget('kafkajs-round-robin-all-topics', 'all');
