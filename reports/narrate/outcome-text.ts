/**
 * An outcome in a few words for a report line: `ok`, what the call returned in the system's terms (`returns
 * t2-0@0`, `NO_MATCHED_MSG, next offset 1`, `generation 2: c2 gets t2-0`), or the exception's name and message.
 * A value no summary knows is shown as short JSON.
 */
import type { Outcome } from '../../model/outcome.js';
import type { Command } from '../../model/scenario.js';
import { listed } from './kafka-commands.js';
import { isRecord } from '../../model/json.js';


/** Compact JSON cut to `maxLength` characters. */
export function shortJson(value: unknown, maxLength = 72): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

/** At most `max` items, then how many more. */
function some(items: readonly string[], max = 4): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** `t2-0@0` for a record. */
function recordName(value: unknown): string {
  return isRecord(value) ? `${String(value['topic'])}-${String(value['partition'])}@${String(value['offset'])}` : shortJson(value, 24);
}

/** `t2-0` for a partition. */
function partitionName(value: unknown): string {
  return isRecord(value) ? `${String(value['topic'])}-${String(value['partition'])}` : shortJson(value, 24);
}

/** A Kafka poll's records. */
function pollValue(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.length === 0 ? 'returns no records' : `returns ${some(value.map(recordName))}`;
}

/** A `kafka.group` rebalance: the generation and who gets what. */
function groupRebalanceValue(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value['generation'] !== 'number' || !isRecord(value['assignment'])) return undefined;
  const shares = Object.entries(value['assignment']).map(([member, partitions]) => {
    const names = Array.isArray(partitions) ? partitions.map(partitionName) : [];
    return `${member} gets ${names.length === 0 ? 'nothing' : listed(names)}`;
  });
  return `generation ${value['generation']}${shares.length === 0 ? '' : `: ${shares.join('; ')}`}`;
}

/** A RocketMQ pull: its status, the messages it returned and where the next pull starts. */
function pullValue(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value['status'] !== 'string') return undefined;
  const messages = Array.isArray(value['messages'])
    ? value['messages'].map((m) => (isRecord(m) ? `@${String(m['queueOffset'])} ${m['tags'] === null ? 'untagged' : JSON.stringify(m['tags'])}` : '?'))
    : [];
  const returned = messages.length === 0 ? '' : ` ${some(messages)};`;
  return `${value['status']},${returned} next offset ${String(value['nextBeginOffset'])}`;
}

/** A RocketMQ produce: where the message was stored. */
function produceValue(value: unknown): string | undefined {
  return isRecord(value) && typeof value['queueOffset'] === 'number' ? `stored at offset ${value['queueOffset']}` : undefined;
}

/** A RocketMQ allocation: the queues the client gets. */
function allocateValue(value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const queues = value.map((q) => (isRecord(q) ? `${String(q['topic'])}/${String(q['brokerName'])}/${String(q['queueId'])}` : '?'));
  return queues.length === 0 ? 'gets no queue' : `gets ${some(queues)}`;
}

/** The broker's and the client's verdicts on a `rocketmq.filter` delivery. */
function deliverValue(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value['broker'] !== 'boolean' || typeof value['client'] !== 'boolean') return undefined;
  const verdict = (kept: boolean): string => (kept ? 'keeps' : 'drops');
  return `tagsCode ${String(value['tagsCode'])}: the broker ${verdict(value['broker'])} it, the client filter ${verdict(value['client'])} it`;
}

/** The value of a successful call in the system's terms, or undefined when no summary applies. */
function summarize(system: string, command: Command, value: unknown): string | undefined {
  if (system.startsWith('kafka.')) {
    if (command.type === 'poll') return pollValue(value);
    if (command.type === 'rebalance') return groupRebalanceValue(value);
    if ((command.type === 'position' || command.type === 'committed') && (typeof value === 'number' || value === null)) return `returns ${String(value)}`;
  }
  if (system.startsWith('rocketmq.')) {
    if (command.type === 'pull') return pullValue(value);
    if (command.type === 'produce') return produceValue(value);
    if (command.type === 'deliver') return deliverValue(value);
    if (command.type === 'allocate') return allocateValue(value);
  }
  return undefined;
}

/** `ok`, `ok: <summary>` or `<error>: <message>`, on one line. */
export function outcomeText(outcome: Outcome, system = '', command: Command = { type: '' }): string {
  if (!outcome.ok) return outcome.message === undefined ? outcome.error : `${outcome.error}: ${outcome.message}`;
  if (outcome.value === undefined) return 'ok';
  return `ok: ${summarize(system, command, outcome.value) ?? shortJson(outcome.value)}`;
}
