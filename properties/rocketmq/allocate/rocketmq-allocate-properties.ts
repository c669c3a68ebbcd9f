/** The `rocketmq.allocate` entries of the property catalog: its invariants and hazards bound to the model. */
import { rocketmqAllocate } from '../../../model/rocketmq/allocate/allocate-system.js';
import { defineProperty, type Property } from '../../property.js';
import { rocketmqAllocateScenarios } from './arbitraries.js';
import { completeViews, successfulCall, type RocketmqAllocateView } from './invariants.js';
import { rocketmqAllocateHazards } from './hazards.js';
import { rocketmqAllocateInvariants } from './invariants.js';
import { rocketmqAllocateScope } from './scopes.js';
import type { StrategySpec } from '../../../model/rocketmq/allocate/strategies.js';

/** Coverage: whether a shared view was complete, whether a client repeated a call, whether a client was outside its view. */
function labels(v: RocketmqAllocateView): string[] {
  const out: string[] = [];
  if (completeViews(v.after).length > 0) out.push('view:complete');
  if (new Set(Object.values(v.after.views).map((view) => JSON.stringify(view.cidAll))).size > 1) out.push('views:differ');
  if (v.history.slice(0, -1).some((step) => step.command.currentCID === v.command.currentCID)) out.push('call:again');
  const call = successfulCall(v);
  if (call !== undefined && !call.cidAll.includes(call.cid)) out.push('call:outsider');
  return out;
}

/**
 * An invariant is claimed only for the strategies it was stated and generated for: a target that fixes another
 * strategy in its setup (`{"strategy": {"name": "AVG"}}`) gets "not applicable" for it, never a pass.
 */
function outsideStrategies(strategies: readonly StrategySpec[]): (fixed: Readonly<Record<string, unknown>>) => string | undefined {
  const names = [...new Set(strategies.map((s) => s.name))];
  return (fixed) => {
    const strategy: unknown = fixed['strategy'];
    if (typeof strategy !== 'object' || strategy === null) return undefined;
    const name: unknown = (strategy as Record<string, unknown>)['name'];
    if (typeof name !== 'string' || names.includes(name as StrategySpec['name'])) return undefined;
    return `it is about ${names.join(', ')}; the target fixes strategy ${name}`;
  };
}

/** Every rocketmq.allocate property, invariants first. */
export const rocketmqAllocateProperties: readonly Property[] = [
  ...rocketmqAllocateInvariants.map((inv) =>
    defineProperty(rocketmqAllocate, {
      id: inv.id,
      kind: 'invariant',
      statement: inv.statement,
      why: inv.why,
      scenarios: rocketmqAllocateScenarios(inv.strategies === undefined ? {} : { strategies: inv.strategies }),
      check: inv.check,
      labels,
      notApplicable: outsideStrategies(inv.strategies ?? rocketmqAllocateScope.partitioningStrategies),
      ...(inv.reads === undefined ? {} : { reads: inv.reads }),
    }),
  ),
  ...rocketmqAllocateHazards.map((hazard) =>
    defineProperty(rocketmqAllocate, {
      id: hazard.id,
      kind: 'hazard',
      statement: hazard.statement,
      why: hazard.why,
      // One topic layout, no invalid calls: only the clients' views differ.
      scenarios: rocketmqAllocateScenarios({ maxLayouts: 1, wildPerMille: 0, maxCommands: 8 }),
      check: hazard.check,
      explain: hazard.explain,
      labels,
      runs: 1000,
    }),
  ),
];
