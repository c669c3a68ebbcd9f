/**
 * ali-ons@3.12.0's AVG allocation (`lib/consumer/rebalance/allocate_message_queue_averagely.js`) as the
 * `rocketmq.allocate` strategy: `new (AllocateMessageQueueAveragely())().allocate(group, currentCID, mqAll, cidAll)` with
 * the queues as the library's own `MessageQueue` objects (`lib/message_queue.js`). The library's push consumer sorts
 * both lists before the call (`rebalanceByTopic`), as Java's RebalanceImpl does and as the scenario's command states;
 * the target passes them as given.
 *
 * The library throws a plain `Error` with Java's message where Java throws `IllegalArgumentException`; the target
 * names it after the Java exception. Around the strategy, the clients' bookkeeping is the reference model's.
 */
import { createRocketmqAllocateModel } from '../../../model/rocketmq/allocate/allocate-system.js';
import { rocketmqAllocateSetupSchema, type RocketmqAllocateCommand } from '../../../model/rocketmq/allocate/allocate-commands.js';
import { allocated, illegalArgument, type AllocateResult, type StrategyResult } from '../../../model/rocketmq/allocate/allocate-strategy.js';
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';
import type { MessageQueue } from '../../../model/rocketmq/message-queue.js';
import type { Outcome } from '../../../model/outcome.js';
import type { Command } from '../../../model/scenario.js';
import type { LibraryTarget } from '../library-target.js';
import { lazyLibrary, librarySpec, libraryUnavailable } from '../library-require.js';
import { aliOnsLibrary } from '../libraries.js';

/** The library's package and version (exact, as in package.json). */
export const aliOnsVersion = librarySpec(aliOnsLibrary);

/** ali-ons's `MessageQueue`. */
interface AliOnsMessageQueue {
  readonly topic: string;
  readonly brokerName: string;
  readonly queueId: number;
}

type MessageQueueClass = new (topic: string, brokerName: string, queueId: number) => AliOnsMessageQueue;
type AveragelyClass = new () => { allocate(group: string, currentCID: string, mqAll: AliOnsMessageQueue[] | null, cidAll: string[] | null): AliOnsMessageQueue[] };

/** The library's classes, loaded when a target first allocates. */
const AliOnsMessageQueue = lazyLibrary<MessageQueueClass>(aliOnsLibrary, 'lib/message_queue');
const AllocateMessageQueueAveragely = lazyLibrary<AveragelyClass>(aliOnsLibrary, 'lib/consumer/rebalance/allocate_message_queue_averagely');

/** The library's allocation as a model strategy result; its runtime errors (a broken library) are rethrown. */
export function aliOnsAllocate(group: string, currentCID: string, mqAll: readonly MessageQueue[] | null, cidAll: readonly string[] | null): AllocateResult {
  const queues = mqAll === null ? null : mqAll.map((q) => new (AliOnsMessageQueue())(q.topic, q.brokerName, q.queueId));
  try {
    const answer = new (AllocateMessageQueueAveragely())().allocate(group, currentCID, queues, cidAll === null ? null : [...cidAll]);
    return allocated(answer.map((q) => ({ topic: q.topic, brokerName: q.brokerName, queueId: q.queueId })));
  } catch (error) {
    if (error instanceof Error && error.constructor === Error) return illegalArgument(error.message);
    throw error;
  }
}

/** The AVG strategy backed by the library (other strategies are not in ali-ons; the target declares AVG only). */
function aliOnsStrategy(spec: StrategySpec): StrategyResult {
  if (spec.name !== 'AVG') throw new Error(`ali-ons implements only the AVG strategy, not ${spec.name}`);
  return { ok: true, strategy: { name: 'AVG', allocate: (group, cid, mqAll, cidAll) => aliOnsAllocate(group, cid, mqAll, cidAll) } };
}

const model = createRocketmqAllocateModel(aliOnsStrategy);

/** ali-ons's AllocateMessageQueueAveragely. */
export const aliOnsAllocateAveragely: LibraryTarget = {
  name: 'ali-ons-allocate-averagely',
  version: aliOnsVersion,
  library: aliOnsVersion,
  unavailable: () => libraryUnavailable(aliOnsLibrary),
  describes: "ali-ons's AVG queue allocation (AllocateMessageQueueAveragely.allocate) called by each client of the group.",
  systems: [{ system: 'rocketmq.allocate', mode: 'differential', setup: { strategy: { name: 'AVG' } } }],
  open(system, setup) {
    if (system !== 'rocketmq.allocate') throw new Error(`open: this target implements rocketmq.allocate, not ${system}`);
    let state = model.init(rocketmqAllocateSetupSchema.parse(setup));
    return {
      step(command: Command): Outcome {
        const result = model.step(state, command as RocketmqAllocateCommand);
        state = result.state;
        return result.outcome;
      },
      observe: () => model.observe(state),
      close: () => undefined,
    };
  },
};
