/**
 * A `kafka.group` target whose rebalances run a real library's assignor, called as that library's group leader calls
 * it. Everything around the assignor — membership, generations, each member applying its part — is the reference
 * model (the same swap the bug zoo makes with `stepKafkaGroupWith`), so any difference in the observations comes from
 * the library's assignment. An error the library raises on purpose (its own error class) makes the rebalance fail
 * with that name, a divergence from Java's `ok`; a JavaScript runtime error inside the library (a TypeError from
 * reading metadata that is not there) is a crash of the library, and a finding about it too: the rebalance fails with
 * the error's name (`TypeError`), compared with Java's answer like any outcome. Only a failure of the plumbing (the
 * worker gone, a hang) is a target failure.
 */
import type { Assignment, PartitionsPerTopic, Subscriptions } from '../../model/kafka/assignors/partition-assignor.js';
import type { TopicPartition } from '../../model/kafka/topic-partition.js';
import type { KafkaGroupCommand } from '../../model/kafka/group/commands.js';
import { kafkaGroup, stepKafkaGroupWith } from '../../model/kafka/group/kafka-group.js';
import { kafkaGroupSetupSchema } from '../../model/kafka/group/setup.js';
import type { KafkaGroupState } from '../../model/kafka/group/state.js';
import type { Outcome } from '../../model/outcome.js';
import type { Command } from '../../model/scenario.js';
import type { SystemId } from '../../model/system.js';
import type { TargetSession } from '../target.js';

/** What the leader knows when it runs the assignor. */
export interface RebalanceInput {
  /** Topic → partition count, from the cluster's metadata. */
  readonly metadata: PartitionsPerTopic;
  /** The members taking part and their own subscriptions, in the coordinator's order: the first is the leader. */
  readonly subscriptions: Subscriptions;
  /** The group before the rebalance: what each member owns now (cooperative assignors send it along). */
  readonly before: KafkaGroupState;
}

/** A library's assignor as its group leader calls it; throws what the library throws. */
export type LibraryAssign = (input: RebalanceInput) => Assignment;

/** The commands an assignor target takes: membership, subscriptions, metadata and the coordinator's rebalance. */
export const assignorCommands: readonly string[] = ['join', 'leave', 'subscribe', 'unsubscribe', 'metadataUpdate', 'rebalance'];

/** The observation fields an assignor target is compared on. */
export const assignorFields: readonly string[] = ['generation', 'leader', 'generationMembers', 'lastAssignment', 'members'];

/** The invariants that need no equality with Java: they hold for any correct assignor (used in `invariants` mode). */
export const assignorInvariants: readonly string[] = ['KG-01', 'KG-02', 'KG-03', 'KG-04', 'KG-05'];

/**
 * An error a library raises on purpose, by its own name (its classes do not always set `name`): the rebalance fails
 * with that name.
 */
export class LibraryRefusal extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/** A library's code breaking where it runs out of process (the error's name and message as the worker reported them). */
export class LibraryCrash extends Error {
  override readonly name = 'LibraryCrash';
}

/** Member → the partitions it owns before the rebalance (its current assignment), for cooperative assignors. */
export function ownedBefore(before: KafkaGroupState): ReadonlyMap<string, readonly TopicPartition[]> {
  return new Map(before.members.map((m) => [m.id, m.client.assignment.map((p) => p.tp)]));
}

/** The leader of a rebalance: the coordinator lists the members in its order, leader first. */
export function leaderOf(subscriptions: Subscriptions): string | undefined {
  return Object.keys(subscriptions)[0];
}

/** JavaScript's own errors: thrown by a library only when its code breaks, never as an answer. */
function isRuntimeError(error: unknown): error is Error {
  return error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError || error instanceof LibraryCrash;
}

/** Opens a `kafka.group` session whose rebalances run `assign`. */
export function openGroupWithAssignor(system: SystemId, setup: unknown, assign: LibraryAssign): TargetSession {
  if (system !== 'kafka.group') throw new Error(`open: this target implements kafka.group, not ${system}`);
  let state = kafkaGroup.init(kafkaGroupSetupSchema.parse(setup));
  return {
    step(command: Command): Outcome {
      const before = state;
      let crash: Error | undefined;
      const run = (metadata: PartitionsPerTopic, subscriptions: Subscriptions): Assignment => {
        try {
          return assign({ metadata, subscriptions, before });
        } catch (error) {
          if (isRuntimeError(error)) crash = error;
          throw error;
        }
      };
      const result = stepKafkaGroupWith(state, command as KafkaGroupCommand, run);
      // The library's own crash is its answer to this input, compared with Java's like any other: a divergence,
      // shrunk, and the other properties still get their verdicts. The group stays as it was (the rebalance failed).
      if (crash !== undefined) return { ok: false, error: crash.name, message: `the library's assignor crashed: ${crash.name}: ${crash.message}` };
      state = result.state;
      return result.outcome;
    },
    observe: () => kafkaGroup.observe(state),
    close: () => undefined,
  };
}
