/**
 * The RocketMQ picture of a `rocketmq.group` trace, as lanes over the steps: one lane per client (its own
 * subscriptions and the queues it holds), the group's table on the brokers (the filter each topic is pulled with,
 * and cidAll), each queue's owners, and each message's fate — delivered, skipped (an offset moved past it without
 * delivering it) or orphaned (nobody holds its queue), or still waiting in a held queue.
 *
 * Time runs in ticks: tick i is the moment of step i, and a bar from tick i to tick j shows a state that held after
 * step i until step j changed it (or to the end, tick n).
 */
import type { Trace } from '../../model/trace.js';
import type { ClientState } from '../../model/rocketmq/group/client-state.js';
import { ledgerEntryAt, type LedgerEntry } from '../../model/rocketmq/group/delivery-ledger.js';
import type { RocketmqGroupObservation } from '../../model/rocketmq/group/observation.js';

/** How a bar or marker is coloured, by what it shows. */
export type LaneTone = 'subscription' | 'held' | 'group' | 'members' | 'owner' | 'contested' | 'orphaned' | 'pending' | 'delivered' | 'skipped';

/** A state over ticks [from, to). */
export interface LaneBar {
  readonly from: number;
  readonly to: number;
  readonly label: string;
  readonly tone: LaneTone;
}

/** A moment: a message's fate. */
export interface LaneMarker {
  readonly at: number;
  readonly label: string;
  readonly tone: LaneTone;
}

/** One row of a lane. */
export interface LaneRow {
  readonly label: string;
  readonly bars: readonly LaneBar[];
  readonly marker?: LaneMarker;
}

/** A group of rows under one title (a client, the group table, the queues, the messages). */
export interface Lane {
  readonly title: string;
  readonly rows: readonly LaneRow[];
}

/** The whole picture. */
export interface LaneChart {
  /** The number of steps: ticks run from 0 to `steps`. */
  readonly steps: number;
  readonly lanes: readonly Lane[];
}

/** The observation after each step (tick i ↔ after step i). */
function afterSteps(trace: Trace): RocketmqGroupObservation[] {
  return trace.steps.map((step) => step.after as RocketmqGroupObservation);
}

/** Bars for the runs of equal, present values (`undefined` draws nothing). */
function runs(values: readonly (string | undefined)[], tone: (value: string) => LaneTone): LaneBar[] {
  const bars: LaneBar[] = [];
  let start = 0;
  for (let tick = 1; tick <= values.length; tick++) {
    if (tick < values.length && values[tick] === values[start]) continue;
    const value = values[start];
    if (value !== undefined) bars.push({ from: start, to: tick, label: value, tone: tone(value) });
    start = tick;
  }
  return bars;
}

/** Keys in order of first appearance over the points. */
function firstSeen(points: readonly RocketmqGroupObservation[], keys: (point: RocketmqGroupObservation) => readonly string[]): string[] {
  const seen: string[] = [];
  for (const point of points) for (const key of keys(point)) if (!seen.includes(key)) seen.push(key);
  return seen;
}

/** A client's lane: one row per topic it subscribes, one per queue it holds. */
function clientLane(points: readonly RocketmqGroupObservation[], client: string): Lane {
  const states = points.map((point): ClientState | undefined => point.clients[client]);
  const running = (state: ClientState | undefined): state is ClientState => state?.serviceState === 'RUNNING';
  const topics = firstSeen(points, (point) => Object.keys(point.clients[client]?.subscriptions ?? {}));
  const queues = firstSeen(points, (point) => Object.keys(point.clients[client]?.processQueues ?? {}));
  const subscriptionRows = topics.map((topic) => ({
    label: `subscribes ${topic}`,
    bars: runs(
      states.map((state) => (running(state) && state.subscriptions[topic] !== undefined ? JSON.stringify(state.subscriptions[topic].subString) : undefined)),
      () => 'subscription',
    ),
  }));
  const holdRows = queues.map((queue) => ({
    label: `holds ${queue}`,
    bars: runs(
      states.map((state) => (running(state) && state.processQueues[queue] !== undefined ? 'held' : undefined)),
      () => 'held',
    ),
  }));
  const stopped = states.findIndex((state) => state?.serviceState === 'SHUTDOWN_ALREADY');
  return { title: stopped === -1 ? client : `${client} (shut down at step ${stopped})`, rows: [...subscriptionRows, ...holdRows] };
}

