/**
 * The `rocketmq.filter` system: RocketMQ's tag filtering end to end (apache/rocketmq rocketmq-all-4.9.8) —
 * `FilterAPI.buildSubscriptionData`, Java `String.hashCode`, the broker's `ExpressionMessageFilter` (by tagsCode,
 * with the group-level subscription) and the client's `PullAPIWrapper` re-filter (by tag string, with its own).
 * Stateless: every command is a pure function call, so the state and the observation are `{}`.
 */
import { match } from 'ts-pattern';
import { fail, ok } from '../../outcome.js';
import type { StepResult, SystemModel } from '../../system.js';
import { javaStringHashCode } from '../../java/java-string.js';
import { brokerFilterMatches } from './broker-filter.js';
import { clientFilterMatches } from './client-filter.js';
import {
  rocketmqFilterCommandDocs,
  rocketmqFilterCommandSchema,
  rocketmqFilterSetupSchema,
  type DeliverVerdict,
  type RocketmqFilterCommand,
  type RocketmqFilterSetup,
} from './filter-commands.js';
import { buildSubscriptionData } from './subscription-data.js';
import { rocketmqFilterComparison } from './filter-comparison.js';
import { tagsCode } from './tags-code.js';

/** The (empty) state and observation of the stateless filter system. */
export type RocketmqFilterState = Readonly<Record<string, never>>;

/** The pure functions the system is made of, so that the bug zoo can swap one for a wrong one. */
export interface FilterFunctions {
  readonly buildSubscriptionData: typeof buildSubscriptionData;
  readonly hashCode: (value: string) => number;
  readonly tagsCode: typeof tagsCode;
  readonly brokerFilterMatches: typeof brokerFilterMatches;
  readonly clientFilterMatches: typeof clientFilterMatches;
}

/** The reference functions. */
export const referenceFilterFunctions: FilterFunctions = {
  buildSubscriptionData,
  hashCode: javaStringHashCode,
  tagsCode,
  brokerFilterMatches,
  clientFilterMatches,
};

type Result = StepResult<RocketmqFilterState>;
type Deliver = Extract<RocketmqFilterCommand, { type: 'deliver' }>;

/** `buildSubscriptionData`: the parsed subscription, or Java's "subString split error". */
function build(f: FilterFunctions, state: RocketmqFilterState, topic: string, expression: string | null): Result {
  const built = f.buildSubscriptionData(topic, expression);
  return { state, outcome: built.ok ? ok(built.data) : fail(built.error, built.message) };
}

/**
 * `deliver`: both subscriptions are parsed first (an expression that cannot be parsed never reaches a broker,
 * because the client's `subscribe` throws), then the broker filter on the tagsCode and the client filter on the tag.
 */
function deliver(f: FilterFunctions, state: RocketmqFilterState, command: Deliver): Result {
  const group = f.buildSubscriptionData('', command.subscription);
  if (!group.ok) return { state, outcome: fail(group.error, group.message) };
  const own = f.buildSubscriptionData('', command.own);
  if (!own.ok) return { state, outcome: fail(own.error, own.message) };
  const code = f.tagsCode(command.tags);
  const verdict: DeliverVerdict = {
    tagsCode: code,
    broker: f.brokerFilterMatches(group.data, code),
    client: f.clientFilterMatches(own.data, command.tags),
  };
  return { state, outcome: ok(verdict) };
}

/** The `rocketmq.filter` model over a set of filter functions (the reference ones, or a bug-zoo variant). */
export function createRocketmqFilterModel(
  f: FilterFunctions,
): SystemModel<RocketmqFilterSetup, RocketmqFilterState, RocketmqFilterCommand, RocketmqFilterState> {
  return {
    id: 'rocketmq.filter',
    summary: "Tag expressions (FilterAPI), Java String.hashCode, and a message through the broker's and the client's tag filters.",
    setupSchema: rocketmqFilterSetupSchema,
    commandSchema: rocketmqFilterCommandSchema,
    commands: rocketmqFilterCommandDocs,
    exampleSetup: {},
    init: () => ({}),
    step: (state, command) =>
      match(command)
        .with({ type: 'buildSubscriptionData' }, (c) => build(f, state, c.topic, c.expression))
        .with({ type: 'hashCode' }, (c) => ({ state, outcome: ok(f.hashCode(c.value)) }))
        .with({ type: 'deliver' }, (c) => deliver(f, state, c))
        .exhaustive(),
    observe: (state) => state,
    comparison: rocketmqFilterComparison,
  };
}

/** The reference model of `rocketmq.filter`. */
export const rocketmqFilter = createRocketmqFilterModel(referenceFilterFunctions);
