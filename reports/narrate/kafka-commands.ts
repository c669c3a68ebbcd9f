/**
 * Kafka commands (`kafka.consumer`, and `kafka.group`'s, which add a `consumer` field) as short sentences for the
 * edge-case report: "consumer assigns t0-0 and zz-0", "2 records are produced to t2-0".
 */
import { isRecord } from '../../model/json.js';

type Fields = Readonly<Record<string, unknown>>;

/** `t0-0` for `{topic: 't0', partition: 0}` (with `@offset` when the entry has one). */
function partitionName(value: unknown): string {
  if (!isRecord(value)) return JSON.stringify(value) ?? '?';
  const name = `${String(value['topic'])}-${String(value['partition'])}`;
  return typeof value['offset'] === 'number' ? `${name} at ${value['offset']}` : name;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The partitions of a field, or `fallback` for an empty list (the API's "every assigned partition"). */
function partitions(value: unknown, fallback: string): string {
  return Array.isArray(value) && value.length > 0 ? listed(value.map(partitionName)) : fallback;
}

/** `n record(s)`. */
function records(count: unknown): string {
  return count === 1 ? '1 record is' : `${String(count)} records are`;
}

/** The sentence for one Kafka command, or undefined for a type this narrator does not know. */
export function narrateKafkaCommand(command: Fields): string | undefined {
  const actor = typeof command['consumer'] === 'string' ? command['consumer'] : 'consumer';
  const topics = Array.isArray(command['topics']) ? command['topics'].map(String) : [];
  switch (command['type']) {
    case 'subscribe':
      return topics.length === 0 ? `${actor} subscribes to nothing (unsubscribes)` : `${actor} subscribes to ${listed(topics)}`;
    case 'subscribePattern':
      return `${actor} subscribes to the pattern /${String(command['pattern'])}/`;
    case 'assign':
      return `${actor} assigns ${partitions(command['partitions'], 'nothing (unsubscribes)')}`;
    case 'unsubscribe':
      return `${actor} unsubscribes`;
    case 'rebalance':
      return command['partitions'] === undefined
        ? 'the coordinator rebalances the group'
        : `the coordinator hands ${actor} ${partitions(command['partitions'], 'no partitions')}`;
    case 'metadataUpdate': {
      const counts = isRecord(command['topics']) ? Object.entries(command['topics']).map(([t, n]) => `${t} (${String(n)})`) : [];
      return `metadata now lists ${counts.length === 0 ? 'no topics' : listed(counts)}`;
    }
    case 'seek':
      return `${actor} seeks ${partitionName(command['partition'])} to ${String(command['offset'])}`;
    case 'seekToBeginning':
      return `${actor} seeks ${partitions(command['partitions'], 'every assigned partition')} to the beginning`;
    case 'seekToEnd':
      return `${actor} seeks ${partitions(command['partitions'], 'every assigned partition')} to the end`;
    case 'pause':
      return `${actor} pauses ${partitions(command['partitions'], 'nothing')}`;
    case 'resume':
      return `${actor} resumes ${partitions(command['partitions'], 'nothing')}`;
    case 'pauseTopics':
    case 'resumeTopics': {
      const topics = Array.isArray(command['topics']) ? command['topics'].map(String) : [];
      return `${actor} ${command['type'] === 'pauseTopics' ? 'pauses' : 'resumes'} ${topics.length === 0 ? 'no topic' : `the whole of ${listed(topics)}`}`;
    }
    case 'poll':
      if (typeof command['maxRecords'] !== 'number') return `${actor} polls`;
      return `${actor} polls (at most ${command['maxRecords']} ${command['maxRecords'] === 1 ? 'record' : 'records'})`;
    case 'commitSync':
      return command['offsets'] === undefined ? `${actor} commits its positions` : `${actor} commits ${partitions(command['offsets'], 'nothing')}`;
    case 'position':
      return `${actor} asks for the position of ${partitionName(command['partition'])}`;
    case 'committed':
      return `${actor} asks for the committed offset of ${partitionName(command['partition'])}`;
    case 'produce':
      return `${records(command['count'])} produced to ${partitionName(command)}`;
    case 'deleteRecords':
      return `records of ${partitionName(command)} before offset ${String(command['beforeOffset'])} are deleted`;
    case 'join':
      return `${actor} joins the group`;
    case 'leave':
      return `${actor} leaves the group`;
    default:
      return undefined;
  }
}
