/**
 * ali-ons@3.12.0's tag filtering as the `rocketmq.filter` system: its tag-expression parser
 * (`MQPushConsumer.prototype.buildSubscriptionData`, `lib/consumer/mq_push_consumer.js`), its Java `String.hashCode`
 * (`lib/utils`.hashCode) and its client-side filter — the test inside the push consumer's message loop
 * (`_consumeMessageLoop`), run on the library's own loop with one message of the library's `Message` class in one
 * process queue, the rest of the consumer faked. The loop decides synchronously, before its first `await`, whether
 * it hands the message to the handler (`consumeSingleMsg`); the target records that call.
 *
 * `deliver`'s broker verdict is the Java broker's (a RocketMQ broker is Java; ali-ons only sends it the subscription
 * it built): the reference broker filter and tagsCode applied to ali-ons's subscription data. Duplicated tags are
 * shown once, since the broker reads `tagsSet` and `codeSet` into Java `HashSet`s.
 */
import { brokerFilterMatches } from '../../../model/rocketmq/filter/broker-filter.js';
import type { RocketmqFilterCommand } from '../../../model/rocketmq/filter/filter-commands.js';
import type { SubscriptionData } from '../../../model/rocketmq/filter/subscription-data.js';
import { tagsCode } from '../../../model/rocketmq/filter/tags-code.js';
import { ok, type Outcome } from '../../../model/outcome.js';
import type { Command } from '../../../model/scenario.js';
import type { LibraryTarget } from '../library-target.js';
import { lazyLibrary, libraryUnavailable } from '../library-require.js';
import { aliOnsLibrary } from '../libraries.js';
import { aliOnsVersion } from './ali-ons-allocate-averagely.js';

/** What ali-ons's parser answers (besides `classFilterMode` and a `subVersion` timestamp). */
interface AliOnsSubscriptionData {
  readonly topic: string;
  readonly subString: string;
  readonly tagsSet: readonly string[];
  readonly codeSet: readonly number[];
}

/** A message as the consumer loop reads it. */
interface AliOnsMessage {
  readonly topic: string;
  readonly tags: string | null | undefined;
}

/** The part of `MQPushConsumer.prototype` the target calls. */
interface PushConsumerPrototype {
  buildSubscriptionData(this: null, group: string, topic: string, subString: string | null): AliOnsSubscriptionData;
  _consumeMessageLoop(this: FakeConsumer, topic: string, needFilter: boolean, tagsSet: readonly string[], subExpression: string | null): Promise<void>;
}

/** The consumer fields `_consumeMessageLoop` reads. */
interface FakeConsumer {
  readonly _isClosed: boolean;
  readonly parallelConsumeLimit: number;
  readonly logger: { debug(...args: unknown[]): void; info(...args: unknown[]): void; warn(...args: unknown[]): void };
  readonly _topicSubscribeInfoTable: ReadonlyMap<string, ReadonlyArray<{ key: string }>>;
  readonly _processQueueTable: ReadonlyMap<string, { processQueue: FakeProcessQueue }>;
  readonly _subscriptions: ReadonlyMap<string, { handler: () => Promise<void> }>;
  readonly _offsetStore: { updateOffset(...args: unknown[]): void };
  consumeSingleMsg(handler: unknown, msg: AliOnsMessage): Promise<void>;
  await(event: string): Promise<void>;
}

/** A process queue holding one message. */
interface FakeProcessQueue {
  msgCount: number;
  readonly msgList: AliOnsMessage[];
  remove(count: number): number;
}

type MessageClass = new (topic: string, tags: string | null, body: string) => AliOnsMessage;

/** The library's parts, loaded when a target first runs a command. */
const pushConsumerClass = lazyLibrary<{ prototype: PushConsumerPrototype }>(aliOnsLibrary, 'lib/consumer/mq_push_consumer');
const utils = lazyLibrary<{ hashCode(value: string): number }>(aliOnsLibrary, 'lib/utils');
const Message = lazyLibrary<MessageClass>(aliOnsLibrary, 'lib/message/message');

/**
 * ali-ons's parse of `expression`, as its `subscribe(topic, expression)` does, its lists as the library builds them
 * (duplicates kept: Java's tagsSet and codeSet are HashSets, ali-ons's are arrays, which is its answer to compare).
 */
export function aliOnsSubscriptionData(topic: string, expression: string | null): SubscriptionData {
  const data = pushConsumerClass().prototype.buildSubscriptionData.call(null, 'mqspec-group', topic, expression);
  return { topic: data.topic, subString: data.subString, tagsSet: [...data.tagsSet], codeSet: [...data.codeSet] };
}

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/**
 * Whether the push consumer's loop hands a message tagged `tags` to the handler of a subscription to `own`: the
 * loop gets `needFilter` and `tagsSet` exactly as `subscribe` computes them.
 */
export function aliOnsClientDelivers(own: string | null, tags: string | null): boolean {
  const topic = 'T';
  const data = pushConsumerClass().prototype.buildSubscriptionData.call(null, 'mqspec-group', topic, own);
  const message = new (Message())(topic, tags, '');
  const queue = { key: 'mq' };
  const processQueue: FakeProcessQueue = {
    msgCount: 1,
    msgList: [message],
    remove(count) {
      this.msgCount -= count;
      return -1;
    },
  };
  let delivered = false;
  const consumer: FakeConsumer = {
    _isClosed: false,
    parallelConsumeLimit: 1,
    logger: quiet,
    _topicSubscribeInfoTable: new Map([[topic, [queue]]]),
    _processQueueTable: new Map([[queue.key, { processQueue }]]),
    _subscriptions: new Map([[topic, { handler: () => Promise.resolve() }]]),
    _offsetStore: { updateOffset: () => undefined },
    consumeSingleMsg: () => {
      delivered = true;
      return Promise.resolve();
    },
    await: () => Promise.resolve(),
  };
  // The decision is taken before the loop's first await; the rest of the loop finishes on its own.
  void pushConsumerClass().prototype._consumeMessageLoop.call(consumer, topic, data.tagsSet.length > 0, data.tagsSet, own);
  return delivered;
}

/** One `rocketmq.filter` command on the library. */
function stepFilter(command: RocketmqFilterCommand): Outcome {
  switch (command.type) {
    case 'buildSubscriptionData':
      return ok(aliOnsSubscriptionData(command.topic, command.expression));
    case 'hashCode':
      return ok(utils().hashCode(command.value));
    case 'deliver': {
      const code = tagsCode(command.tags);
      return ok({
        tagsCode: code,
        broker: brokerFilterMatches(aliOnsSubscriptionData('', command.subscription), code),
        client: aliOnsClientDelivers(command.own, command.tags),
      });
    }
  }
}

/** ali-ons's tag expressions, hash code and client-side tag filter. */
export const aliOnsTagFilter: LibraryTarget = {
  name: 'ali-ons-tag-filter',
  version: aliOnsVersion,
  library: aliOnsVersion,
  unavailable: () => libraryUnavailable(aliOnsLibrary),
  describes: "ali-ons's tag-expression parser (buildSubscriptionData), String.hashCode port and the push consumer's client-side tag filter.",
  systems: [{ system: 'rocketmq.filter', mode: 'differential' }],
  open(system) {
    if (system !== 'rocketmq.filter') throw new Error(`open: this target implements rocketmq.filter, not ${system}`);
    return { step: (command: Command) => stepFilter(command as RocketmqFilterCommand), observe: () => ({}), close: () => undefined };
  },
};
