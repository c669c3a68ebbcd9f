/**
 * A lane chart as a Mermaid `gantt` block (GitHub renders it): one section per lane, one task per bar, time in
 * steps. Steps are fed to Mermaid as milliseconds (`dateFormat x`, `axisFormat %-L`) because that is the one time
 * unit its gantt charts lay out exactly from 0; the violating step is a milestone of its own.
 */
import type { LaneBar, LaneChart, LaneRow } from '../diagrams/lane-chart.js';

/** A task or section name Mermaid accepts: no `:` (it starts the task's data), `#` or `;`, one line. */
function safe(text: string): string {
  return text.replace(/[:#;]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Mermaid's task tags by tone: red for the bad fates, grey-green for delivered, highlighted while waiting. */
function tags(bar: LaneBar): string {
  switch (bar.tone) {
    case 'skipped':
    case 'orphaned':
    case 'contested':
      return 'crit, ';
    case 'delivered':
      return 'done, ';
    case 'pending':
      return 'active, ';
    default:
      return '';
  }
}

/** The task name of a bar: the row, then what the bar shows unless the row already says it. */
function taskName(row: LaneRow, bar: LaneBar): string {
  return safe(bar.label === 'held' ? row.label : `${row.label} → ${bar.label}`);
}

/** The fenced Mermaid block of a lane chart, with the violating step marked. */
export function mermaidLanes(chart: LaneChart, violating: number, propertyId: string): string {
  const lines = ['```mermaid', 'gantt', '  dateFormat x', '  axisFormat %-L', '  tickInterval 1millisecond'];
  let task = 0;
  for (const lane of chart.lanes) {
    lines.push(`  section ${safe(lane.title)}`);
    for (const row of lane.rows) {
      for (const bar of row.bars) lines.push(`  ${taskName(row, bar)} :${tags(bar)}t${++task}, ${bar.from}, ${bar.to}`);
    }
  }
  lines.push('  section violation', `  step ${violating} violates ${safe(propertyId)} :crit, milestone, v, ${violating}, ${violating}`, '```');
  return lines.join('\n');
}
