/**
 * The `kafka.group` system: several consumers of one group over a shared cluster, a coordinator with generations,
 * and the Range / RoundRobin assignors (apache/kafka 1.0.0 by default; the members follow the setup's profile).
 * Each member's client calls run the `kafka.consumer` model (`stepKafkaConsumer`) on its own state composed with
 * the shared cluster; the group adds membership, the coordinator's rebalance and the checks on offset commits.
 */
import { kafkaGroupComparison } from './group-comparison.js';
import type { StepResult, SystemModel } from '../../system.js';
import { assignors } from '../assignors/assignors.js';
import type { KafkaConsumerCommand } from '../consumer/commands.js';
import {
  isClientCommand,
  kafkaGroupCommandDocs,
  kafkaGroupCommandSchema,
  type KafkaGroupClientCommand,
  type KafkaGroupCommand,
  type KafkaGroupEnvironmentCommand,
} from './commands.js';
import { afterClientCall, commitRefusal, findMember, join, leave, rebalance, unknownConsumer, type AssignFunction } from './coordinator.js';
import { stepClient, type ClientStep } from './member.js';
import { observeKafkaGroup, type KafkaGroupObservation } from './observation.js';
import { kafkaGroupSetupSchema, type KafkaGroupSetup } from './setup.js';
import { initialGroupState, type KafkaGroupState } from './state.js';

type Result = StepResult<KafkaGroupState>;

/** The `kafka.consumer` command a member's call amounts to: the same command without `consumer`. */
function withoutConsumer(command: KafkaGroupClientCommand): KafkaConsumerCommand {
  const { consumer: _consumer, ...rest } = command;
  return rest as KafkaConsumerCommand;
}

/**
 * A member's client call, run by the `kafka.consumer` model over the shared cluster. A call that fails keeps what the
 * consumer model keeps of it (a failing `poll` or `position` keeps the positions it resolved and the committed offsets
 * it fetched, as Java's SubscriptionState does: invariant KC-05); it never reaches the coordinator.
 */
export function stepMember(state: KafkaGroupState, command: KafkaGroupClientCommand): Result {
  const member = findMember(state, command.consumer);
  if (member === undefined) return { state, outcome: unknownConsumer(command.consumer) };
  const call = withoutConsumer(command);
  const step = stepClient(state.cluster, member.client, call);
  if (!step.outcome.ok) {
    if (step.client === member.client && step.cluster === state.cluster) return { state, outcome: step.outcome };
    return { state: withClientStep(state, member.id, step), outcome: step.outcome };
  }
  const refusal = call.type === 'commitSync' ? commitRefusal(state, member, call) : undefined;
  if (refusal !== undefined) return { state, outcome: refusal };
  return { state: afterClientCall(withClientStep(state, member.id, step), member.id), outcome: step.outcome };
}

/** The group with the cluster and the member's client as a client call left them. */
function withClientStep(state: KafkaGroupState, memberId: string, step: ClientStep): KafkaGroupState {
  const members = state.members.map((m) => (m.id === memberId ? { id: m.id, client: step.client } : m));
  return { ...state, cluster: step.cluster, members };
}

/**
 * An environment fact: it changes the cluster (run through a consumer with nothing subscribed), and a metadata
 * update also reaches every member's metadata listener (a pattern subscription follows the new topics).
 */
export function stepEnvironment(state: KafkaGroupState, command: KafkaGroupEnvironmentCommand): Result {
  const step = stepClient(state.cluster, state.freshClient, command);
  if (!step.outcome.ok || command.type !== 'metadataUpdate') {
    return { state: step.outcome.ok ? { ...state, cluster: step.cluster } : state, outcome: step.outcome };
  }
  const members = state.members.map((m) => ({ id: m.id, client: stepClient(step.cluster, m.client, command).client }));
  return { state: { ...state, cluster: step.cluster, members }, outcome: step.outcome };
}

/**
 * One command with the given assignor standing in for the configured one (the bug zoo swaps it). A switch, not a
 * ts-pattern match (the chain it builds on every call is the step's hot path): what reaches `default` is narrowed to
 * the environment's commands, so a membership command added without a case fails to compile there.
 */
export function stepKafkaGroupWith(state: KafkaGroupState, command: KafkaGroupCommand, assign: AssignFunction): Result {
  if (isClientCommand(command)) return stepMember(state, command);
  switch (command.type) {
    case 'join':
      return join(state, command.consumer);
    case 'leave':
      return leave(state, command.consumer);
    case 'rebalance':
      return rebalance(state, assign);
    default:
      return stepEnvironment(state, command);
  }
}

/** One command: membership, the coordinator, the environment, or a member's client call. */
export function stepKafkaGroup(state: KafkaGroupState, command: KafkaGroupCommand): Result {
  return stepKafkaGroupWith(state, command, assignors[state.assignor].assign);
}

/** The reference model of `kafka.group`. */
export const kafkaGroup: SystemModel<KafkaGroupSetup, KafkaGroupState, KafkaGroupCommand, KafkaGroupObservation> = {
  id: 'kafka.group',
  summary: 'Consumers of one group over a shared cluster: membership, the coordinator\'s rebalances with the Range or RoundRobin assignor, group committed offsets.',
  setupSchema: kafkaGroupSetupSchema,
  commandSchema: kafkaGroupCommandSchema,
  commands: kafkaGroupCommandDocs,
  exampleSetup: { profile: 'kafka-1.0', topics: { orders: 3 }, autoOffsetReset: 'earliest', committed: [], assignor: 'range' },
  init: initialGroupState,
  step: stepKafkaGroup,
  observe: observeKafkaGroup,
  comparison: kafkaGroupComparison,
};
