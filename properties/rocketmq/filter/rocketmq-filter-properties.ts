/** The `rocketmq.filter` entries of the property catalog: its invariants and hazards bound to the model. */
import { rocketmqFilter } from '../../../model/rocketmq/filter/filter-system.js';
import { javaStringHashCode } from '../../../model/java/java-string.js';
import { defineProperty, type Property } from '../../property.js';
import { rocketmqFilterScenarios } from './arbitraries.js';
import { rocketmqFilterHazards } from './hazards.js';
import { delivered, isBlank, specSubscription, subscribesAll, type RocketmqFilterView } from './invariants.js';
import { rocketmqFilterInvariants } from './invariants.js';

/** Coverage: collisions at the broker, blank and subscribe-all expressions, the same expression at both ends. */
function labels(v: RocketmqFilterView): string[] {
  const d = delivered(v);
  if (d === undefined) return [];
  const out: string[] = [];
  const subscription = specSubscription(d.command.subscription);
  const tags = d.command.tags;
  if (tags !== null && subscription !== undefined && subscription.tagsSet.some((t) => t !== tags && javaStringHashCode(t) === javaStringHashCode(tags))) out.push('tag:collides');
  if (tags === null || tags === '') out.push('tag:none');
  if (d.command.subscription === d.command.own) out.push('expression:same');
  if (subscribesAll(d.command.subscription)) out.push('expression:all');
  if (isBlank(d.command.subscription)) out.push('expression:blank');
  out.push(`delivered:${d.verdict.broker && d.verdict.client}`);
  return out;
}

/** Every rocketmq.filter property, invariants first. */
export const rocketmqFilterProperties: readonly Property[] = [
  ...rocketmqFilterInvariants.map((inv) =>
    defineProperty(rocketmqFilter, {
      id: inv.id,
      kind: 'invariant',
      statement: inv.statement,
      why: inv.why,
      scenarios: rocketmqFilterScenarios(),
      check: inv.check,
      labels,
    }),
  ),
  ...rocketmqFilterHazards.map((hazard) =>
    defineProperty(rocketmqFilter, {
      id: hazard.id,
      kind: 'hazard',
      statement: hazard.statement,
      why: hazard.why,
      // Only deliveries matter to these beliefs; generation still has to come upon the tags and expressions.
      scenarios: rocketmqFilterScenarios({ weights: { buildSubscriptionData: 0, hashCode: 0, deliver: 1 }, maxIntents: 4 }),
      check: hazard.check,
      explain: hazard.explain,
      labels,
      runs: 1000,
    }),
  ),
];
