/**
 * kafkajs@2.2.4's consumer offsets and seeks against the `kafka.consumer` system: `OffsetManager`
 * (`src/consumer/offsetManager/index.js`: seek, resolveOffset, resolveOffsets — the committed offset fetched from the
 * coordinator, else the log start or end by `fromBeginning` —, setDefaultOffset after OFFSET_OUT_OF_RANGE,
 * commitOffsets) as `ConsumerGroup` calls it (`src/consumer/consumerGroup.js`: seeks kept until the next fetch,
 * a new OffsetManager per assignment from `[SYNC]`, `fetch`), behind `consumer.seek` / `consumer.commitOffsets`'
 * argument checks (`src/consumer/index.js`), run with `autoCommit: false` (the model has no auto-commit).
 *
 * The library runs in the shared kafkajs worker (`kafkajs-worker.ts`, `kafkajs-offsets-session.ts`) against a fake
 * cluster that answers from the model's simulated broker. The mapping of the commands:
 * - `subscribe` → `consumer.subscribe({topics, fromBeginning})` (refused once the consumer runs);
 * - `rebalance` → the consumer runs (`consumer.run`, first time) and SyncGroup hands it the partitions (`[SYNC]`);
 * - `seek` → `consumer.seek`; `seekToBeginning` / `seekToEnd` → `consumer.seek` to EARLIEST (-2) / LATEST (-1) for
 *   each listed partition (each assigned one for an empty list);
 * - `poll` → one `consumerGroup.fetch` whose batches are consumed as the runner's `eachMessage` loop does
 *   (`resolveOffset` per message), at most `maxRecords` records; kafkajs returns one batch per partition, listed here
 *   in the order Java's `ConsumerRecords` map iterates partitions (which carries no meaning). kafkajs has no
 *   `max.poll.records`: the limit stops consuming after `maxRecords` records in kafkajs's batch order, and the next
 *   poll fetches again from the resolved offsets. A poll the limit cuts across several partitions may therefore pick
 *   other partitions' records than Java's (which serves its buffered fetches in its own rotating order): a limit of
 *   this mapping, not a finding;
 * - `commitSync(offsets)` → `consumer.commitOffsets(offsets)`; `commitSync()` → `consumerGroup.commitOffsets()`, what
 *   the runner's auto-commit calls (every resolved offset not yet committed);
 * - `committed` → the coordinator's OffsetFetch answer (as `admin.fetchOffsets` reads it);
 * - `produce` / `deleteRecords` → the simulated broker (the model's own functions).
 * kafkajs has no `assign`, `unsubscribe`, pattern, `position`, pause (another target) or metadata listener here: those
 * commands are not declared. Observed: the assigned partitions and the offset the next fetch asks for.
 */
import type { KafkaConsumerCommand } from '../../../model/kafka/consumer/commands.js';
import { fetchedRecordsOrder } from '../../../model/kafka/consumer/partition-order.js';
import type { Outcome } from '../../../model/outcome.js';
import type { Command } from '../../../model/scenario.js';
import type { LibraryTarget } from '../library-target.js';
import { libraryUnavailable } from '../library-require.js';
import { kafkajsLibrary } from '../libraries.js';
import { disposeKafkajsBridge, kafkajsBridge, kafkajsVersion, runningKafkajsBridge } from './kafkajs-round-robin.js';
import type { OffsetsRequest, OffsetsStepAnswer } from './kafkajs-offsets-session.js';

/** A JavaScript error inside kafkajs: a target failure, not an answer. */
export class KafkajsCrash extends Error {
  override readonly name = 'KafkajsCrash';
}

let nextSession = 0;

/** One request to the worker; a worker-side error is a target failure. */
function call(request: OffsetsRequest): unknown {
  const answer = kafkajsBridge().call(request);
  if (!answer.ok) throw new KafkajsCrash(`${answer.error}: ${answer.message}`);
  return answer.value;
}

/** The records of a poll in `ConsumerRecords`' partition order (offsets in kafkajs's order within a partition). */
function inRecordsOrder(outcome: Outcome): Outcome {
  if (!outcome.ok || !Array.isArray(outcome.value)) return outcome;
  return { ok: true, value: fetchedRecordsOrder(outcome.value as Array<{ topic: string; partition: number; offset: number }>) };
}

/** kafkajs's consumer offsets and seeks. */
export const kafkajsOffsets: LibraryTarget = {
  name: 'kafkajs-offsets',
  version: kafkajsVersion,
  library: kafkajsVersion,
  unavailable: () => libraryUnavailable(kafkajsLibrary),
  describes:
    "kafkajs's consumer offsets and seeks (OffsetManager as ConsumerGroup calls it: seek, fetch-time offset resolution and reset, resolveOffset, commitOffsets; autoCommit off) over a fake broker serving the model's logs and group offsets, against kafka.consumer's positions and commits.",
  systems: [
    {
      system: 'kafka.consumer',
      commands: ['subscribe', 'rebalance', 'seek', 'seekToBeginning', 'seekToEnd', 'poll', 'commitSync', 'committed', 'produce', 'deleteRecords'],
      fields: ['partitions.*.topic', 'partitions.*.partition', 'partitions.*.position'],
      mode: 'differential',
      // Java 1.0 and kafkajs's defaults: a partition without a committed offset starts at the log end (kafkajs has no
      // `none`; `earliest` is `fromBeginning: true`).
      setup: { profile: 'kafka-1.0', autoOffsetReset: 'latest' },
      // Only the differential property: the invariants read fields this target does not show (the committed cache,
      // the group subscription), where the model's values would stand in and mix two states once the sides diverge.
      properties: [],
    },
  ],
  open(system, setup) {
    if (system !== 'kafka.consumer') throw new Error(`open: this target implements kafka.consumer, not ${system}`);
    const session = nextSession++;
    call({ op: 'offsets.open', session, setup });
    return {
      step(command: Command): Outcome {
        const answer = call({ op: 'offsets.step', session, command: command as KafkaConsumerCommand }) as OffsetsStepAnswer;
        if ('crash' in answer) throw new KafkajsCrash(`kafkajs threw at ${command.type}: ${answer.crash}`);
        return command.type === 'poll' ? inRecordsOrder(answer.outcome) : answer.outcome;
      },
      observe: () => ({ partitions: call({ op: 'offsets.observe', session }) }),
      // After a failure the worker may be gone (disposed on a timeout): then there is nothing to release.
      close: () => {
        runningKafkajsBridge()?.call({ op: 'offsets.close', session } satisfies OffsetsRequest);
      },
    };
  },
  dispose: disposeKafkajsBridge,
};
