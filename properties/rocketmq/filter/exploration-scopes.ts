/**
 * Finite scopes for exploring `rocketmq.filter`: every expression of a small list (the subscribe-all forms, blanks,
 * `||` splits, tags whose Java hash codes collide) parsed, hashed and crossed with every tag in `deliver`. The
 * system has no state: a scope's depth is the number of calls compared with each other.
 */
import type { RocketmqFilterCommand } from '../../../model/rocketmq/filter/filter-commands.js';
import type { RocketmqFilterState } from '../../../model/rocketmq/filter/filter-system.js';
import { callsMemory } from '../../explore/calls-memory.js';
import { defineExploration, scopeBuilder, type ExplorationScope } from '../../explore/exploration.js';
import { rocketmqFilterBoundsSchema } from './exploration-bounds.js';

/** The bounds of one scope. */
export interface RocketmqFilterBounds {
  /** Expressions parsed and used as the group's and the client's subscription. */
  readonly expressions: readonly (string | null)[];
  /** Message tags (`null`: untagged) and strings hashed. */
  readonly tags: readonly (string | null)[];
  readonly maxDepth: number;
}

/** Every call within the bounds. */
export function rocketmqFilterCalls(bounds: RocketmqFilterBounds): RocketmqFilterCommand[] {
  const calls: RocketmqFilterCommand[] = bounds.expressions.map((expression): RocketmqFilterCommand => ({ type: 'buildSubscriptionData', topic: 'T', expression }));
  for (const value of bounds.tags) if (value !== null) calls.push({ type: 'hashCode', value });
  for (const subscription of bounds.expressions) {
    for (const own of bounds.expressions) for (const tags of bounds.tags) calls.push({ type: 'deliver', subscription, own, tags });
  }
  return calls;
}

/** A scope from bounds: the one (empty) setup. */
export function rocketmqFilterExplorationScope(summary: string, bounds: RocketmqFilterBounds): ExplorationScope<Record<string, never>, RocketmqFilterState, RocketmqFilterCommand> {
  const calls = rocketmqFilterCalls(bounds);
  return { summary, bounds, setups: [{}], maxDepth: bounds.maxDepth, commands: () => calls };
}

/** `rocketmq.filter`'s exploration. No symmetry: tags are not interchangeable (their hash codes differ). */
export const rocketmqFilterExploration = defineExploration<Record<string, never>, RocketmqFilterState, RocketmqFilterCommand, unknown>({
  system: 'rocketmq.filter',
  scopeBuilder: scopeBuilder(rocketmqFilterBoundsSchema, rocketmqFilterExplorationScope),
  scopes: {
    small: rocketmqFilterExplorationScope('expressions null, *, " ", Aa, Aa||BB; tags Aa, BB, none; one call', {
      expressions: [null, '*', ' ', 'Aa', 'Aa||BB'],
      tags: ['Aa', 'BB', null],
      maxDepth: 1,
    }),
    default: rocketmqFilterExplorationScope('expressions null, "", *, " ", ||, Aa, BB, Aa||BB, BB || Aa; tags Aa, BB, TagA, none; two calls', {
      expressions: [null, '', '*', ' ', '||', 'Aa', 'BB', 'Aa||BB', 'BB || Aa'],
      tags: ['Aa', 'BB', 'TagA', null],
      maxDepth: 2,
    }),
  },
  memory: callsMemory(),
});
