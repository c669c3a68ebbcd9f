/**
 * RocketMQ commands (`rocketmq.group`, `rocketmq.allocate`, `rocketmq.filter`) as short sentences for the
 * edge-case report: `c1 starts, subscribing T1 "*"`, `a message tagged "TagB" is produced to T1/broker-a/0`,
 * `broker-a's commit log outgrows its in-memory window: every message it stored so far is read from disk`.
 */
import { listed } from './kafka-commands.js';
import { isRecord } from '../../model/json.js';

type Fields = Readonly<Record<string, unknown>>;

/** `T1/broker-a/0` for a message queue object. */
function queueName(value: unknown): string {
  if (!isRecord(value)) return JSON.stringify(value) ?? '?';
  return `${String(value['topic'])}/${String(value['brokerName'])}/${String(value['queueId'])}`;
}

/** `T1 "*"` and `T2 "TagA || TagB"` for a topic → expression map. */
function subscriptions(value: unknown): string {
  return isRecord(value) ? listed(Object.entries(value).map(([topic, expression]) => `${topic} ${JSON.stringify(expression)}`)) : '';
}

/** A list of queues, named when short, counted when long. */
function queues(value: unknown): string {
  if (!Array.isArray(value)) return 'null';
  if (value.length <= 3) return `[${value.map(queueName).join(', ')}]`;
  return `${value.length} queues`;
}

/** The first broker of a setup, where `produce` goes when it names none. */
function firstBroker(setup: unknown): string {
  const brokers = isRecord(setup) ? setup['brokers'] : undefined;
  return Array.isArray(brokers) && typeof brokers[0] === 'string' ? brokers[0] : 'the first broker';
}

/** The sentence for one RocketMQ command, or undefined for a type this narrator does not know. */
export function narrateRocketmqCommand(command: Fields, setup: unknown): string | undefined {
  const client = String(command['client'] ?? '');
  switch (command['type']) {
    case 'start': {
      const subscribed = subscriptions(command['subscriptions']);
      return subscribed === '' ? `${client} starts, subscribing nothing` : `${client} starts, subscribing ${subscribed}`;
    }
    case 'subscribe':
      return `${client} subscribes ${String(command['topic'])} ${JSON.stringify(command['expression'])}`;
    case 'unsubscribe':
      return `${client} unsubscribes ${String(command['topic'])}`;
    case 'heartbeat':
      return `${client} sends a heartbeat`;
    case 'rebalance':
      return `${client} rebalances`;
    case 'pull':
      return command['queue'] === undefined ? `${client} pulls (its first queue with new messages)` : `${client} pulls ${queueName(command['queue'])}`;
    case 'shutdown':
      return `${client} shuts down`;
    case 'produce': {
      const queue = `${String(command['topic'])}/${typeof command['broker'] === 'string' ? command['broker'] : firstBroker(setup)}/${String(command['queueId'])}`;
      const count = typeof command['count'] === 'number' ? command['count'] : 1;
      const tag = typeof command['tags'] === 'string' ? ` tagged ${JSON.stringify(command['tags'])}` : '';
      if (count !== 1) return `${count} messages${tag === '' ? ' (untagged)' : tag} are produced to ${queue}`;
      return `${tag === '' ? 'an untagged message' : `a message${tag}`} is produced to ${queue}`;
    }
    case 'commitLogGrows': {
      const broker = typeof command['broker'] === 'string' ? command['broker'] : firstBroker(setup);
      return `${broker}'s commit log outgrows its in-memory window: every message it stored so far is read from disk`;
    }
    case 'allocate': {
      const cidAll = Array.isArray(command['cidAll']) ? `[${command['cidAll'].map(String).join(', ')}]` : 'null';
      return `${String(command['currentCID'])} allocates ${queues(command['mqAll'])} with cidAll ${cidAll}`;
    }
    case 'deliver': {
      const tagged = typeof command['tags'] === 'string' ? `a message tagged ${JSON.stringify(command['tags'])}` : 'an untagged message';
      return `the broker filters ${tagged} with the group's subscription ${JSON.stringify(command['subscription'])}; the client's own expression is ${JSON.stringify(command['own'])}`;
    }
    case 'buildSubscriptionData':
      return `build the subscription data of ${String(command['topic'])} from ${JSON.stringify(command['expression'])}`;
    case 'hashCode':
      return `hashCode(${JSON.stringify(command['value'])})`;
    default:
      return undefined;
  }
}