/** The group's table: the filter of each topic, and the client list, over time. */
function groupLane(points: readonly RocketmqGroupObservation[]): Lane {
  const topics = firstSeen(points, (point) => Object.keys(point.group?.subscriptions ?? {}));
  const rows: LaneRow[] = topics.map((topic) => ({
    label: `filter of ${topic}`,
    bars: runs(
      points.map((point) => {
        const entry = point.group?.subscriptions[topic];
        return entry === undefined ? undefined : JSON.stringify(entry.subString);
      }),
      () => 'group',
    ),
  }));
  rows.push({
    label: 'cidAll',
    bars: runs(
      points.map((point) => (point.group === null ? undefined : `[${point.group.cidAll.join(', ')}]`)),
      () => 'members',
    ),
  });
  return { title: 'group table', rows };
}

/** Which running clients hold a queue at one point. */
function owners(point: RocketmqGroupObservation, queue: string): string[] {
  return Object.entries(point.clients)
    .filter(([, state]) => state.serviceState === 'RUNNING' && state.processQueues[queue] !== undefined)
    .map(([client]) => client);
}

/** Each queue's owners over time: nobody (orphaned), one client, or several (contested). */
function queueLane(points: readonly RocketmqGroupObservation[]): Lane {
  const queues = firstSeen(points, (point) => Object.keys(point.queues));
  const rows = queues.map((queue) => ({
    label: queue,
    bars: runs(
      points.map((point) => {
        const held = owners(point, queue);
        return held.length === 0 ? 'nobody' : held.join(' + ');
      }),
      (value) => (value === 'nobody' ? 'orphaned' : value.includes(' + ') ? 'contested' : 'owner'),
    ),
  }));
  return { title: 'queue owners', rows };
}

/** The first tick at which a ledger entry satisfies `test`, or -1. */
function firstTick(points: readonly RocketmqGroupObservation[], queue: string, offset: number, test: (entry: LedgerEntry) => boolean): number {
  return points.findIndex((point) => {
    const entry = ledgerEntryAt(point.ledger[queue] ?? [], offset);
    return entry !== undefined && test(entry);
  });
}

/** What happened to one message by the end of the trace, and when. */
function fate(points: readonly RocketmqGroupObservation[], queue: string, entry: LedgerEntry): LaneMarker {
  const end = points.length;
  if (entry.deliveredTo.length > 0) {
    const at = firstTick(points, queue, entry.queueOffset, (e) => e.deliveredTo.length > 0);
    const times = entry.deliveredTo.length === 1 ? '' : entry.deliveredTo.length === 2 ? ' twice' : ` ${entry.deliveredTo.length} times`;
    return { at, label: `delivered${times} to ${[...new Set(entry.deliveredTo)].join(' and ')}`, tone: 'delivered' };
  }
  const passing = entry.passedBy[0];
  if (passing !== undefined) {
    const at = firstTick(points, queue, entry.queueOffset, (e) => e.passedBy.length > 0);
    return { at, label: `skipped by ${passing.client} (${passing.by.replaceAll('-', ' ')})`, tone: 'skipped' };
  }
  const last = points.at(-1);
  const held = last === undefined ? [] : owners(last, queue);
  if (held.length === 0) return { at: end, label: `orphaned: nobody holds ${queue}`, tone: 'orphaned' };
  return { at: end, label: `waiting: ${held.join(' and ')} holds the queue`, tone: 'pending' };
}

/** One row per produced message: from its produce to its fate. */
function messageLane(points: readonly RocketmqGroupObservation[]): Lane {
  const last = points.at(-1);
  const rows: LaneRow[] = [];
  for (const [queue, entries] of Object.entries(last?.ledger ?? {})) {
    for (const entry of entries) {
      const produced = Math.max(0, firstTick(points, queue, entry.queueOffset, () => true));
      const marker = fate(points, queue, entry);
      const tag = entry.tags === null ? 'untagged' : JSON.stringify(entry.tags);
      rows.push({
        label: `${queue} @${entry.queueOffset}${entry.count === 1 ? '' : `..${entry.queueOffset + entry.count - 1}`} ${tag}`,
        bars: [{ from: produced, to: Math.max(produced + 1, marker.at), label: marker.label, tone: marker.tone }],
        marker,
      });
    }
  }
  return { title: 'messages', rows };
}

/** The lanes of a `rocketmq.group` trace; lanes without rows are left out. */
export function laneChart(trace: Trace): LaneChart {
  const points = afterSteps(trace);
  const clients = firstSeen(points, (point) => Object.keys(point.clients));
  const lanes = [...clients.map((client) => clientLane(points, client)), groupLane(points), queueLane(points), messageLane(points)];
  return { steps: points.length, lanes: lanes.filter((lane) => lane.rows.length > 0) };
}
