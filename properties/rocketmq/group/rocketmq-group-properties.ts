/** The `rocketmq.group` entries of the property catalog: its invariants and hazards bound to the model. */
import { rocketmqGroup } from '../../../model/rocketmq/group/rocketmq-group.js';
import { hasConverged } from '../../../model/rocketmq/group/convergence.js';
import { defineProperty, type Property } from '../../property.js';
import { rocketmqGroupScenarios } from './arbitraries.js';
import type { GroupView } from './group-view.js';
import { rocketmqGroupHazards } from './hazards.js';
import { rocketmqGroupInvariants } from './invariants.js';
import { rocketmqGroupScope as scope } from './scopes.js';

/** Coverage labels: pull statuses, and whether the group reached a converged state. */
function labels(v: GroupView): string[] {
  const out: string[] = [];
  if (v.command.type === 'pull' && v.outcome.ok) out.push(`pull:${(v.outcome.value as { status: string }).status}`);
  if (v.after.group !== null && Object.keys(v.after.clients).length > 1 && hasConverged(v.after)) out.push('converged');
  return out;
}

/** Every rocketmq.group property, invariants first. */
export const rocketmqGroupProperties: readonly Property[] = [
  ...rocketmqGroupInvariants.map((inv) =>
    defineProperty(rocketmqGroup, {
      id: inv.id,
      kind: 'invariant',
      statement: inv.statement,
      why: inv.why,
      scenarios: rocketmqGroupScenarios({
        ...(inv.subscriptions === undefined ? {} : { subscriptions: inv.subscriptions }),
        ...(inv.messageModel === undefined ? {} : { messageModel: inv.messageModel }),
        ...(inv.mix === undefined ? {} : { mix: inv.mix }),
      }),
      check: inv.check,
      labels,
    }),
  ),
  ...rocketmqGroupHazards.map((hazard) =>
    defineProperty(rocketmqGroup, {
      id: hazard.id,
      kind: 'hazard',
      statement: hazard.statement,
      why: hazard.why,
      scenarios: rocketmqGroupScenarios({
        subscriptions: hazard.subscriptions,
        messageModel: 'CLUSTERING',
        mix: hazard.mix,
        maxCommands: scope.maxHazardCommands,
        ...(hazard.topics === undefined ? {} : { topics: hazard.topics }),
        ...(hazard.consumeFromWhere === undefined ? {} : { consumeFromWhere: hazard.consumeFromWhere }),
      }),
      check: hazard.check,
      explain: hazard.explain,
      labels,
      runs: hazard.runs ?? 1000,
    }),
  ),
];
