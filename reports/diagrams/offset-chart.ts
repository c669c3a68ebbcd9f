/**
 * The Kafka picture of a trace: per partition, the consumer's position, the group's committed offset and the log's
 * high watermark (and log start, once records are deleted) over the steps. Works on `kafka.consumer` observations
 * (one `partitions` map) and on `kafka.group` ones (a `partitions` map per member, one position line each).
 * Point 0 is the state before the first command, point i + 1 the state after step i; `null` means "none" (no
 * position yet, nothing committed, no log).
 */
import type { Trace } from '../../model/trace.js';
import { isRecord } from '../../model/json.js';

/** What a line shows. */
export type OffsetRole = 'position' | 'committed' | 'highWatermark' | 'logStart';

/** One line of a chart. */
export interface OffsetSeries {
  readonly name: string;
  readonly role: OffsetRole;
  /** One value per point: before the first step, then after each step. */
  readonly values: readonly (number | null)[];
}

/** The lines of one partition. */
export interface OffsetChart {
  /** `topic-partition`, e.g. `t0-0`. */
  readonly partition: string;
  readonly series: readonly OffsetSeries[];
}

type Fields = Readonly<Record<string, unknown>>;

/** A number field of a record field, or null. */
function numberAt(record: unknown, key: string, field?: string): number | null {
  if (!isRecord(record)) return null;
  const value = field === undefined ? record[key] : isRecord(record[key]) ? (record[key] as Fields)[field] : undefined;
  return typeof value === 'number' ? value : null;
}

/** The assigned-partition maps of an observation, by owner (`''` for the single consumer of `kafka.consumer`). */
function partitionMaps(observation: unknown): ReadonlyMap<string, Fields> {
  const maps = new Map<string, Fields>();
  if (!isRecord(observation)) return maps;
  if (isRecord(observation['partitions'])) maps.set('', observation['partitions']);
  if (isRecord(observation['members'])) {
    for (const [member, state] of Object.entries(observation['members'])) {
      if (isRecord(state) && isRecord(state['partitions'])) maps.set(member, state['partitions']);
    }
  }
  return maps;
}

/** The observations at every point: the initial one, then after each step. */
export function tracePoints(trace: Trace): readonly unknown[] {
  return [trace.initial, ...trace.steps.map((step) => step.after)];
}

/** True when a line is not flat: something happened to it. */
function moves(values: readonly (number | null)[]): boolean {
  return values.some((value) => value !== values[0]);
}

/** The position lines of one partition: one per owner that ever held it. */
function positionSeries(points: readonly unknown[], partition: string): OffsetSeries[] {
  const owners: string[] = [];
  for (const point of points) {
    for (const [owner, map] of partitionMaps(point)) if (map[partition] !== undefined && !owners.includes(owner)) owners.push(owner);
  }
  return owners.map((owner) => ({
    name: owner === '' ? 'position' : `position (${owner})`,
    role: 'position' as const,
    values: points.map((point) => numberAt(partitionMaps(point).get(owner), partition, 'position')),
  }));
}

/** The chart of one partition. */
function chartOf(points: readonly unknown[], partition: string): OffsetChart {
  const field = (point: unknown, key: string): unknown => (isRecord(point) ? point[key] : undefined);
  const committed = points.map((point) => numberAt(field(point, 'groupCommitted'), partition));
  const highWatermark = points.map((point) => numberAt(field(point, 'logs'), partition, 'highWatermark'));
  const logStart = points.map((point) => numberAt(field(point, 'logs'), partition, 'logStartOffset'));
  const series: OffsetSeries[] = [
    ...positionSeries(points, partition),
    { name: 'committed', role: 'committed', values: committed },
    { name: 'high watermark', role: 'highWatermark', values: highWatermark },
  ];
  if (logStart.some((value) => value !== null && value > 0)) series.push({ name: 'log start', role: 'logStart', values: logStart });
  return { partition, series: series.filter((s) => s.values.some((value) => value !== null)) };
}

/**
 * The charts of every partition that was assigned at some point and whose lines move (a partition where nothing
 * happened says nothing), in order of first assignment; all assigned ones when none moves.
 */
export function offsetCharts(trace: Trace): OffsetChart[] {
  const points = tracePoints(trace);
  const partitions: string[] = [];
  for (const point of points) {
    for (const map of partitionMaps(point).values()) for (const key of Object.keys(map)) if (!partitions.includes(key)) partitions.push(key);
  }
  const charts = partitions.map((partition) => chartOf(points, partition));
  const moving = charts.filter((chart) => chart.series.some((s) => moves(s.values)));
  return moving.length > 0 ? moving : charts;
}
