/**
 * Which picture a hazard gets, by system: offset lines for the Kafka systems, lanes for `rocketmq.group`, and a
 * strip of steps for the others (a pure function's calls have no state over time worth drawing).
 */
import type { Trace } from '../../model/trace.js';
import { laneChart, type LaneChart } from './lane-chart.js';
import { offsetCharts, type OffsetChart } from './offset-chart.js';

/** A picture of one trace, with the violating step to mark. */
export type Diagram =
  | { readonly kind: 'offsets'; readonly charts: readonly OffsetChart[]; readonly steps: number; readonly violating: number }
  | { readonly kind: 'lanes'; readonly chart: LaneChart; readonly violating: number }
  | { readonly kind: 'steps'; readonly steps: number; readonly violating: number };

/** The picture for a trace of `system`. */
export function diagramFor(system: string, trace: Trace, violating: number): Diagram {
  const steps = trace.steps.length;
  if (system.startsWith('kafka.')) {
    const charts = offsetCharts(trace);
    if (charts.length > 0) return { kind: 'offsets', charts, steps, violating };
  }
  if (system === 'rocketmq.group') return { kind: 'lanes', chart: laneChart(trace), violating };
  return { kind: 'steps', steps, violating };
}
