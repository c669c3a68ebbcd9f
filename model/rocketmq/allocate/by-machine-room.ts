/**
 * Mirrors `org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByMachineRoom` (apache/rocketmq
 * rocketmq-all-4.9.8), strategy name `MACHINE_ROOM`: only queues of brokers named `room@broker` whose room is one
 * of the consumer's rooms (`consumeridcs`), spread over all consumers.
 */
import { javaSplit } from '../../java/java-string.js';
import type { MessageQueue } from '../message-queue.js';
import type { AllocateResult, AllocateStrategy } from './allocate-strategy.js';
import { allocateChecked } from './check-arguments.js';

/**
 * Whether a queue is eligible: Java `brokerName.split("@")` has exactly two parts and the first is in
 * `consumeridcs`. Java split semantics matter: `"r@b@"` is 2 parts (trailing empty dropped), `"@b"` is room `""`,
 * `"r@"` is 1 part (not eligible), `"r@b@c"` is 3 parts (not eligible).
 */
export function inConsumerRooms(mq: MessageQueue, consumeridcs: ReadonlySet<string>): boolean {
  const parts = javaSplit(mq.brokerName, '@');
  return parts.length === 2 && consumeridcs.has(parts[0] ?? '');
}

/**
 * MACHINE_ROOM allocation over the eligible queues (`mqAll` order), with `i = cidAll.indexOf(currentCID)`,
 * `q` eligible queues and c consumers: consumer i takes the block `[i*⌊q/c⌋, (i+1)*⌊q/c⌋)` and then, if
 * `i < q % c`, the leftover at `⌊q/c⌋*c + i`. Unlike AVG the leftovers go round-robin after all blocks, so with
 * 5 eligible queues and 2 consumers the split is {0,1,4} / {2,3}.
 */
export function allocateByMachineRoom(
  consumeridcs: ReadonlySet<string>,
  _group: string, // Java only uses the group for logging.
  currentCID: string,
  mqAll: readonly MessageQueue[],
  cidAll: readonly string[],
): AllocateResult {
  return allocateChecked(currentCID, mqAll, cidAll, (currentIndex) => {
    const eligible = mqAll.filter((mq) => inConsumerRooms(mq, consumeridcs));
    const blockSize = Math.floor(eligible.length / cidAll.length);
    const rem = eligible.length % cidAll.length;
    const queues = eligible.slice(blockSize * currentIndex, blockSize * currentIndex + blockSize);
    if (rem > currentIndex) {
      const leftover = eligible[currentIndex + blockSize * cidAll.length];
      if (leftover !== undefined) queues.push(leftover);
    }
    return queues;
  });
}

/**
 * The `MACHINE_ROOM` strategy with `setConsumeridcs(consumeridcs)`. Java's default is `null`, which throws a
 * NullPointerException as soon as a broker name has the `room@broker` form; the model requires the set.
 */
export function byMachineRoomStrategy(consumeridcs: Iterable<string>): AllocateStrategy {
  const rooms: ReadonlySet<string> = new Set(consumeridcs);
  return {
    name: 'MACHINE_ROOM',
    allocate: (group, currentCID, mqAll, cidAll) => allocateByMachineRoom(rooms, group, currentCID, mqAll, cidAll),
  };
}
