/** Wrong `rocketmq.group` implementations, one or more per invariant (`properties/rocketmq/group/invariants.ts`). */
import { ok } from '../../model/outcome.js';
import type { ClientState } from '../../model/rocketmq/group/client-state.js';
import type { RocketmqGroupCommand } from '../../model/rocketmq/group/commands.js';
import { maxOffset } from '../../model/rocketmq/group/consume-queue.js';
import { delivered, updateLedger } from '../../model/rocketmq/group/delivery-ledger.js';
import type { PullAnswer } from '../../model/rocketmq/group/pull.js';
import { queueKey } from '../../model/rocketmq/group/queue-key.js';
import { rocketmqGroup } from '../../model/rocketmq/group/rocketmq-group.js';
import type { RocketmqGroupState } from '../../model/rocketmq/group/state.js';
import type { SubscriptionTable } from '../../model/rocketmq/group/versioned-subscription.js';
import type { StepResult } from '../../model/system.js';
import { mutateStep, type Bug } from './bug.js';

type State = RocketmqGroupState;
type Step = (state: State, command: RocketmqGroupCommand) => StepResult<State>;

/** The state with the group's subscription table replaced (the registry kept otherwise). */
function withTable(state: State, table: SubscriptionTable): State {
  const info = state.registry.info;
  return info === null ? state : { ...state, registry: { ...state.registry, info: { ...info, subscriptionTable: table } } };
}

/** The state with one client replaced. */
function withClient(state: State, clientId: string, client: ClientState): State {
  return { ...state, clients: { ...state.clients, [clientId]: client } };
}

/** The answer of a successful pull. */
function answerOf(result: StepResult<State>, command: RocketmqGroupCommand): PullAnswer | undefined {
  return command.type === 'pull' && result.outcome.ok ? (result.outcome.value as PullAnswer) : undefined;
}

