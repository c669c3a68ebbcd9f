/** Wrong `kafka.consumer` implementations, one or more per invariant (`properties/kafka/consumer/invariants.ts`). */
import { ok } from '../../model/outcome.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerState } from '../../model/kafka/consumer/state.js';
import { tpKey } from '../../model/kafka/topic-partition.js';
import { mutateStep, type Bug } from './bug.js';

type State = KafkaConsumerState;

/** The state with every assigned partition passed through `update`. */
function mapPartitions(state: State, update: (p: State['assignment'][number]) => State['assignment'][number]): State {
  return { ...state, assignment: state.assignment.map(update) };
}

export const kafkaConsumerBugs: readonly Bug[] = [
  {
    id: 'kc-subscribe-ignores-mode',
    caughtBy: ['KC-01', 'KC-03'],
    mistake: 'subscribe() skips the mode check, so a manually assigned consumer silently becomes a subscriber.',
    implementation: mutateStep(kafkaConsumer, (state: State, command) =>
      command.type === 'subscribe' && command.topics.length > 0 && state.mode === 'USER_ASSIGNED'
        ? { state: { ...state, subscription: [...new Set(command.topics)].sort(), groupSubscription: [...new Set([...state.groupSubscription, ...command.topics])].sort() }, outcome: ok() }
        : undefined,
    ),
  },
  {
    id: 'kc-unsubscribe-keeps-pattern',
    caughtBy: ['KC-02'],
    mistake: 'unsubscribe() resets the mode but forgets the stored pattern.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) =>
      command.type === 'unsubscribe' ? { state: { ...step(state, command).state, pattern: state.pattern }, outcome: ok() } : undefined,
    ),
  },
  {
    id: 'kc-unsubscribe-keeps-topics',
    caughtBy: ['KC-03'],
    mistake: 'unsubscribe() keeps the subscribed topics, which then linger under a later manual assignment.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) =>
      command.type === 'unsubscribe' ? { state: { ...step(state, command).state, subscription: state.subscription }, outcome: ok() } : undefined,
    ),
  },
  {
    id: 'kc-group-subscription-not-widened',
    caughtBy: ['KC-04'],
    mistake: 'subscribe() updates the subscription but not the group subscription the leader assigns from.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'subscribe') return undefined;
      const result = step(state, command);
      return { ...result, state: { ...result.state, groupSubscription: state.groupSubscription } };
    }),
  },
  {
    id: 'kc-seek-to-beginning-half-applied',
    caughtBy: ['KC-05'],
    mistake: 'seekToBeginning() resets the partitions it reaches before it meets an unassigned one, then throws.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'seekToBeginning') return undefined;
      const result = step(state, command);
      if (result.outcome.ok) return undefined;
      const listed = new Set(command.partitions.map(tpKey));
      return { state: mapPartitions(state, (p) => (listed.has(tpKey(p.tp)) ? { ...p, position: null, resetStrategy: 'EARLIEST' } : p)), outcome: result.outcome };
    }),
  },
  {
    id: 'kc-seek-to-end-keeps-position',
    caughtBy: ['KC-06'],
    mistake: 'seekToEnd() records the pending reset but leaves the old position in place.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'seekToEnd') return undefined;
      const result = step(state, command);
      if (!result.outcome.ok) return result;
      const old = new Map(state.assignment.map((p) => [tpKey(p.tp), p.position]));
      return { ...result, state: mapPartitions(result.state, (p) => ({ ...p, position: old.get(tpKey(p.tp)) ?? null })) };
    }),
  },
  {
    id: 'kc-poll-fetches-paused',
    caughtBy: ['KC-07', 'KC-08'],
    mistake: 'poll() fetches from paused partitions too.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'poll') return undefined;
      const paused = new Set(state.assignment.filter((p) => p.paused).map((p) => tpKey(p.tp)));
      const result = step(mapPartitions(state, (p) => ({ ...p, paused: false })), command);
      return { ...result, state: mapPartitions(result.state, (p) => ({ ...p, paused: paused.has(tpKey(p.tp)) })) };
    }),
  },
  {
    id: 'kc-out-of-range-ignored',
    caughtBy: ['KC-09'],
    mistake: 'the fetcher skips an out-of-range partition instead of resetting it, so it stays below the log start forever.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'poll') return undefined;
      const result = step(state, command);
      if (!result.outcome.ok) return undefined;
      const before = new Map(state.assignment.map((p) => [tpKey(p.tp), p]));
      // Undo the out-of-range resets the fetcher made: the partition keeps its out-of-range position.
      return {
        ...result,
        state: mapPartitions(result.state, (p) => {
          const old = before.get(tpKey(p.tp));
          return old !== undefined && old.position !== null && p.position === null && p.resetStrategy !== null ? { ...p, position: old.position, resetStrategy: null } : p;
        }),
      };
    }),
  },
  {
    id: 'kc-ignores-committed-offsets',
    caughtBy: ['KC-10'],
    mistake: "poll() never fetches the group's committed offsets and always applies auto.offset.reset.",
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'poll') return undefined;
      const forgetful = mapPartitions({ ...state, groupCommitted: {}, needsFetchCommittedOffsets: false }, (p) => ({ ...p, committed: null }));
      const result = step(forgetful, command);
      return result.outcome.ok ? { ...result, state: { ...result.state, groupCommitted: state.groupCommitted } } : { state, outcome: result.outcome };
    }),
  },
  {
    id: 'kc-fetch-skips-first-record',
    caughtBy: ['KC-11'],
    mistake: 'after a pause the fetcher resumes one past the position, losing a record.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'poll') return undefined;
      const result = step(state, command);
      if (!result.outcome.ok || !Array.isArray(result.outcome.value) || result.outcome.value.length === 0) return result;
      return { ...result, outcome: ok(result.outcome.value.slice(1)) };
    }),
  },
  {
    id: 'kc-commit-sync-commits-first-only',
    caughtBy: ['KC-12'],
    mistake: 'commitSync() commits only the first assigned partition.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'commitSync' || command.offsets !== undefined) return undefined;
      const first = state.assignment.find((p) => p.position !== null);
      return step(state, { type: 'commitSync', offsets: first === undefined || first.position === null ? [] : [{ ...first.tp, offset: first.position }] });
    }),
  },
  {
    id: 'kc-0.10-keeps-unsubscribed-partitions',
    caughtBy: ['KC-13'],
    mistake: "under kafka-0.10.0, subscribe() keeps the old topics' partitions and asks for no new assignment, so the next poll fetches them.",
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'subscribe' || state.profile !== 'kafka-0.10.0') return undefined;
      const result = step(state, command);
      const kept = { assignment: state.assignment, needsPartitionAssignment: state.needsPartitionAssignment };
      return result.outcome.ok ? { ...result, state: { ...result.state, ...kept } } : result;
    }),
  },
  {
    id: 'kc-poll-fetches-before-rejoining',
    caughtBy: ['KC-13'],
    mistake: 'poll() fetches the partitions it still holds after a subscription change instead of rejoining the group first.',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'poll' || state.mode !== 'AUTO_TOPICS' || state.profile !== 'kafka-1.0') return undefined;
      // Pretends the last join was made with the current subscription, so the poll fetches the old assignment.
      return step({ ...state, rejoinNeeded: false, joinedSubscription: state.subscription }, command);
    }),
  },
  {
    id: 'kc-commit-sync-commits-one-past-position',
    caughtBy: ['KC-14'],
    mistake: 'commitSync() commits position + 1 (the offset of the last record returned, plus one, counted twice).',
    implementation: mutateStep(kafkaConsumer, (state: State, command, step) => {
      if (command.type !== 'commitSync' || command.offsets !== undefined) return undefined;
      const offsets = state.assignment.flatMap((p) => (p.position === null ? [] : [{ ...p.tp, offset: p.position + 1 }]));
      return step(state, { type: 'commitSync', offsets });
    }),
  },
];
