/** The `rocketmq.group` entries of the property catalog: its invariants and hazards bound to the model. */
import { rocketmqGroup } from '../../../model/rocketmq/group/rocketmq-group.js';
import { hasConverged } from '../../../model/rocketmq/group/convergence.js';
import { defineProperty, type Property } from '../../property.js';
import { rocketmqGroupScenarios } from './arbitraries.js';
import { queueKey, type GroupView } from './group-view.js';
import type { PullAnswer } from '../../../model/rocketmq/group/pull.js';
import { rocketmqGroupHazards } from './hazards.js';
import { rocketmqGroupInvariants } from './invariants.js';
import { rocketmqGroupScope as scope } from './scopes.js';

/** How a rebalance's newly taken queues started: from a committed offset, the broker's 0 for a young queue, or consumeFromWhere. */
function takenLabels(v: GroupView): string[] {
  if (v.command.type !== 'rebalance' || !v.outcome.ok || v.setup.messageModel !== 'CLUSTERING') return [];
  const before = v.before.clients[v.command.client]?.processQueues ?? {};
  const after = v.after.clients[v.command.client]?.processQueues ?? {};
  return Object.entries(after)
    .filter(([key]) => before[key] === undefined)
    .map(([key, pq]) => (v.before.committed[key] !== undefined ? 'took:committed' : pq.consumedOffset === 0 ? 'took:young-queue' : 'took:head-on-disk'));
}

/** Coverage labels: pull statuses (and pulls reading from disk), how queues were taken, and whether the group converged. */
function labels(v: GroupView): string[] {
  const out: string[] = [...new Set(takenLabels(v))];
  if (v.command.type === 'pull' && v.outcome.ok) {
    const answer = v.outcome.value as PullAnswer;
    out.push(`pull:${answer.status}`);
    const key = queueKey(answer.queue);
    if ((v.before.clients[v.command.client]?.processQueues[key]?.nextOffset ?? 0) < (v.before.queues[key]?.inMemoryFrom ?? 0)) out.push('pull:from-disk');
  }
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