export const rocketmqGroupBugs: readonly Bug[] = [
  {
    id: 'rg-broker-merges-topic-sets',
    caughtBy: ['RG-01'],
    mistake: "updateSubscription adds the sender's topics but never removes the others, so the group's topic set only grows.",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      const before = state.registry.info?.subscriptionTable;
      const after = result.state.registry.info?.subscriptionTable;
      if (!result.outcome.ok || before === undefined || after === undefined) return result;
      return { ...result, state: withTable(result.state, { ...before, ...after }) };
    }),
  },
  {
    id: 'rg-broker-ignores-sub-version',
    caughtBy: ['RG-01'],
    mistake: 'updateSubscription replaces an entry with whatever the last heartbeat sent, even an older subVersion.',
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      if (!result.outcome.ok || !('client' in command) || command.type === 'pull') return result;
      const sender = result.state.clients[command.client];
      const table = result.state.registry.info?.subscriptionTable;
      if (sender === undefined || table === undefined || sender.heartbeatAt !== result.state.clock) return result;
      return { ...result, state: withTable(result.state, { ...sender.subscriptions }) };
    }),
  },
  {
    id: 'rg-cid-all-lists-only-subscribers',
    caughtBy: ['RG-02'],
    mistake: "getAllClientId lists only the clients that subscribe one of the group's topics, so a client of another topic is missing from cidAll.",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      const info = result.state.registry.info;
      if (!result.outcome.ok || info === null) return result;
      const topics = Object.keys(info.subscriptionTable);
      const channels = info.channels.filter((id) => Object.keys(result.state.clients[id]?.subscriptions ?? {}).some((t) => topics.includes(t)));
      return { ...result, state: { ...result.state, registry: { ...result.state.registry, info: { ...info, channels } } } };
    }),
  },
  {
    id: 'rg-shutdown-keeps-channel',
    caughtBy: ['RG-02'],
    mistake: 'shutdown() persists offsets but never unregisters the client, so the broker keeps listing it until the channel expires.',
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      if (command.type !== 'shutdown') return undefined;
      const result = step(state, command);
      return { ...result, state: { ...result.state, registry: state.registry } };
    }),
  },
  {
    id: 'rg-pull-commits-every-held-queue',
    caughtBy: ['RG-03'],
    mistake: "a pull commits the next offset of every queue the client holds, moving the committed offsets of queues it did not pull.",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      if (answerOf(result, command) === undefined || command.type !== 'pull') return result;
      const client = result.state.clients[command.client];
      if (client === undefined) return result;
      const committed = { ...result.state.committed };
      for (const [key, pq] of Object.entries(client.processQueues)) committed[key] = pq.nextOffset;
      return { ...result, state: { ...result.state, committed } };
    }),
  },
  {
    id: 'rg-client-skips-own-filter',
    caughtBy: ['RG-04'],
    mistake: "the client trusts the broker's tag-code filter and skips its own re-filter by tag string (processPullResult).",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      if (command.type !== 'pull') return undefined;
      const client = state.clients[command.client];
      if (client === undefined) return undefined;
      // Pull as if the own subscriptions had no tags (the client filter keeps everything), then restore them.
      const untagged: ClientState = {
        ...client,
        subscriptions: Object.fromEntries(Object.entries(client.subscriptions).map(([t, s]) => [t, { ...s, tagsSet: [] }])),
      };
      const result = step(withClient(state, command.client, untagged), command);
      if (!result.outcome.ok) return { state, outcome: result.outcome };
      const after = result.state.clients[command.client];
      return after === undefined ? result : { ...result, state: withClient(result.state, command.client, { ...after, subscriptions: client.subscriptions }) };
    }),
  },
  {
    id: 'rg-delivery-to-two-clients',
    caughtBy: ['RG-05', 'RG-06'],
    mistake: 'a pulled batch is also handed to another running client of the group, as if the group were broadcasting.',
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      const answer = answerOf(result, command);
      if (answer === undefined || command.type !== 'pull' || answer.messages.length === 0) return result;
      const other = Object.keys(result.state.clients).find((id) => id !== command.client && result.state.clients[id]?.serviceState === 'RUNNING');
      if (other === undefined) return result;
      const offsets = answer.messages.map((m) => m.queueOffset);
      return { ...result, state: { ...result.state, ledger: updateLedger(result.state.ledger, queueKey(answer.queue), delivered(offsets, other)) } };
    }),
  },
  {
    id: 'rg-pull-skips-one-more',
    caughtBy: ['RG-05', 'RG-06'],
    mistake: 'after a FOUND pull the next offset is set one past nextBeginOffset, silently skipping the next message.',
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      const result = step(state, command);
      const answer = answerOf(result, command);
      if (answer === undefined || command.type !== 'pull' || answer.status !== 'FOUND') return result;
      const key = queueKey(answer.queue);
      const queue = result.state.queues[key];
      const max = queue === undefined ? 0 : maxOffset(queue);
      const client = result.state.clients[command.client];
      const pq = client?.processQueues[key];
      if (client === undefined || pq === undefined || pq.nextOffset >= max) return result;
      const moved = { ...client, processQueues: { ...client.processQueues, [key]: { ...pq, nextOffset: pq.nextOffset + 1 } } };
      return { state: withClient(result.state, command.client, moved), outcome: ok({ ...answer, nextBeginOffset: pq.nextOffset + 1 }) };
    }),
  },
  {
    id: 'rg-rebalance-ignores-committed-offset',
    caughtBy: ['RG-07'],
    mistake: "a client taking a queue ignores the group's committed offset, as if the group were new.",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      if (command.type !== 'rebalance') return undefined;
      const result = step({ ...state, committed: {} }, command);
      // The persisted offsets of queues dropped in this rebalance still reach the broker.
      return { ...result, state: { ...result.state, committed: { ...state.committed, ...result.state.committed } } };
    }),
  },
  {
    id: 'rg-rebalance-never-drops-queues',
    caughtBy: ['RG-08'],
    mistake: 'a rebalance takes the queues that joined the share but never drops those that left it (removeUnnecessaryMessageQueue always answers false), so after a client joins, the old owner keeps pulling its former queues.',
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      if (command.type !== 'rebalance') return undefined;
      const result = step(state, command);
      const before = state.clients[command.client];
      const after = result.state.clients[command.client];
      if (!result.outcome.ok || before === undefined || after === undefined) return result;
      // Queues of topics still subscribed stay held, with the offsets the client had; nothing is persisted for them.
      const kept = Object.entries(before.processQueues).filter(([key]) => {
        const topic = state.queues[key]?.mq.topic;
        return after.processQueues[key] === undefined && topic !== undefined && Object.hasOwn(after.subscriptions, topic);
      });
      if (kept.length === 0) return result;
      const committed = { ...result.state.committed };
      for (const [key] of kept) {
        if (state.committed[key] === undefined) delete committed[key];
        else committed[key] = state.committed[key];
      }
      const held = { ...after, processQueues: { ...after.processQueues, ...Object.fromEntries(kept) } };
      return { ...result, state: { ...withClient(result.state, command.client, held), committed } };
    }),
  },
  {
    id: 'rg-new-group-skips-young-queue',
    caughtBy: ['RG-07'],
    mistake: "a new group's offset query is answered QUERY_NOT_FOUND even on a young queue, so CONSUME_FROM_LAST_OFFSET starts at the max offset and TIMESTAMP at the searched one (what users expect, not what the broker does).",
    implementation: mutateStep(rocketmqGroup, (state: State, command, step: Step) => {
      if (command.type !== 'rebalance') return undefined;
      // Rebalance as if every queue's head were on disk, then restore the queues.
      const onDisk = Object.fromEntries(Object.entries(state.queues).map(([key, q]) => [key, { ...q, inMemoryFrom: maxOffset(q) }]));
      const result = step({ ...state, queues: onDisk }, command);
      return { ...result, state: { ...result.state, queues: state.queues } };
    }),
  },
];
